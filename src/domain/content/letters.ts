/**
 * The four answer letters. A module of its own, without zod, so screens that only lay out options
 * do not load the content schemas (the per-route budgets in tests/e2e/route-budget.e2e.ts).
 */
export const LETTERS = ['A', 'B', 'C', 'D'] as const;
export type Letter = (typeof LETTERS)[number];
