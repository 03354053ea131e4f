import { FormattedMessage } from 'react-intl';
import type { AssignmentDisplayStatus } from '../../../domain/assignment-status';

/** Assignment status labels (docs/PRODUCT.md#assignments). */
const STATUS: Record<AssignmentDisplayStatus, { id: string; className: string }> = {
  'Not Started': { id: 'manager.status.notStarted', className: 'bg-slate-100 text-slate-800' },
  'In Progress': { id: 'manager.status.inProgress', className: 'bg-blue-100 text-blue-900' },
  // An attempt below the pass mark, not a test under way.
  'Not Passed Yet': { id: 'manager.status.notPassedYet', className: 'bg-amber-100 text-amber-900' },
  Completed: { id: 'manager.status.completed', className: 'bg-green-100 text-green-900' },
  Overdue: { id: 'manager.status.overdue', className: 'bg-red-100 text-red-900' },
};

export function AssignmentStatusBadge({ status, dueSoon }: { status: AssignmentDisplayStatus; dueSoon: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1 text-xs font-semibold">
      <span className={`rounded-full px-2 py-0.5 ${STATUS[status].className}`}>
        <FormattedMessage id={STATUS[status].id} />
      </span>
      {dueSoon && (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-amber-900">
          <FormattedMessage id="manager.status.dueSoon" />
        </span>
      )}
    </span>
  );
}
