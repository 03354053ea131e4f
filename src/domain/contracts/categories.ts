import { z } from 'zod';

export const categorySummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** The real ASE test's scored questions and minutes, for the ASE simulation (ADR 0021). */
  simulation: z.object({ scoredQuestions: z.number().int(), minutes: z.number().int() }).nullable(),
});
export type CategorySummary = z.infer<typeof categorySummarySchema>;

export const categoriesResponseSchema = z.object({ categories: z.array(categorySummarySchema) });
