import { Award, BarChart3, ClipboardPlus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ASE_AREAS } from '../../../domain/ase-areas';
import type { TechnicianProgress } from '../../../domain/contracts/manager';
import {
  type CategoryCode,
  type HeatLevel,
  heatLevel,
  type ProgressSortKey,
  type SortDirection,
  sortProgressRows,
} from '../../../domain/technician-progress';
import { QueryView, Section } from '../../components/section';
import { Button, ButtonLink } from '../../components/ui/button';
import { type Column, DataTable, nextSort } from '../../components/ui/data-table';
import { Select } from '../../components/ui/form';
import { useCategoryName } from '../../i18n/category-name';
import { useShopCertifications } from '../certifications';
import { type Refresh, useTechnicianProgress } from './api';

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

type Sort = { key: ProgressSortKey; direction: SortDirection };
/** Names A→Z; numbers highest first (a second click or the order control reverses). */
const defaultDirection = (key: ProgressSortKey): SortDirection => (key === 'name' ? 'asc' : 'desc');

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/** The number columns between the name and the A1–A8 heat row, each sortable. */
const STATS: {
  key: Exclude<ProgressSortKey, CategoryCode | 'name'>;
  label: string;
  cell: (row: TechnicianProgress) => ReactNode;
}[] = [
  { key: 'testsTaken', label: 'manager.progress.testsTaken', cell: (row) => row.testsTaken },
  { key: 'averageScore', label: 'manager.progress.average', cell: (row) => percent(row.averageScore) },
  { key: 'passRate', label: 'manager.progress.passRate', cell: (row) => percent(row.passRate) },
  {
    key: 'lastActivity',
    label: 'manager.progress.lastActivity',
    cell: (row) => <LastActivity at={row.lastActivityAt} />,
  },
];

/** One A1–A8 cell: the number on its band's colour, or a dash read out as "No tests yet". */
function HeatCell({ best }: { best: number | null }) {
  return (
    <span
      className={`inline-flex h-8 w-full min-w-9 items-center justify-center rounded-md text-xs font-bold ${HEAT_CLASS[heatLevel(best)]}`}
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
  );
}

function LastActivity({ at }: { at: string | null }) {
  const intl = useIntl();
  if (!at) return <FormattedMessage id="manager.progress.never" />;
  return <time dateTime={at}>{intl.formatDate(at, { dateStyle: 'medium' })}</time>;
}

/** Row actions: Assign Test (technician fixed), View Analytics, Certifications. */
function RowActions({
  row,
  onAssign,
  compact,
}: {
  row: TechnicianProgress;
  onAssign: () => void;
  /** In the table: the two links as icons (named for screen readers and on hover), on one line. */
  compact: boolean;
}) {
  const intl = useIntl();
  const analytics = intl.formatMessage({ id: 'manager.progress.analyticsFor' }, { name: row.fullName });
  const certifications = intl.formatMessage({ id: 'manager.progress.certificationsFor' }, { name: row.fullName });
  return (
    <div className={`flex gap-1 ${compact ? 'flex-nowrap' : 'flex-wrap'}`}>
      <Button
        variant="secondary"
        className="min-h-11 whitespace-nowrap"
        aria-label={intl.formatMessage({ id: 'manager.progress.assignFor' }, { name: row.fullName })}
        onClick={onAssign}
      >
        <ClipboardPlus className="h-4 w-4" aria-hidden="true" />
        <FormattedMessage id="manager.assign.open" />
      </Button>
      <ButtonLink
        to={`/manager/technicians/${encodeURIComponent(row.id)}`}
        variant="ghost"
        className="min-h-11 min-w-11 whitespace-nowrap"
        aria-label={analytics}
        title={analytics}
      >
        <BarChart3 className="h-4 w-4" aria-hidden="true" />
        {!compact && <FormattedMessage id="manager.progress.viewAnalytics" />}
      </ButtonLink>
      <ButtonLink
        to={`/manager/certifications?tech=${encodeURIComponent(row.id)}`}
        variant="ghost"
        className="min-h-11 min-w-11 whitespace-nowrap"
        aria-label={certifications}
        title={certifications}
      >
        <Award className="h-4 w-4" aria-hidden="true" />
        {!compact && <FormattedMessage id="manager.progress.certifications" />}
      </ButtonLink>
    </div>
  );
}

/** ASE Master Automobile Technician beside a name: an icon with its words for screen readers. */
function MasterMark() {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'certifications.master.title' });
  return (
    <span title={label} className="ml-1.5 inline-flex align-middle text-blue-800">
      <Award className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * Technician Progress: per technician tests taken, average, pass rate, last activity and an
 * A1–A8 heat row, sortable by any column; row actions Assign Test, View Analytics, Certifications.
 * A table from tablet width up, a card per technician on a phone.
 */
export function TechnicianProgressSection({
  refresh,
  wall,
  onAssign,
}: {
  refresh: Refresh;
  wall: boolean;
  onAssign: (techId: string) => void;
}) {
  const categoryName = useCategoryName();
  const intl = useIntl();
  const progress = useTechnicianProgress(refresh);
  const certifications = useShopCertifications(null);
  const masters = new Set(certifications.data?.masters.filter((m) => m.master).map((m) => m.id));
  const [sort, setSort] = useState<Sort>({ key: 'name', direction: 'asc' });
  const onSort = (key: string) => setSort((current) => nextSort(current, key as ProgressSortKey, defaultDirection));
  const columns: Column<TechnicianProgress>[] = [
    {
      key: 'name',
      header: <FormattedMessage id="manager.progress.technician" />,
      rowHeader: true,
      sortable: true,
      pad: 'px-1.5 py-2',
      cell: (row) => (
        <>
          {row.fullName}
          {masters.has(row.id) && <MasterMark />}
        </>
      ),
    },
    ...STATS.map(
      (c): Column<TechnicianProgress> => ({
        key: c.key,
        header: <FormattedMessage id={c.label} />,
        sortable: true,
        pad: 'px-1.5 py-2',
        className: c.key === 'lastActivity' ? 'whitespace-nowrap' : undefined,
        cell: c.cell,
      }),
    ),
    ...ASE_AREAS.map(
      (area, i): Column<TechnicianProgress> => ({
        key: area.code,
        header: <abbr title={categoryName(area.code, area.name)}>{area.code}</abbr>,
        sortable: 'quiet',
        pad: 'px-0.5 py-2',
        // The contract gives one best per area, in ASE_AREAS order.
        cell: (row) => <HeatCell best={row.categoryBest[i] ?? null} />,
      }),
    ),
  ];
  if (!wall) {
    columns.push({
      key: 'actions',
      header: <FormattedMessage id="manager.progress.actions" />,
      pad: 'px-1 py-2',
      cell: (row) => <RowActions row={row} compact onAssign={() => onAssign(row.id)} />,
    });
  }

  return (
    <Section id="progress-title" title={<FormattedMessage id="manager.progress.title" />}>
      <QueryView
        query={progress}
        isEmpty={(rows) => rows.length === 0}
        empty={<FormattedMessage id="manager.progress.empty" />}
      >
        {(rows: TechnicianProgress[]) => {
          const sorted = sortProgressRows(rows, sort.key, sort.direction);
          return (
            <>
              <DataTable
                look="divided"
                label={intl.formatMessage({ id: 'manager.progress.title' })}
                rows={sorted}
                rowKey={(row) => row.id}
                columns={columns}
                sort={{ current: sort, onSort }}
                phone={{
                  below: 'md',
                  cards: (
                    <>
                      <SortControls sort={sort} onChange={setSort} />
                      <ul className="mt-3 space-y-3">
                        {sorted.map((row) => (
                          <li key={row.id} className="rounded-xl p-3 ring-1 ring-slate-200">
                            <h3 className="font-semibold">
                              {row.fullName}
                              {masters.has(row.id) && <MasterMark />}
                            </h3>
                            <dl className="mt-1 grid grid-cols-2 gap-x-3 text-sm">
                              <dt className="text-slate-700">
                                <FormattedMessage id="manager.progress.testsTaken" />
                              </dt>
                              <dd className="text-right">{row.testsTaken}</dd>
                              <dt className="text-slate-700">
                                <FormattedMessage id="manager.progress.average" />
                              </dt>
                              <dd className="text-right">{percent(row.averageScore)}</dd>
                              <dt className="text-slate-700">
                                <FormattedMessage id="manager.progress.passRate" />
                              </dt>
                              <dd className="text-right">{percent(row.passRate)}</dd>
                              <dt className="text-slate-700">
                                <FormattedMessage id="manager.progress.lastActivity" />
                              </dt>
                              <dd className="text-right">
                                <LastActivity at={row.lastActivityAt} />
                              </dd>
                            </dl>
                            <ol className="mt-3 grid grid-cols-8 gap-1 text-center">
                              {ASE_AREAS.map((area, i) => (
                                <li key={area.code}>
                                  <span className="block text-[0.7rem] font-semibold text-slate-700">{area.code}</span>
                                  <HeatCell best={row.categoryBest[i] ?? null} />
                                </li>
                              ))}
                            </ol>
                            {!wall && (
                              <div className="mt-3">
                                <RowActions row={row} compact={false} onAssign={() => onAssign(row.id)} />
                              </div>
                            )}
                          </li>
                        ))}
                      </ul>
                    </>
                  ),
                }}
              />
              <HeatLegend />
            </>
          );
        }}
      </QueryView>
    </Section>
  );
}

const SORT_LABEL: Record<ProgressSortKey, string> = {
  name: 'manager.progress.technician',
  testsTaken: 'manager.progress.testsTaken',
  averageScore: 'manager.progress.average',
  passRate: 'manager.progress.passRate',
  lastActivity: 'manager.progress.lastActivity',
  A1: 'manager.progress.sortA1',
  A2: 'manager.progress.sortA2',
  A3: 'manager.progress.sortA3',
  A4: 'manager.progress.sortA4',
  A5: 'manager.progress.sortA5',
  A6: 'manager.progress.sortA6',
  A7: 'manager.progress.sortA7',
  A8: 'manager.progress.sortA8',
};

/** The phone's sort: a column and an order, as the table's headers do. */
function SortControls({ sort, onChange }: { sort: Sort; onChange: (sort: Sort) => void }) {
  const intl = useIntl();
  const keyId = useId();
  const orderId = useId();
  return (
    <div className="grid grid-cols-2 gap-2">
      <div>
        <label htmlFor={keyId} className="block text-sm font-medium text-slate-800">
          <FormattedMessage id="manager.progress.sortBy" />
        </label>
        <Select
          id={keyId}
          value={sort.key}
          onChange={(e) => {
            const key = e.target.value as ProgressSortKey;
            onChange({ key, direction: defaultDirection(key) });
          }}
        >
          {(Object.keys(SORT_LABEL) as ProgressSortKey[]).map((key) => (
            <option key={key} value={key}>
              {intl.formatMessage({ id: SORT_LABEL[key] })}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <label htmlFor={orderId} className="block text-sm font-medium text-slate-800">
          <FormattedMessage id="manager.progress.order" />
        </label>
        <Select
          id={orderId}
          value={sort.direction}
          onChange={(e) => onChange({ key: sort.key, direction: e.target.value as SortDirection })}
        >
          <option value="asc">
            {intl.formatMessage({ id: sort.key === 'name' ? 'manager.progress.orderAz' : 'manager.progress.orderLow' })}
          </option>
          <option value="desc">
            {intl.formatMessage({
              id: sort.key === 'name' ? 'manager.progress.orderZa' : 'manager.progress.orderHigh',
            })}
          </option>
        </Select>
      </div>
    </div>
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
