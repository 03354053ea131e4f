import { ClipboardList } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { assignmentDisplayStatus } from '../../../domain/assignment-status';
import { PASS_MARK } from '../../../domain/constants';
import type { SessionView } from '../../../domain/contracts/practice';

/**
 * On an assigned test's results: who assigned it and what completes it, so a score under the pass
 * mark reads as "not yet" rather than as a test still under way.
 */
export function AssignmentNote({ assignment }: { assignment: NonNullable<SessionView['assignment']> }) {
  const intl = useIntl();
  return (
    <p className="mt-2 text-sm text-slate-800">
      <FormattedMessage
        id={assignment.completed ? 'practice.results.assignment.completed' : 'practice.results.assignment.notYet'}
        values={{
          name: assignment.assignedBy,
          mark: intl.formatNumber(PASS_MARK / 100, { style: 'percent' }),
          attempts: assignment.attempts,
        }}
      />
    </p>
  );
}

/**
 * In the runner of an assigned test: that it is assigned, by whom and when it is due (overdue once the day has
 * passed, as the dashboard says it), so it does not read as one more self-started "A5 Brakes".
 */
export function AssignedTestContext({ assignment }: { assignment: NonNullable<SessionView['assignment']> }) {
  const intl = useIntl();
  const due = new Date(assignment.dueDate);
  const overdue = assignmentDisplayStatus('in_progress', due, new Date()) === 'Overdue';
  return (
    <p
      className={`mb-3 flex items-start gap-2 rounded-lg px-3 py-2 text-sm ring-1 ${
        overdue ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-blue-50 text-blue-950 ring-blue-200'
      }`}
    >
      <ClipboardList className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        <FormattedMessage
          id="practice.runner.assigned"
          values={{ name: assignment.assignedBy, overdue, date: intl.formatDate(due, { dateStyle: 'medium' }) }}
        />
      </span>
    </p>
  );
}
