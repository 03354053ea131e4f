import { z } from 'zod';

/**
 * An item's exhibit as the runners show it: a figure (SVG markup, validated by the content check
 * to be self-contained and script-free, shown as an image) or a data table, each with its text alternative.
 */
export const exhibitViewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('figure'), title: z.string(), alt: z.string(), svg: z.string() }),
  z.object({
    type: z.literal('table'),
    title: z.string(),
    alt: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
  }),
]);
export type ExhibitView = z.infer<typeof exhibitViewSchema>;
