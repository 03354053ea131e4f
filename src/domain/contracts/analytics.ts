import { z } from 'zod';
import { masteryDashboardSchema } from './mastery';
import { sessionOriginSchema } from './session-origin';

const categoryRef = { id: z.string(), code: z.string(), name: z.string() };

/** One category's line in Overview and By Category. */
export const categoryAnalyticsSchema = z.object({
  ...categoryRef,
  tests: z.number().int(),
  /** Null before any test in the category. */
  averageScore: z.number().int().nullable(),
  bestScore: z.number().int().nullable(),
  lastScore: z.number().int().nullable(),
  trend: z.enum(['improving', 'declining', 'steady', 'new']),
});
export type CategoryAnalytics = z.infer<typeof categoryAnalyticsSchema>;

export const trendPointSchema = z.object({
  id: z.string(),
  kind: z.enum(['category', 'exam']),
  /** Why the session exists: a `free_test` is the signed-out free test saved at sign-up, labelled as such. */
  origin: sessionOriginSchema,
  /** Null for the full comprehensive exam. */
  categoryCode: z.string().nullable(),
  completedAt: z.string(),
  score: z.number().int(),
  movingAverage: z.number(),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

/** A technician's analytics (Overview, Trends, By Category). */
export const techAnalyticsSchema = z.object({
  overview: z.object({
    testsTaken: z.number().int(),
    averageScore: z.number().int(),
    testsPassed: z.number().int(),
    passRate: z.number().int(),
    bestScore: z.number().int(),
    /** Time practised in seconds, each test counted for at most an hour. */
    secondsPractised: z.number().int(),
    /** Full comprehensive exams (they mix every category, so they are not in `categories`). */
    fullExams: z.number().int(),
  }),
  trend: z.object({
    /** The last 20 tests, oldest first. */
    points: z.array(trendPointSchema),
    average: z.number().int(),
    insight: z.enum(['positive', 'warning', 'neutral']),
  }),
  /** A1–A8 in order, untested ones included. */
  categories: z.array(categoryAnalyticsSchema),
});
export type TechAnalytics = z.infer<typeof techAnalyticsSchema>;

export const techIdParamsSchema = z.object({ techId: z.string().min(1).max(64) });

/** Shop-wide analytics for the manager. */
export const shopAnalyticsSchema = z.object({
  overview: z.object({
    technicians: z.number().int(),
    /** Technicians with at least one completed test. */
    activeTechnicians: z.number().int(),
    testsTaken: z.number().int(),
    averageScore: z.number().int(),
    passRate: z.number().int(),
  }),
  technicians: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      testsTaken: z.number().int(),
      averageScore: z.number().int().nullable(),
      passRate: z.number().int().nullable(),
      bestScore: z.number().int().nullable(),
      lastTestAt: z.string().nullable(),
      /** The technician's lowest-mastery practised category, by code. */
      weakestCategory: z.string().nullable(),
    }),
  ),
  categories: z.array(
    z.object({
      ...categoryRef,
      tests: z.number().int(),
      averageScore: z.number().int().nullable(),
      passRate: z.number().int().nullable(),
      technicians: z.number().int(),
    }),
  ),
  /** The last 12 weeks (Monday to Sunday, UTC), oldest first; weeks without tests have 0 tests. */
  weeks: z.array(
    z.object({ weekStart: z.string(), tests: z.number().int(), averageScore: z.number().int().nullable() }),
  ),
});
export type ShopAnalytics = z.infer<typeof shopAnalyticsSchema>;

/** A manager's view of one technician of their shop: who, their analytics and their mastery. */
export const technicianAnalyticsSchema = z.object({
  technician: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  analytics: techAnalyticsSchema,
  mastery: masteryDashboardSchema,
});
export type TechnicianAnalytics = z.infer<typeof technicianAnalyticsSchema>;
