import { ClipboardPlus } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { useAssignments } from './api';
import { QueryView, ScrollTable, Section } from './section';
import { AssignmentStatusBadge } from './status-badge';

/** SPEC §2 Test Assignments: technician, category, due date, status (with due soon) and notes. */
export function AssignmentsSection({
  refresh,
  wall,
  onAssign,
}: {
  refresh: { refetchInterval?: number };
  wall: boolean;
  onAssign: () => void;
}) {
  const intl = useIntl();
  const assignments = useAssignments(refresh);
  return (
    <Section
      id="assignments-title"
      title={<FormattedMessage id="manager.assignments.title" />}
      actions={
        !wall && (
          <Button className="min-h-12" onClick={onAssign}>
            <ClipboardPlus className="h-4 w-4" aria-hidden="true" />
            <FormattedMessage id="manager.assign.open" />
          </Button>
        )
      }
    >
      <QueryView
        query={assignments}
        isEmpty={(rows) => rows.length === 0}
        empty={<FormattedMessage id={wall ? 'manager.assignments.emptyWall' : 'manager.assignments.empty'} />}
      >
        {(rows) => (
          <ScrollTable label={intl.formatMessage({ id: 'manager.assignments.title' })}>
            <table className="w-full min-w-[40rem] text-sm">
              <thead className="border-b border-slate-200 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    <FormattedMessage id="manager.assignments.technician" />
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    <FormattedMessage id="manager.assignments.category" />
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    <FormattedMessage id="manager.assignments.dueDate" />
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    <FormattedMessage id="manager.assignments.status" />
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    <FormattedMessage id="manager.assignments.notes" />
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" className="px-2 py-2 text-left font-semibold">
                      {row.technician.fullName}
                    </th>
                    <td className="px-2 py-2">
                      {row.category.code} {row.category.name}
                    </td>
                    <td className="px-2 py-2 whitespace-nowrap">
                      {intl.formatDate(row.dueDate, { dateStyle: 'medium' })}
                    </td>
                    <td className="px-2 py-2">
                      <AssignmentStatusBadge status={row.status} dueSoon={row.dueSoon} />
                    </td>
                    <td className="px-2 py-2 text-slate-700">{row.notes ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </QueryView>
    </Section>
  );
}
