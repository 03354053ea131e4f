import { BookOpen, CheckCircle2, XCircle } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import { PASS_MARK } from '../../../domain/constants';
import type { Results, SessionView } from '../../../domain/contracts/practice';
import { ButtonLink } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { useFocusWhenLost } from '../../components/ui/focus-return';
import { useAreaName } from '../../i18n/area-name';
import { useCategoryName } from '../../i18n/category-name';
import { pick, useItemLanguage } from '../item-language';
import { AssignmentNote } from './assignment-note';
import { MistakeStepper } from './mistake-stepper';
import { MISTAKE_PARAM, ResultsReview } from './results-review';
import { labelOf, useSessionTitle } from './session-title';
import { StartTestButton } from './start-test-button';

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6';

/**
 * Results that lead to the next step: the score, then Practise the n you missed, Read the
 * weakest chapter by name, scores by content area, the category breakdown (exams) and the
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
  const areaName = useAreaName();
  const intl = useIntl();
  const title = useSessionTitle()(labelOf(session));
  const isExam = session.kind === 'exam';
  // An ASE simulation reads like ASE's score report (ADR 0021).
  const simulation = session.origin === 'simulation';
  const unscored = results.review.filter((r) => !r.scored).length;
  const missed = results.review.filter((r) => !r.correct);
  const weakest = results.areas.find((a) => a.weakest);
  // The chapter's title in the language its guide is read in (the study guide's one toggle, ADR 0024).
  const guideLanguage = useItemLanguage(`guide:${weakest?.categoryCode ?? ''}`, Boolean(weakest?.chapter?.es));
  const percent = (n: number) => intl.formatNumber(n / 100, { style: 'percent' });
  // After Submit the runner (and its button) is gone: focus the score's heading so it is announced.
  const heading = useFocusWhenLost<HTMLHeadingElement>(afterSubmit);
  // "Step through mistakes": ?mistake=n shows the n-th missed question alone.
  const location = useLocation();
  const step = Number(new URLSearchParams(location.search).get(MISTAKE_PARAM));
  if (Number.isInteger(step) && step >= 1 && step <= missed.length) {
    return <MistakeStepper title={title} missed={missed} index={step - 1} />;
  }

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
        {session.assignment && <AssignmentNote assignment={session.assignment} />}

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
                    {areaName(a.categoryCode, a.area)}
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
          <DataTable
            className="mt-3"
            rows={results.breakdown}
            rowKey={(b) => b.categoryCode}
            columns={[
              {
                key: 'category',
                header: <FormattedMessage id="practice.results.category" />,
                cell: (b) => `${b.categoryCode} ${categoryName(b.categoryCode, b.categoryName)}`,
              },
              {
                key: 'correct',
                header: <FormattedMessage id="practice.results.correctColumn" />,
                className: 'tabular-nums',
                cell: (b) => (
                  <FormattedMessage id="practice.results.areaScore" values={{ correct: b.correct, total: b.total }} />
                ),
              },
              {
                key: 'score',
                header: <FormattedMessage id="practice.results.score" />,
                align: 'end',
                className: 'tabular-nums',
                cell: (b) => percent(Math.round((b.correct / b.total) * 100)),
              },
            ]}
          />
        </section>
      )}

      <ResultsReview items={results.review} missedCount={missed.length} />
    </div>
  );
}
