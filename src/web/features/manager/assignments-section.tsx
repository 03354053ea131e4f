import { ClipboardPlus } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AssignmentRow } from '../../../domain/contracts/manager';
import { QueryView, Section } from '../../components/section';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { ErrorBox } from '../../components/ui/form';
import { useCategoryName } from '../../i18n/category-name';
import { useErrorText } from '../../i18n/i18n-provider';
import { type Refresh, useAssignments } from './api';
import { AssignmentStatusBadge } from './status-badge';

/** Test Assignments (docs/PRODUCT.md#assignments): technician, category, due date, status (with due soon) and notes. */
export function AssignmentsSection({
  refresh,
  wall,
  onAssign,
}: {
  refresh: Refresh;
  wall: boolean;
  onAssign: () => void;
}) {
  const intl = useIntl();
  const categoryName = useCategoryName();
  const assignments = useAssignments(refresh);
  const table = (rows: AssignmentRow[]) => (
    <>
      <DataTable
        look="divided"
        label={intl.formatMessage({ id: 'manager.assignments.title' })}
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'technician',
            header: <FormattedMessage id="manager.assignments.technician" />,
            rowHeader: true,
            cell: (row) => row.technician.fullName,
          },
          {
            key: 'category',
            header: <FormattedMessage id="manager.assignments.category" />,
            cell: (row) => `${row.category.code} ${categoryName(row.category.code, row.category.name)}`,
          },
          {
            key: 'due',
            header: <FormattedMessage id="manager.assignments.dueDate" />,
            className: 'whitespace-nowrap',
            cell: (row) => intl.formatDate(row.dueDate, { dateStyle: 'medium' }),
          },
          {
            key: 'status',
            header: <FormattedMessage id="manager.assignments.status" />,
            cell: (row) => (
              <>
                <AssignmentStatusBadge status={row.status} dueSoon={row.dueSoon} />
                <Attempts row={row} />
              </>
            ),
          },
          {
            key: 'notes',
            header: <FormattedMessage id="manager.assignments.notes" />,
            className: 'text-slate-700',
            cell: (row) => row.notes ?? '—',
          },
        ]}
        phone={{
          below: 'sm',
          cards: (
            <ul className="space-y-3">
              {rows.map((row) => (
                <li key={row.id} className="rounded-xl p-3 ring-1 ring-slate-200">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 className="font-semibold">{row.technician.fullName}</h3>
                    <AssignmentStatusBadge status={row.status} dueSoon={row.dueSoon} />
                  </div>
                  <p className="text-sm">
                    {row.category.code} {categoryName(row.category.code, row.category.name)}
                  </p>
                  <p className="text-sm text-slate-700">
                    <FormattedMessage
                      id="manager.assignments.due"
                      values={{ date: intl.formatDate(row.dueDate, { dateStyle: 'medium' }) }}
                    />
                  </p>
                  <Attempts row={row} />
                  {row.notes && <p className="mt-1 text-sm text-slate-700">{row.notes}</p>}
                </li>
              ))}
            </ul>
          ),
        }}
      />
      <ShowMore pages={assignments} shown={rows.length} />
    </>
  );
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
      {/* A "Show more" that fails keeps the rows shown; ShowMore says what went wrong and can try again. */}
      {assignments.data && assignments.isFetchNextPageError ? (
        table(assignments.data)
      ) : (
        <QueryView
          query={assignments}
          isEmpty={(rows) => rows.length === 0}
          empty={<FormattedMessage id={wall ? 'manager.assignments.emptyWall' : 'manager.assignments.empty'} />}
        >
          {table}
        </QueryView>
      )}
    </Section>
  );
}

/** The latest attempt's score and how many were submitted; nothing before the first. */
function Attempts({ row }: { row: AssignmentRow }) {
  const intl = useIntl();
  if (row.lastScore === null) return null;
  return (
    <p className="mt-1 text-xs text-slate-700">
      <FormattedMessage
        id="manager.assignments.lastScore"
        values={{ score: intl.formatNumber(row.lastScore / 100, { style: 'percent' }), attempts: row.attempts }}
      />
    </p>
  );
}

/**
 * How many rows are shown (read out as pages arrive) and, while the server has more, "Show more" for
 * the next page (older completed assignments); a page that fails to load says so here and can be tried again.
 */
function ShowMore({ pages, shown }: { pages: ReturnType<typeof useAssignments>; shown: number }) {
  const errorText = useErrorText();
  return (
    <div className="mt-4 space-y-2">
      {pages.isFetchNextPageError && <ErrorBox message={errorText(pages.error)} />}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700" aria-live="polite">
          <FormattedMessage
            id={pages.hasNextPage ? 'manager.assignments.shownMore' : 'manager.assignments.shownAll'}
            values={{ count: shown }}
          />
        </p>
        {pages.hasNextPage && (
          <Button
            variant="secondary"
            className="min-h-11 w-full sm:w-auto"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            <FormattedMessage id={pages.isFetchingNextPage ? 'common.loading' : 'manager.assignments.showMore'} />
          </Button>
        )}
      </div>
    </div>
  );
}
