import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { SM_UP, useMediaQuery } from '../../lib/use-media-query';

export type SortDirection = 'asc' | 'desc';
export interface TableSort<K extends string = string> {
  key: K;
  direction: SortDirection;
}

/** A header click: the same column reverses, another starts in its own first order (names A→Z, numbers high first). */
export function nextSort<K extends string>(
  current: TableSort<K>,
  key: K,
  firstDirection: (key: K) => SortDirection,
): TableSort<K> {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: firstDirection(key) };
}

export interface Column<Row> {
  /** Unique among the columns; for a sortable column, the sort key its header sets. */
  key: string;
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  align?: 'start' | 'end';
  /** The cell that names its row: a `<th scope="row">`, so a screen reader reads it with each cell of the row. */
  rowHeader?: boolean;
  /** Shown from this breakpoint up only: what a phone can do without. */
  from?: 'sm' | 'md';
  /** Padding of this column's cells instead of the look's (a narrow heat cell, a cell of buttons). */
  pad?: string;
  /** More classes on the header and the cells (`whitespace-nowrap`). */
  className?: string;
  /** A header that sorts the table on click; `quiet`: its arrow shows only while sorted by it (narrow columns). */
  sortable?: boolean | 'quiet';
}

/**
 * The looks the app's tables have: `plain` (rows ruled between, in a card's flow), `divided` (the manager's
 * sections: a rule under the header, light rules between rows) and `boxed` (a card of its own with a grey
 * header band, the leaderboard).
 */
const LOOKS = {
  plain: {
    box: '',
    thead: 'text-slate-700',
    tbody: '',
    row: 'border-t border-slate-200',
    pad: 'py-2 pr-3 last:pr-0',
    header: 'font-semibold',
    rowHeader: 'font-medium',
  },
  divided: {
    box: '',
    thead: 'border-b border-slate-200 text-slate-700',
    tbody: 'divide-y divide-slate-100',
    row: '',
    pad: 'px-2 py-2',
    header: 'font-semibold',
    rowHeader: 'font-semibold',
  },
  boxed: {
    box: 'rounded-2xl bg-white shadow-sm ring-1 ring-slate-200',
    thead: 'bg-slate-100 text-slate-700',
    tbody: '',
    row: 'border-t border-slate-100',
    pad: 'px-2 py-3 sm:px-4',
    header: 'font-bold',
    rowHeader: 'font-normal',
  },
  /** Content from the question bank (an exhibit): a heavier rule under the header, striped rows. */
  content: {
    box: '',
    thead: 'border-b-2 border-slate-300 text-slate-900',
    tbody: 'text-slate-800',
    row: 'odd:bg-slate-50',
    pad: 'px-2 py-1.5',
    header: 'font-semibold',
    rowHeader: 'font-medium text-slate-900',
  },
} as const;

const FROM = { sm: 'hidden sm:table-cell', md: 'hidden md:table-cell' } as const;
const PHONE = { sm: SM_UP, md: '(min-width: 48rem)' } as const;

const join = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(' ');

function cellClass(column: Column<never>, pad: string) {
  return join(
    column.pad ?? pad,
    column.align === 'end' ? 'text-right' : 'text-left',
    column.from && FROM[column.from],
    column.className,
  );
}

export interface DataTableProps<Row> {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string;
  /**
   * The scroll box's name. With it the box is a focusable region, so the keyboard scrolls a table wider than
   * its box (axe scrollable-region-focusable) and a screen reader lists it; without it the box takes no focus.
   */
  label?: string;
  /** Read by screen readers before the table; not shown. */
  caption?: ReactNode;
  look?: keyof typeof LOOKS;
  /** Classes of the scroll box (its margin in the page). */
  className?: string;
  /** The table without its box, for a caller whose own box scrolls it both ways (a zoomed exhibit). */
  bare?: boolean;
  /** Text size and any width the table must keep (`min-w-[48rem]`: it scrolls rather than crushes). */
  tableClassName?: string;
  tableStyle?: CSSProperties;
  /** Extra attributes and classes of one row (`data-rank`, `aria-current`, a highlight). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, unknown>;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
  sort?: { current: TableSort; onSort: (key: string) => void };
  /** Below the breakpoint, these cards instead of the table (a phone's 311 px box cannot hold the columns). */
  phone?: { below: 'sm' | 'md'; cards: ReactNode };
}

/**
 * The app's one table: typed columns, the row header, alignment, columns a phone goes without, sortable
 * headers, a caption, an empty state and cards on a phone. Its box is `w-0 min-w-full`: width 0 but at least
 * its container's, so a table wider than a 375 px phone scrolls inside its box instead of widening the page (a
 * wide box in a grid or flex column widens the column, and the fixed bottom bar with it).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const wide = useMediaQuery(PHONE[props.phone?.below ?? 'sm']);
  if (props.rows.length === 0 && props.empty !== undefined) return <>{props.empty}</>;
  if (props.phone && !wide) return <>{props.phone.cards}</>;
  return <Table {...props} />;
}

function Table<Row>({
  columns,
  rows,
  rowKey,
  label,
  caption,
  look = 'plain',
  className,
  bare = false,
  tableClassName = 'text-sm',
  tableStyle,
  rowProps,
  sort,
}: DataTableProps<Row>) {
  const l = LOOKS[look];
  const table = (
    <table className={join('w-full text-left', tableClassName)} style={tableStyle}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className={l.thead}>
        <tr>
          {columns.map((column) =>
            column.sortable && sort ? (
              <SortHeader
                key={column.key}
                column={column as Column<never>}
                sort={sort.current}
                onSort={() => sort.onSort(column.key)}
              />
            ) : (
              <th key={column.key} scope="col" className={join(cellClass(column as Column<never>, l.pad), l.header)}>
                {column.header}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody className={l.tbody || undefined}>
        {rows.map((row, index) => {
          const extra = rowProps?.(row) ?? {};
          return (
            <tr key={rowKey(row, index)} {...extra} className={join(l.row, extra.className) || undefined}>
              {columns.map((column) => {
                const className = cellClass(column as Column<never>, l.pad);
                return column.rowHeader ? (
                  <th key={column.key} scope="row" className={join(className, l.rowHeader)}>
                    {column.cell(row, index)}
                  </th>
                ) : (
                  <td key={column.key} className={className}>
                    {column.cell(row, index)}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
  if (bare) return table;
  const box = join('w-0 min-w-full overflow-x-auto', l.box, className);
  if (!label) return <div className={box}>{table}</div>;
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so the keyboard can scroll it (axe scrollable-region-focusable)
      tabIndex={0}
      className={join(box, 'focus-visible:outline-2 focus-visible:outline-blue-600')}
    >
      {table}
    </section>
  );
}

function SortHeader({ column, sort, onSort }: { column: Column<never>; sort: TableSort; onSort: () => void }) {
  const active = sort.key === column.key;
  const Icon = active ? (sort.direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  const showIcon = active || column.sortable !== 'quiet';
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
      // The button carries the padding: the header's own is kept small so narrow columns stay narrow.
      className={join(cellClass({ ...column, pad: undefined }, 'px-0.5 py-2'), 'font-semibold whitespace-nowrap')}
    >
      <button
        type="button"
        onClick={onSort}
        className="inline-flex min-h-11 items-center gap-1 rounded px-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        {column.header}
        {showIcon && <Icon className={`h-3.5 w-3.5 ${active ? '' : 'text-slate-400'}`} aria-hidden="true" />}
      </button>
    </th>
  );
}
