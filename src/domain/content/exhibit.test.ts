import { describe, expect, it } from 'vitest';
import { type Exhibit, exhibitSchema, exhibitTranslationProblems, svgLabels, svgProblems } from './exhibit';

type Figure = Extract<Exhibit, { type: 'figure' }>;
type Table = Extract<Exhibit, { type: 'table' }>;

const svg = (inner: string, attrs = 'viewBox="0 0 400 200" xmlns="http://www.w3.org/2000/svg"') =>
  `<svg ${attrs}>${inner}</svg>`;
const good = svg('<rect x="1" y="1" width="10" height="10"/><text x="5" y="20" font-size="16">Relay 85</text>');

describe('svgProblems', () => {
  it('accepts a self-contained figure of shapes and labels', () => {
    expect(svgProblems(good)).toEqual([]);
    expect(
      svgProblems(
        svg('<defs><marker id="m"><path d="M0 0"/></marker></defs><line marker-end="url(#m)"/><text>A</text>'),
      ),
    ).toEqual([]);
  });

  it('refuses anything that could run, load or embed', () => {
    expect(svgProblems(svg('<script>alert(1)</script><text>A</text>'))).toContain('element <script> is not allowed');
    expect(svgProblems(svg('<rect onclick="x()"/><text>A</text>'))).toContain(
      'event handler attributes are not allowed',
    );
    expect(svgProblems(svg('<image href="https://example.com/x.png"/><text>A</text>'))).toEqual(
      expect.arrayContaining(['element <image> is not allowed', 'links may only point inside the figure (#id)']),
    );
    expect(svgProblems(svg('<foreignObject><div/></foreignObject><text>A</text>'))).toContain(
      'element <foreignObject> is not allowed',
    );
    expect(svgProblems(svg('<rect style="fill:url(https://x)"/><text>A</text>'))).toContain(
      'url() may only point inside the figure (#id)',
    );
    expect(svgProblems(`<!DOCTYPE svg [<!ENTITY x "y">]>${good}`)).toContain('must be one <svg> element');
  });

  it('needs a viewBox, the SVG namespace and labels as text', () => {
    expect(svgProblems(svg('<text>A</text>', 'xmlns="http://www.w3.org/2000/svg"'))).toEqual([
      'needs a viewBox (it scales to the width)',
    ]);
    expect(svgProblems(svg('<text>A</text>', 'viewBox="0 0 10 10"'))).toEqual(['needs the SVG xmlns']);
    expect(svgProblems(svg('<rect/>'))).toEqual(['a figure needs its labels as <text>']);
  });
});

describe('exhibitTranslationProblems', () => {
  const figure = <Figure>exhibitSchema.parse({
    type: 'figure',
    title: 'Figure',
    alt: 'A relay with terminals 85 and 86 and a coil between them.',
    svg: good,
  });
  const table = <Table>exhibitSchema.parse({
    type: 'table',
    title: 'Readings',
    alt: 'Battery voltage 12.6 V at rest and 10.1 V while cranking for fifteen seconds.',
    columns: ['Test', 'Volts'],
    rows: [
      ['Rest', '12.6'],
      ['Cranking', '10.1'],
    ],
  });

  it('needs a Spanish exhibit of the same kind and shape', () => {
    expect(exhibitTranslationProblems(figure, undefined)[0]).toContain('needs Spanish labels');
    expect(exhibitTranslationProblems(figure, table)[0]).toContain('is a table');
    expect(exhibitTranslationProblems(table, { ...table, rows: [['Reposo', '12.6']] })).toEqual([
      'the Spanish table has another number of rows or columns',
    ]);
    expect(exhibitTranslationProblems(table, { ...table, title: 'Lecturas' })).toEqual([]);
  });

  it('needs every label of a figure translated', () => {
    const spanish = { ...figure, svg: good.replace('Relay 85', 'Relé 85') };
    expect(svgLabels(spanish.svg)).toEqual(['Relé 85']);
    expect(exhibitTranslationProblems(figure, spanish)).toEqual([]);
    expect(exhibitTranslationProblems(figure, { ...figure, svg: svg('<text>Relé</text><text>85</text>') })).toEqual([
      'the Spanish figure needs the same 1 labels',
    ]);
  });

  it('needs a text alternative that can stand in for the figure, and full table rows', () => {
    expect(exhibitSchema.safeParse({ ...figure, alt: 'A relay.' }).success).toBe(false);
    expect(exhibitSchema.safeParse({ ...table, rows: [['Rest']] }).success).toBe(false);
  });
});
