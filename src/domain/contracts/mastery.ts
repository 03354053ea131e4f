import { z } from 'zod';
import { DIFFICULTY_LEVELS, MASTERY_LEVELS, PRACTICE_ADVICE } from '../mastery';

export const readinessEstimateSchema = z.object({
  passProbability: z.number().nullable(),
  expectedScore: z.number().nullable(),
  bandLow: z.number().nullable(),
  bandHigh: z.number().nullable(),
  margin: z.number().nullable(),
  reliable: z.boolean(),
  testsNeeded: z.number().int().nullable(),
  questionsAttempted: z.number().int(),
});

export const categoryMasterySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  masteryScore: z.number(),
  level: z.enum(MASTERY_LEVELS),
  /** docs/PRODUCT.md#mastery-levels-and-readiness: score × 100, capped at 100. */
  readiness: z.number().int(),
  questionsAttempted: z.number().int(),
  correctAnswers: z.number().int(),
  recentPerformance: z.number(),
  /** The difficulty the next adaptive test aims at, and its label. */
  nextDifficulty: z.number(),
  difficulty: z.enum(DIFFICULTY_LEVELS),
  advice: z.enum(PRACTICE_ADVICE),
  /** Questions answered right 3 times (docs/PRODUCT.md#tests) out of the category's practice questions. */
  questionsMastered: z.number().int(),
  questionsInBank: z.number().int(),
  areas: z.array(
    z.object({
      name: z.string(),
      /** Percent of the ASE test. */
      share: z.number(),
      questionsAttempted: z.number().int(),
      correctAnswers: z.number().int(),
    }),
  ),
  estimate: readinessEstimateSchema,
});
export type CategoryMastery = z.infer<typeof categoryMasterySchema>;

/** The mastery dashboard (docs/PRODUCT.md#mastery-levels-and-readiness): every category, the 3 weakest and up to 3 strongest, by code. */
export const masteryDashboardSchema = z.object({
  categories: z.array(categoryMasterySchema),
  weakAreas: z.array(z.string()),
  strongAreas: z.array(z.string()),
});
export type MasteryDashboard = z.infer<typeof masteryDashboardSchema>;
