import { FormattedMessage, useIntl } from 'react-intl';
import type { AssignedTest } from '../../../../domain/contracts/practice';
import { useCategoryName } from '../../../i18n/category-name';
import { StartTestButton } from '../../practice/start-test-button';
import { card } from './card';

/** SPEC §4 assignment labels, as the server sends them, to their catalogue keys. */
const STATUS = {
  'Not Started': 'tech.assigned.status.notStarted',
  'In Progress': 'tech.assigned.status.inProgress',
  Overdue: 'tech.assigned.status.overdue',
  Completed: 'tech.assigned.status.completed',
} as const;

/** Assigned Tests (SPEC §2): only for a technician with a shop; Start Test resumes a test under way. */
export function AssignedTestsSection({ assignments }: { assignments: AssignedTest[] }) {
  const categoryName = useCategoryName();
  const intl = useIntl();
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
                      className={`rounded-full px-2 py-0.5 ${a.status === 'Overdue' ? 'bg-red-100 text-red-900' : a.status === 'In Progress' ? 'bg-blue-100 text-blue-900' : 'bg-slate-100 text-slate-800'}`}
                    >
                      <FormattedMessage id={STATUS[a.status]} />
                    </span>
                    {a.dueSoon && (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900">
                        <FormattedMessage id="tech.assigned.dueSoon" />
                      </span>
                    )}
                  </p>
                </div>
                <StartTestButton
                  request={{ kind: 'category', categoryId: a.category.id, assignmentId: a.id }}
                  openSessionId={a.openSessionId}
                  context={intl.formatMessage({ id: 'tech.assigned.context' }, { name })}
                  className="w-full sm:w-auto"
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
