import { FormattedMessage, useIntl } from 'react-intl';
import { PASS_MARK } from '../../../../domain/constants';
import type { AssignedTest } from '../../../../domain/contracts/practice';
import { useCategoryName } from '../../../i18n/category-name';
import { StartTestButton } from '../../practice';
import { card } from './card';

/** Assignment labels (docs/PRODUCT.md#assignments), as the server sends them, to their catalogue keys. */
const STATUS = {
  'Not Started': 'tech.assigned.status.notStarted',
  'In Progress': 'tech.assigned.status.inProgress',
  'Not Passed Yet': 'tech.assigned.status.notPassedYet',
  Overdue: 'tech.assigned.status.overdue',
  Completed: 'tech.assigned.status.completed',
} as const;

const STATUS_COLOUR: Partial<Record<AssignedTest['status'], string>> = {
  Overdue: 'bg-red-100 text-red-900',
  'In Progress': 'bg-blue-100 text-blue-900',
  'Not Passed Yet': 'bg-amber-100 text-amber-900',
};

/**
 * Assigned Tests (docs/PRODUCT.md#assignments): only for a technician with a shop; Start Test resumes a test under way. After an
 * attempt below the pass mark it says so, with the score and attempts, and offers Try again and practising the
 * questions missed first, instead of a Start Test that silently began a new attempt.
 */
export function AssignedTestsSection({ assignments }: { assignments: AssignedTest[] }) {
  const categoryName = useCategoryName();
  const intl = useIntl();
  const percent = (n: number) => intl.formatNumber(n / 100, { style: 'percent' });
  return (
    <section aria-labelledby="assigned-title">
      <h2 id="assigned-title" className="text-xl font-semibold">
        <FormattedMessage id="tech.assigned.title" />
      </h2>
      {assignments.length === 0 ? (
        <p className="mt-3 text-slate-700">
          <FormattedMessage id="tech.assigned.empty" />
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {assignments.map((a) => {
            const name = `${a.category.code} ${categoryName(a.category.code, a.category.name)}`;
            const context = intl.formatMessage({ id: 'tech.assigned.context' }, { name });
            const failed = a.openSessionId ? null : a.lastAttempt;
            return (
              <li key={a.id} className={`${card} flex flex-wrap items-center justify-between gap-3`}>
                <div>
                  <p className="font-semibold">{name}</p>
                  <p className="text-sm text-slate-700">
                    <FormattedMessage
                      id="tech.assigned.due"
                      values={{ date: intl.formatDate(new Date(a.dueDate), { dateStyle: 'medium' }) }}
                    />
                    {a.notes ? ` · ${a.notes}` : ''}
                  </p>
                  <p className="mt-1 flex gap-2 text-xs font-semibold">
                    <span
                      className={`rounded-full px-2 py-0.5 ${STATUS_COLOUR[a.status] ?? 'bg-slate-100 text-slate-800'}`}
                    >
                      <FormattedMessage id={STATUS[a.status]} />
                    </span>
                    {a.dueSoon && (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900">
                        <FormattedMessage id="tech.assigned.dueSoon" />
                      </span>
                    )}
                  </p>
                  {failed && (
                    <p className="mt-1 text-sm font-medium text-amber-900">
                      <FormattedMessage
                        id="tech.assigned.lastScore"
                        values={{ score: percent(failed.score), mark: percent(PASS_MARK), attempts: a.attempts }}
                      />
                    </p>
                  )}
                </div>
                <div className="flex w-full flex-col gap-2 sm:w-auto">
                  <StartTestButton
                    request={{ kind: 'category', categoryId: a.category.id, assignmentId: a.id }}
                    openSessionId={a.openSessionId}
                    action={failed ? 'tryAgain' : 'startTest'}
                    context={context}
                    className="w-full sm:w-auto"
                  />
                  {failed && failed.missed > 0 && (
                    <StartTestButton
                      request={{ kind: 'missed', sessionId: failed.sessionId }}
                      action="practiseMissedFirst"
                      count={failed.missed}
                      context={context}
                      variant="secondary"
                      className="w-full sm:w-auto"
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
