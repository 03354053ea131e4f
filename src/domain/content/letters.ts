/**
 * The four answer letters. A module of its own, without zod, so screens that only lay out options
 * do not load the content schemas (issue 21's per-route budgets).
 */
export const LETTERS = ['A', 'B', 'C', 'D'] as const;
export type Letter = (typeof LETTERS)[number];
