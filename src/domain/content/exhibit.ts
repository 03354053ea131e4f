import { z } from 'zod';

/**
 * An item's exhibit: what ASE's tests show beside a question — a figure (an original SVG: a wiring
 * schematic, a hydraulic or refrigerant circuit, a cross-section, an alignment printout) or a data table (scan
 * tool PIDs, pressures, a specification sheet). Its text alternative says everything needed to answer, so a
 * screen reader user and the read-aloud lose nothing.
 *
 * In content files a figure names its SVG file (`content/exhibits/a5-0301.svg`, Spanish under
 * `content/es/exhibits/`); the loader puts the file's markup in `svg` before the item is validated.
 */

/** Elements a figure may use: shapes, text and grouping; nothing that runs, loads or embeds. */
const SVG_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'path',
  'line',
  'polyline',
  'polygon',
  'rect',
  'circle',
  'ellipse',
  'text',
  'tspan',
  'marker',
  'use',
  'symbol',
  'lineargradient',
  'radialgradient',
  'stop',
  'pattern',
  'clippath',
]);

/** What is wrong with a figure's markup, if anything: it must be a self-contained, script-free SVG. */
export function svgProblems(svg: string): string[] {
  const problems: string[] = [];
  const markup = svg.trim();
  if (!/^<svg[\s>]/.test(markup) || !markup.endsWith('</svg>')) problems.push('must be one <svg> element');
  if (!/<svg[^>]*\sviewBox="[\d.\s-]+"/.test(markup)) problems.push('needs a viewBox (it scales to the width)');
  if (!/<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(markup)) problems.push('needs the SVG xmlns');
  for (const [, name] of markup.matchAll(/<([a-zA-Z][\w:-]*)/g)) {
    if (name !== undefined && !SVG_ELEMENTS.has(name.toLowerCase())) problems.push(`element <${name}> is not allowed`);
  }
  if (/\son[a-z]+\s*=/i.test(markup)) problems.push('event handler attributes are not allowed');
  if (/(?:href|src)\s*=\s*"(?!#)/i.test(markup)) problems.push('links may only point inside the figure (#id)');
  if (/javascript:|<!\[CDATA\[|<!ENTITY|<!DOCTYPE|<\?xml-stylesheet/i.test(markup))
    problems.push('scripts, entities and stylesheets are not allowed');
  if (/url\(\s*['"]?(?!#)/i.test(markup)) problems.push('url() may only point inside the figure (#id)');
  if (!/<text[\s>]/.test(markup)) problems.push('a figure needs its labels as <text>');
  return [...new Set(problems)];
}

/** The labels a figure shows, in order (each <text> element's words). */
export function svgLabels(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)].map(([, inner = '']) =>
    inner
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

const text = z.string().trim().min(1);

const figureSchema = z
  .object({
    type: z.literal('figure'),
    /** Shown above the figure: "Figure 1: Starter control circuit". */
    title: text,
    /** Everything the figure shows that the question needs, in words: what a screen reader reads. */
    alt: z.string().trim().min(40, 'The text alternative must say everything needed to answer'),
    /** The SVG markup (in a content file: the file name under content/exhibits/). */
    svg: z.string().superRefine((svg, ctx) => {
      for (const problem of svgProblems(svg)) ctx.addIssue({ code: 'custom', message: `SVG ${problem}` });
    }),
  })
  .strict();

const tableSchema = z
  .object({
    type: z.literal('table'),
    title: text,
    alt: z.string().trim().min(40, 'The text alternative must say everything needed to answer'),
    columns: z.array(text).min(2).max(6),
    rows: z.array(z.array(z.string().trim())).min(1).max(20),
  })
  .strict()
  .superRefine((table, ctx) => {
    table.rows.forEach((row, i) => {
      if (row.length !== table.columns.length)
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i],
          message: `Row ${i + 1} needs ${table.columns.length} cells`,
        });
    });
  });

export const exhibitSchema = z.discriminatedUnion('type', [figureSchema, tableSchema]);
export type Exhibit = z.infer<typeof exhibitSchema>;

/** A figure's file name in a content file, before the loader reads it. */
export const EXHIBIT_FILE = /^[a-z0-9-]+\.svg$/;

/** Problems between an exhibit and its Spanish version: the same kind and shape, every label translated. */
export function exhibitTranslationProblems(english: Exhibit, spanish: Exhibit | undefined): string[] {
  if (!spanish) return ['the item has Spanish, so its exhibit needs Spanish labels (es.exhibit)'];
  if (spanish.type !== english.type) return [`the Spanish exhibit is a ${spanish.type}, the English a ${english.type}`];
  if (english.type === 'table' && spanish.type === 'table') {
    const shape = (t: typeof english) => `${t.columns.length}x${t.rows.length}`;
    return shape(english) === shape(spanish) ? [] : ['the Spanish table has another number of rows or columns'];
  }
  if (english.type === 'figure' && spanish.type === 'figure') {
    const count = svgLabels(english.svg).length;
    return svgLabels(spanish.svg).length === count ? [] : [`the Spanish figure needs the same ${count} labels`];
  }
  return [];
}
