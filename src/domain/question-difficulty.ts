/**
 * A question's difficulty on the 0 (everyone answers right) to 1 (nobody does) scale, as adaptive
 * selection and the readiness estimate use it (ADR 0004): the measured share of wrong answers once
 * enough answers exist, else the authored label.
 */

/** Until a question has this many answers across all users, its authored label stands in for its difficulty. */
export const MIN_ANSWERS_FOR_STATS = 5;
export const LABEL_DIFFICULTY = { easy: 0.25, medium: 0.5, hard: 0.75 } as const;
export type DifficultyLabel = keyof typeof LABEL_DIFFICULTY;

export function effectiveDifficulty(
  label: DifficultyLabel,
  measured: number | null | undefined,
  timesAnswered: number | null | undefined,
): number {
  if (measured === null || measured === undefined || (timesAnswered ?? 0) < MIN_ANSWERS_FOR_STATS) {
    return LABEL_DIFFICULTY[label];
  }
  return Math.min(1, Math.max(0, measured));
}
