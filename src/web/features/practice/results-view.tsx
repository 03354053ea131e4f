import { BookOpen, Check, CheckCircle2, X, XCircle } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PASS_MARK } from '../../../domain/constants';
import { LETTERS } from '../../../domain/content/letters';
import type { Results, ReviewItem, SessionView } from '../../../domain/contracts/practice';
import { ButtonLink } from '../../components/ui/button';
import { useFocusWhenLost } from '../../components/ui/focus-return';
import { useCategoryName } from '../../i18n/category-name';
import { pick, useItemLanguage } from '../item-language/item-language';
import { ItemToolbar, speechOf } from '../item-language/item-toolbar';
import { StemText } from '../item-language/key-words';
import { ReportQuestionButton } from '../review/report-question';
import { labelOf, useSessionTitle } from './session-title';
import { StartTestButton } from './start-test-button';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

/**
 * Results that lead to the next step (issue 22): the score, then Practise the n you missed, Read the
 * weakest chapter by name, scores by content area, the category breakdown (exams, SPEC §2) and the
 * question review with Missed · All filters, the wrong choice marked ✕ and the right one ✓.
 */
export function ResultsView({
  session,
  results,
  afterSubmit = false,
}: {
  session: SessionView;
  results: Results;
  /** The results replace the test just submitted on this page (not a results page opened as it is). */
  afterSubmit?: boolean;
}) {
  const categoryName = useCategoryName();
  const intl = useIntl();
  const title = useSessionTitle()(labelOf(session));
  const isExam = session.kind === 'exam';
  // An ASE simulation reads like ASE's score report (issue 20, ADR 0021).
  const simulation = session.origin === 'simulation';
  const unscored = results.review.filter((r) => !r.scored).length;
  const missed = results.review.filter((r) => !r.correct);
  const weakest = results.areas.find((a) => a.weakest);
  // The chapter's title in the language its guide is read in (the study guide's one toggle, ADR 0024).
  const guideLanguage = useItemLanguage(`guide:${weakest?.categoryCode ?? ''}`, Boolean(weakest?.chapter?.es));
  const percent = (n: number) => intl.formatNumber(n / 100, { style: 'percent' });
  // After Submit the runner (and its button) is gone: focus the score's heading so it is announced.
  const heading = useFocusWhenLost<HTMLHeadingElement>(afterSubmit);

  return (
    <div className="space-y-6">
      <section aria-labelledby="results-title" className={`${card} text-center`}>
        <p className="text-sm font-semibold text-blue-800">{title}</p>
        <h1 ref={heading} id="results-title" className="mt-1 text-2xl font-bold">
          <FormattedMessage
            id={
              simulation
                ? 'practice.simulation.reportTitle'
                : isExam
                  ? 'practice.results.examTitle'
                  : 'practice.results.testTitle'
            }
          />
        </h1>
        <p className={`mt-3 text-6xl font-extrabold ${results.passed ? 'text-green-700' : 'text-amber-700'}`}>
          {percent(results.score)}
        </p>
        <p
          className={`mx-auto mt-3 inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-base font-semibold ${results.passed ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'}`}
        >
          {results.passed ? (
            <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
          ) : (
            <XCircle className="h-5 w-5" aria-hidden="true" />
          )}
          <FormattedMessage
            id={
              simulation
                ? results.passed
                  ? 'practice.simulation.pass'
                  : 'practice.simulation.morePrep'
                : results.passed
                  ? 'practice.results.passed'
                  : 'practice.results.notPassed'
            }
          />
        </p>
        <p className="mt-2 text-slate-800">
          <FormattedMessage
            id={simulation ? 'practice.simulation.correct' : 'practice.results.correct'}
            values={{ correct: results.correct, total: results.total, mark: PASS_MARK }}
          />
        </p>
        {simulation && unscored > 0 && (
          <p className="mt-1 text-sm text-slate-700">
            <FormattedMessage id="practice.simulation.unscoredNote" values={{ count: unscored }} />
          </p>
        )}

        <div className="mx-auto mt-6 flex max-w-md flex-col gap-3">
          {missed.length > 0 && (
            <StartTestButton
              request={{ kind: 'missed', sessionId: session.id }}
              action="practiseMissed"
              count={missed.length}
              size="lg"
              className="w-full"
            />
          )}
          {weakest?.chapter && (
            <ButtonLink
              to={`/app/study/${weakest.categoryCode}/${weakest.chapter.number}/1`}
              variant="secondary"
              size="lg"
              className="w-full py-2"
            >
              <BookOpen className="h-5 w-5 shrink-0" aria-hidden="true" />
              <span className="whitespace-normal">
                <FormattedMessage
                  id="practice.results.read"
                  values={{
                    chapter: (
                      <span lang={guideLanguage.language}>
                        {pick(guideLanguage.language, weakest.chapter.title, weakest.chapter.es?.title)}
                      </span>
                    ),
                  }}
                />
              </span>
            </ButtonLink>
          )}
          <Link
            to="/app"
            className="inline-flex min-h-11 items-center justify-center font-semibold text-blue-800 underline"
          >
            <FormattedMessage id="common.backToDashboard" />
          </Link>
        </div>
      </section>

      {results.areas.length > 0 && (
        <section aria-labelledby="areas-title" className={card}>
          <h2 id="areas-title" className="text-lg font-semibold">
            <FormattedMessage id={simulation ? 'practice.simulation.areas' : 'practice.results.areas'} />
          </h2>
          <ul className="mt-3 divide-y divide-slate-100">
            {results.areas.map((a) => (
              <li key={`${a.categoryCode}-${a.area}`} className="py-3">
                <div className="flex items-baseline justify-between gap-3">
                  <p className="min-w-0">
                    {isExam && !session.category && <span className="font-semibold">{a.categoryCode} </span>}
                    {a.area}
                  </p>
                  <p className="shrink-0 font-semibold tabular-nums">
                    <FormattedMessage
                      id={simulation ? 'practice.simulation.areaScore' : 'practice.results.areaScore'}
                      values={{ correct: a.correct, total: a.total }}
                    />
                  </p>
                </div>
                <div className="mt-2 flex items-center gap-3">
                  <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                    <div
                      className={`h-full ${a.weakest ? 'bg-amber-600' : 'bg-blue-700'}`}
                      style={{ width: `${(a.correct / a.total) * 100}%` }}
                    />
                  </div>
                  {a.weakest && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      <FormattedMessage id="practice.results.weakest" />
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}

      {isExam && !simulation && (
        <section aria-labelledby="breakdown-title" className={card}>
          <h2 id="breakdown-title" className="text-lg font-semibold">
            <FormattedMessage id="practice.results.breakdown" />
          </h2>
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2">
                  <FormattedMessage id="practice.results.category" />
                </th>
                <th scope="col" className="py-2">
                  <FormattedMessage id="practice.results.correctColumn" />
                </th>
                <th scope="col" className="py-2 text-right">
                  <FormattedMessage id="practice.results.score" />
                </th>
              </tr>
            </thead>
            <tbody>
              {results.breakdown.map((b) => (
                <tr key={b.categoryCode} className="border-b border-slate-100">
                  <td className="py-2">
                    {b.categoryCode} {categoryName(b.categoryCode, b.categoryName)}
                  </td>
                  <td className="py-2 tabular-nums">
                    <FormattedMessage id="practice.results.areaScore" values={{ correct: b.correct, total: b.total }} />
                  </td>
                  <td className="py-2 text-right tabular-nums">{percent(Math.round((b.correct / b.total) * 100))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <Review items={results.review} missedCount={missed.length} />
    </div>
  );
}

function Review({ items, missedCount }: { items: ReviewItem[]; missedCount: number }) {
  const [filter, setFilter] = useState<'missed' | 'all'>(missedCount > 0 ? 'missed' : 'all');
  const shown = filter === 'missed' ? items.filter((i) => !i.correct) : items;
  return (
    <section aria-labelledby="review-title" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="review-title" className="text-lg font-semibold">
          <FormattedMessage id="practice.review.title" />
        </h2>
        <div className="flex gap-2">
          {(['missed', 'all'] as const).map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={`min-h-11 rounded-full px-4 text-sm font-semibold ring-1 ${filter === f ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}
            >
              <FormattedMessage
                id={f === 'missed' ? 'practice.review.missed' : 'practice.review.all'}
                values={{ count: f === 'missed' ? missedCount : items.length }}
              />
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="mt-4 text-slate-700">
          <FormattedMessage id="practice.review.noneMissed" />
        </p>
      ) : (
        <ol className="mt-4 space-y-4">
          {shown.map((item) => (
            <ReviewCard key={item.position} item={item} />
          ))}
        </ol>
      )}
    </section>
  );
}

function ReviewCard({ item: english }: { item: ReviewItem }) {
  const intl = useIntl();
  const itemLanguage = useItemLanguage(english.questionId, english.es !== null);
  const words = pick(itemLanguage.language, english, english.es);
  const item = { ...english, ...words };
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <ItemToolbar
        state={itemLanguage}
        speech={speechOf(item.question, item.options, [item.explanation, item.whyWrong])}
      />
      <p className="flex items-start gap-2">
        {item.correct ? (
          <CheckCircle2
            role="img"
            className="mt-0.5 h-5 w-5 shrink-0 text-green-700"
            aria-label={intl.formatMessage({ id: 'practice.review.correct' })}
          />
        ) : (
          <XCircle
            role="img"
            className="mt-0.5 h-5 w-5 shrink-0 text-red-700"
            aria-label={intl.formatMessage({ id: 'practice.review.incorrect' })}
          />
        )}
        <span lang={itemLanguage.language}>
          <span className="font-semibold">{item.position + 1}.</span>{' '}
          <StemText text={item.question} language={itemLanguage.language} />
          {!item.scored && (
            <span className="ml-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              <FormattedMessage id="practice.simulation.unscoredItem" />
            </span>
          )}
        </span>
      </p>
      <ul className="mt-3 space-y-1.5 text-sm">
        {LETTERS.map((letter) => {
          const isKey = item.correctAnswer === letter;
          const isChosen = item.selected === letter;
          return (
            <li
              key={letter}
              className={`flex items-start gap-2 rounded-lg px-2 py-1.5 ${isKey ? 'bg-green-50 font-medium text-green-900' : isChosen ? 'bg-red-50 text-red-900' : 'text-slate-800'}`}
            >
              <span className="flex w-5 shrink-0 justify-center pt-0.5">
                {isKey ? (
                  <Check className="h-4 w-4" aria-label={intl.formatMessage({ id: 'practice.review.correctMark' })} />
                ) : isChosen ? (
                  <X
                    role="img"
                    className="h-4 w-4"
                    aria-label={intl.formatMessage({ id: 'practice.review.wrongMark' })}
                  />
                ) : null}
              </span>
              <span>
                <span className="font-semibold">{letter}.</span>{' '}
                <span lang={itemLanguage.language}>{item.options[letter]}</span>
                {isChosen && (
                  <span className="ml-1 text-xs font-semibold uppercase">
                    <FormattedMessage id="practice.review.yourAnswer" />
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {!item.selected && (
        <p className="mt-2 text-sm font-medium text-slate-800">
          <FormattedMessage id="practice.review.notAnswered" />
        </p>
      )}
      {item.explanation ? (
        <p className="mt-3 text-sm text-slate-800" lang={itemLanguage.language}>
          {item.explanation}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          <FormattedMessage id="practice.review.keyHidden" />
        </p>
      )}
      {item.whyWrong && (
        <p className="mt-2 text-sm text-slate-800">
          <span className="font-semibold">
            <FormattedMessage id="practice.review.whyWrong" values={{ letter: item.selected }} />{' '}
          </span>
          <span lang={itemLanguage.language}>{item.whyWrong}</span>
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link
          className="inline-flex min-h-11 items-center font-medium text-blue-800 underline"
          to={`/app/study/${item.categoryCode}/${item.studyChapter}/1`}
        >
          <FormattedMessage
            id="practice.review.studyLink"
            values={{ code: item.categoryCode, chapter: item.studyChapter }}
          />
        </Link>
        {/* Issue 20: report a question from any review screen. */}
        <ReportQuestionButton questionId={item.questionId} />
      </div>
    </li>
  );
}
