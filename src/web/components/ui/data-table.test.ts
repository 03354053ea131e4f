import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type Column, DataTable, type DataTableProps, nextSort } from './data-table';

interface Tech {
  id: string;
  name: string;
  score: number;
}
const rows: Tech[] = [
  { id: 't1', name: 'Terry Torque', score: 80 },
  { id: 't2', name: 'Carla Cert', score: 65 },
];
const columns: Column<Tech>[] = [
  { key: 'name', header: 'Technician', rowHeader: true, cell: (t) => t.name, sortable: true },
  { key: 'score', header: 'Score', align: 'end', cell: (t) => `${t.score}%`, sortable: true },
  { key: 'place', header: 'Place', from: 'sm', pad: 'py-1', cell: (_, i) => i + 1, sortable: 'quiet' },
];

const render = (props: Partial<DataTableProps<Tech>> = {}) =>
  renderToStaticMarkup(createElement(DataTable<Tech>, { columns, rows, rowKey: (t) => t.id, ...props }));
/** The `class` of the first element the pattern (an opening tag up to `class="`) finds. */
const classOf = (html: string, tag: RegExp) => html.match(new RegExp(`${tag.source}[^>]*?class="([^"]*)"`))?.[1];

describe('DataTable', () => {
  it('reads as a table: column headers, a row header per row, one cell per column in order', () => {
    const html = render();
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    expect(html).toContain('>Terry Torque</th>');
    expect(html.match(/<th scope="row"/g)).toHaveLength(2);
    expect(html).toMatch(/Carla Cert<\/th><td[^>]*>65%<\/td><td[^>]*>2<\/td><\/tr>/);
  });

  it('aligns, hides what a phone goes without, and lets a column replace the padding', () => {
    const html = render({ sort: undefined });
    expect(classOf(html, /<td/)).toContain('text-right');
    const place = html.match(/<td class="([^"]*)">1<\/td>/)?.[1]?.split(' ');
    expect(place).toEqual(expect.arrayContaining(['py-1', 'hidden', 'sm:table-cell']));
    // Tailwind orders utilities by value, not by place: the look's padding must be gone, not overridden.
    expect(place).not.toContain('pr-3');
  });

  it('keeps a wide table inside a phone: a box of width 0 and at least its container’s, that scrolls', () => {
    const box = classOf(render(), /<div/)?.split(' ');
    expect(box).toEqual(expect.arrayContaining(['w-0', 'min-w-full', 'overflow-x-auto']));
    expect(render()).not.toContain('tabindex');
    expect(render({ bare: true })).toMatch(/^<table/);
  });

  it('names the box and lets the keyboard scroll it when given a label; the caption is for screen readers', () => {
    const html = render({ label: 'Technician Progress', caption: 'Scores by technician' });
    expect(html).toMatch(/^<section aria-label="Technician Progress" tabindex="0" class="[^"]*w-0 min-w-full/);
    expect(html).toContain('<caption class="sr-only">Scores by technician</caption>');
  });

  it('shows the empty state instead of a table with no rows, and an empty table when none is given', () => {
    const empty = render({ rows: [], empty: createElement('p', null, 'No technicians yet') });
    expect(empty).toBe('<p>No technicians yet</p>');
    expect(render({ rows: [] })).toContain('<tbody></tbody>');
    expect(render({ empty: 'never shown' })).not.toContain('never shown');
  });

  it('marks the sorted column, gives every sortable header a button, and shows a quiet arrow only while sorted', () => {
    const html = render({ sort: { current: { key: 'score', direction: 'desc' }, onSort: () => {} } });
    expect(html.match(/aria-sort="[a-z]+"/g)).toEqual(['aria-sort="descending"']);
    expect(html.match(/<button type="button"/g)).toHaveLength(3);
    const icons = (h: string) => h.match(/<svg/g)?.length ?? 0;
    expect(icons(html)).toBe(2);
    const byPlace = render({ sort: { current: { key: 'place', direction: 'asc' }, onSort: () => {} } });
    expect(byPlace).toContain('aria-sort="ascending"');
    expect(icons(byPlace)).toBe(3);
    expect(render()).not.toContain('<button');
  });

  it('puts a row’s own attributes and classes beside the look’s', () => {
    const html = render({
      look: 'boxed',
      rowProps: (t) => ({ 'data-rank': t.score, 'aria-current': t.id === 't1' ? 'true' : undefined, className: 'x' }),
    });
    expect(html).toContain('<tr data-rank="80" aria-current="true" class="border-t border-slate-100 x">');
    expect(html).toContain('<tr data-rank="65" class="border-t border-slate-100 x">');
  });

  it('shows the cards instead below the breakpoint (a phone: the narrow answer before the page knows its width)', () => {
    const html = render({ phone: { below: 'sm', cards: createElement('ul', null, 'cards') } });
    expect(html).toBe('<ul>cards</ul>');
  });
});

describe('nextSort', () => {
  const first = (key: string) => (key === 'name' ? 'asc' : 'desc');
  it('reverses the column sorted by, and starts another in its own first order', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name', first)).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name', first)).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'score', first)).toEqual({ key: 'score', direction: 'desc' });
    expect(nextSort({ key: 'score', direction: 'asc' }, 'name', first)).toEqual({ key: 'name', direction: 'asc' });
  });
});
