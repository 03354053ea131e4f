import { FormattedMessage, useIntl } from 'react-intl';
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
