import { CheckCircle2, XCircle } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { PASS_MARK } from '../../../domain/constants';
import type { Results, SessionView } from '../../../domain/contracts/practice';
import { ButtonLink } from '../../components/ui/button';

/** Score, pass/fail at 70, correct/total, category breakdown and per-question review (SPEC §2). */
export function ResultsView({ session, results }: { session: SessionView; results: Results }) {
  const isExam = session.kind === 'exam';
  return (
    <div className="space-y-6">
      <section
        aria-labelledby="results-title"
        className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10"
      >
        <h1 id="results-title" className="text-2xl font-bold">
          {isExam ? 'Exam Results' : 'Test Results'}
        </h1>
        <p className={`mt-4 text-6xl font-extrabold ${results.passed ? 'text-green-700' : 'text-amber-700'}`}>
          {results.score}%
        </p>
        <p className="mt-2 text-lg font-semibold">{results.passed ? 'Passed' : 'Not passed'}</p>
        <p className="mt-1 text-slate-800">
          {results.correct} of {results.total} correct · pass mark {PASS_MARK}%
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/app">Back to Dashboard</ButtonLink>
          {session.category && (
            <ButtonLink to={`/app/study/${session.category.code}`} variant="secondary">
              Study {session.category.code}
            </ButtonLink>
          )}
        </div>
      </section>

      {isExam && (
        <section aria-labelledby="breakdown-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="breakdown-title" className="text-lg font-semibold">
            Category Breakdown
          </h2>
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2">
                  Category
                </th>
                <th scope="col" className="py-2">
                  Correct
                </th>
                <th scope="col" className="py-2">
                  Score
                </th>
              </tr>
            </thead>
            <tbody>
              {results.breakdown.map((b) => (
                <tr key={b.categoryCode} className="border-b border-slate-100">
                  <td className="py-2">
                    {b.categoryCode} {b.categoryName}
                  </td>
                  <td className="py-2">
                    {b.correct} / {b.total}
                  </td>
                  <td className="py-2">{Math.round((b.correct / b.total) * 100)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <section aria-labelledby="review-title" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="review-title" className="text-lg font-semibold">
          Question Review
        </h2>
        <ol className="mt-4 space-y-4">
          {results.review.map((item) => (
            <li key={item.position} className="rounded-xl border border-slate-200 p-4">
              <p className="flex items-start gap-2 font-semibold">
                {item.correct ? (
                  <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-label="Correct" />
                ) : (
                  <XCircle className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-label="Incorrect" />
                )}
                <span>
                  {item.position + 1}. {item.question}
                </span>
              </p>
              <p className="mt-2 text-sm text-slate-800">
                Your answer:{' '}
                {item.selected ? `${item.selected}. ${item.options[item.selected]}` : <em>Not answered</em>}
              </p>
              {!item.correct && item.correctAnswer && (
                <p className="mt-1 text-sm font-medium text-green-800">
                  Correct answer: {item.correctAnswer}. {item.options[item.correctAnswer]}
                </p>
              )}
              {item.explanation ? (
                <p className="mt-2 text-sm text-slate-800">{item.explanation}</p>
              ) : (
                <p className="mt-2 text-sm text-slate-700">
                  <FormattedMessage id="practice.review.keyHidden" />
                </p>
              )}
              {item.whyWrong && (
                <p className="mt-2 text-sm text-slate-800">
                  <span className="font-semibold">Why {item.selected} is wrong: </span>
                  {item.whyWrong}
                </p>
              )}
              <p className="mt-2 text-sm">
                <Link
                  className="font-medium text-blue-800 underline"
                  to={`/app/study/${item.categoryCode}/${item.studyChapter}/1`}
                >
                  Study guide: {item.categoryCode} Chapter {item.studyChapter}
                </Link>
              </p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
