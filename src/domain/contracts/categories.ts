import { z } from 'zod';

export const categorySummarySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
});
export type CategorySummary = z.infer<typeof categorySummarySchema>;

export const categoriesResponseSchema = z.object({ categories: z.array(categorySummarySchema) });
