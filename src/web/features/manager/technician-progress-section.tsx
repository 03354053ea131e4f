import { ArrowDown, ArrowUp, ArrowUpDown, Award, BarChart3, ClipboardPlus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ASE_AREAS } from '../../../domain/ase-areas';
import type { TechnicianProgress } from '../../../domain/contracts/manager';
import {
  type CATEGORY_CODES,
  type HeatLevel,
  heatLevel,
  type ProgressSortKey,
  type SortDirection,
  sortProgressRows,
} from '../../../domain/technician-progress';
import { Button, ButtonLink } from '../../components/ui/button';
import { useTechnicianProgress } from './api';
import { QueryView, ScrollTable, Section } from './section';

/** Colour bands of the heat row; each cell also shows its number, and the legend names the bands. */
const HEAT_CLASS: Record<HeatLevel, string> = {
  none: 'bg-slate-100 text-slate-600',
  weak: 'bg-red-100 text-red-900 ring-1 ring-red-300',
  developing: 'bg-amber-100 text-amber-900 ring-1 ring-amber-300',
  passing: 'bg-green-100 text-green-900 ring-1 ring-green-300',
  strong: 'bg-green-700 text-white',
};
const HEAT_LABEL: Record<Exclude<HeatLevel, 'none'>, string> = {
  weak: 'manager.heat.weak',
  developing: 'manager.heat.developing',
  passing: 'manager.heat.passing',
  strong: 'manager.heat.strong',
};

const COLUMNS: { key: Exclude<ProgressSortKey, (typeof CATEGORY_CODES)[number]>; label: string }[] = [
  { key: 'name', label: 'manager.progress.technician' },
  { key: 'testsTaken', label: 'manager.progress.testsTaken' },
  { key: 'averageScore', label: 'manager.progress.average' },
  { key: 'passRate', label: 'manager.progress.passRate' },
  { key: 'lastActivity', label: 'manager.progress.lastActivity' },
];

function SortHeader({
  label,
  column,
  sort,
  onSort,
  className = '',
}: {
  label: ReactNode;
  column: ProgressSortKey;
  sort: { key: ProgressSortKey; direction: SortDirection };
  onSort: (key: ProgressSortKey) => void;
  className?: string;
}) {
  const active = sort.key === column;
  const Icon = active ? (sort.direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
      className={`px-1 py-2 text-left font-semibold whitespace-nowrap ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex min-h-11 items-center gap-1 rounded px-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {label}
        <Icon className={`h-3.5 w-3.5 ${active ? '' : 'text-slate-400'}`} aria-hidden="true" />
      </button>
    </th>
  );
}

/**
 * SPEC §2 Technician Progress: per technician tests taken, average, pass rate, last activity and an
 * A1–A8 heat row, sortable by any column; row actions Assign Test, View Analytics, Certifications.
 */
export function TechnicianProgressSection({
  refresh,
  wall,
  onAssign,
}: {
  refresh: { refetchInterval?: number };
  wall: boolean;
  onAssign: (techId: string) => void;
}) {
  const intl = useIntl();
  const progress = useTechnicianProgress(refresh);
  const [sort, setSort] = useState<{ key: ProgressSortKey; direction: SortDirection }>({
    key: 'name',
    direction: 'asc',
  });
  const onSort = (key: ProgressSortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: key === 'name' ? 'asc' : 'desc' },
    );
  const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

  return (
    <Section id="progress-title" title={<FormattedMessage id="manager.progress.title" />}>
      <QueryView
        query={progress}
        isEmpty={(rows) => rows.length === 0}
        empty={<FormattedMessage id="manager.progress.empty" />}
      >
        {(rows: TechnicianProgress[]) => (
          <>
            <ScrollTable label={intl.formatMessage({ id: 'manager.progress.title' })}>
              <table className="w-full min-w-[56rem] text-sm">
                <thead className="border-b border-slate-200 text-slate-700">
                  <tr>
                    {COLUMNS.map((c) => (
                      <SortHeader
                        key={c.key}
                        column={c.key}
                        label={<FormattedMessage id={c.label} />}
                        sort={sort}
                        onSort={onSort}
                      />
                    ))}
                    {ASE_AREAS.map((area) => (
                      <SortHeader
                        key={area.code}
                        column={area.code}
                        label={<abbr title={area.name}>{area.code}</abbr>}
                        sort={sort}
                        onSort={onSort}
                        className="text-center"
                      />
                    ))}
                    {!wall && (
                      <th scope="col" className="px-1 py-2 text-left font-semibold">
                        <FormattedMessage id="manager.progress.actions" />
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {sortProgressRows(rows, sort.key, sort.direction).map((row) => (
                    <tr key={row.id}>
                      <th scope="row" className="px-2 py-2 text-left font-semibold">
                        <span className="block">{row.fullName}</span>
                        <span className="block text-xs font-normal break-all text-slate-600">{row.email}</span>
                      </th>
                      <td className="px-2 py-2">{row.testsTaken}</td>
                      <td className="px-2 py-2">{percent(row.averageScore)}</td>
                      <td className="px-2 py-2">{percent(row.passRate)}</td>
                      <td className="px-2 py-2 whitespace-nowrap">
                        {row.lastActivityAt ? (
                          intl.formatDate(row.lastActivityAt, { dateStyle: 'medium' })
                        ) : (
                          <FormattedMessage id="manager.progress.never" />
                        )}
                      </td>
                      {row.categoryBest.map((best, i) => (
                        <td key={ASE_AREAS[i].code} className="px-0.5 py-2 text-center">
                          <span
                            className={`inline-flex h-8 w-10 items-center justify-center rounded-md text-xs font-bold ${HEAT_CLASS[heatLevel(best)]}`}
                          >
                            {best === null ? (
                              <>
                                <span aria-hidden="true">–</span>
                                <span className="sr-only">
                                  <FormattedMessage id="manager.heat.none" />
                                </span>
                              </>
                            ) : (
                              best
                            )}
                          </span>
                        </td>
                      ))}
                      {!wall && (
                        <td className="px-1 py-2">
                          <div className="flex gap-1">
                            <Button
                              variant="secondary"
                              className="min-h-11 whitespace-nowrap"
                              aria-label={intl.formatMessage(
                                { id: 'manager.progress.assignFor' },
                                { name: row.fullName },
                              )}
                              onClick={() => onAssign(row.id)}
                            >
                              <ClipboardPlus className="h-4 w-4" aria-hidden="true" />
                              <FormattedMessage id="manager.assign.open" />
                            </Button>
                            <ButtonLink
                              to={`/manager/technicians/${row.id}`}
                              variant="ghost"
                              className="min-h-11 whitespace-nowrap"
                              aria-label={intl.formatMessage(
                                { id: 'manager.progress.analyticsFor' },
                                { name: row.fullName },
                              )}
                            >
                              <BarChart3 className="h-4 w-4" aria-hidden="true" />
                              <FormattedMessage id="manager.progress.viewAnalytics" />
                            </ButtonLink>
                            <ButtonLink
                              to={`/manager/certifications?tech=${encodeURIComponent(row.id)}`}
                              variant="ghost"
                              className="min-h-11 whitespace-nowrap"
                              aria-label={intl.formatMessage(
                                { id: 'manager.progress.certificationsFor' },
                                { name: row.fullName },
                              )}
                            >
                              <Award className="h-4 w-4" aria-hidden="true" />
                              <FormattedMessage id="manager.progress.certifications" />
                            </ButtonLink>
                          </div>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
            <HeatLegend />
          </>
        )}
      </QueryView>
    </Section>
  );
}

function HeatLegend() {
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 text-xs text-slate-700">
      <span>
        <FormattedMessage id="manager.heat.legend" />
      </span>
      {(Object.keys(HEAT_LABEL) as (keyof typeof HEAT_LABEL)[]).map((level) => (
        <span key={level} className="inline-flex items-center gap-1">
          <span className={`inline-block h-4 w-6 rounded ${HEAT_CLASS[level]}`} aria-hidden="true" />
          <FormattedMessage id={HEAT_LABEL[level]} />
        </span>
      ))}
    </div>
  );
}
