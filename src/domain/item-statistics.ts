import type { Letter } from './content/letters';
import type { DifficultyLabel } from './question-difficulty';

/**
 * Question quality from real answers (ADR 0020). The difficulty-stats job keeps running sums
 * per question; these pure functions turn them into the classical item statistics and decide which
 * questions an editor should look at first.
 */

/**
 * A question needs this many counted answers before its statistics flag it as suspicious, and before the
 * difficulty label technicians see comes from the data instead of the author's label.
 */
export const MIN_ANSWERS_FOR_ITEM_STATS = 30;
/** p-value (share right) above this: too easy to tell anyone apart. */
export const TOO_EASY_P = 0.95;
/** p-value below this: too hard, or a wrong key. */
export const TOO_HARD_P = 0.2;
/** Measured labels: p at or above EASY_P is easy, below HARD_P is hard, medium between. */
export const EASY_P = 0.75;
export const HARD_P = 0.45;

/** The job's running sums for one question. */
export interface ItemSums {
  /** Answers counted (blank exam slots are not answers). */
  answered: number;
  correct: number;
  /** Sums over those answers of their session's score (0–100): all, squared, and of the right ones. */
  scoreSum: number;
  scoreSquareSum: number;
  correctScoreSum: number;
  picks: Record<Letter, number>;
}

export interface ItemStatistics {
  answered: number;
  /** Share of answers that were right, 0..1; null before any answer. */
  pValue: number | null;
  /** Point-biserial correlation of being right with the session score, -1..1; null when undefined. */
  discrimination: number | null;
  picks: Record<Letter, number>;
}

/**
 * r_pb = (M1 − M0) / s · √(p·q): M1 and M0 the mean session scores of those who answered right and
 * wrong, s the (population) standard deviation of all their session scores, p the share right, q = 1 − p.
 * Undefined (null) when everyone or no one was right, or every score is the same.
 */
export function itemStatistics(sums: ItemSums): ItemStatistics {
  const n = sums.answered;
  const n1 = sums.correct;
  const n0 = n - n1;
  const pValue = n > 0 ? n1 / n : null;
  let discrimination: number | null = null;
  if (n1 > 0 && n0 > 0) {
    const mean = sums.scoreSum / n;
    const variance = sums.scoreSquareSum / n - mean * mean;
    if (variance > 1e-9) {
      const m1 = sums.correctScoreSum / n1;
      const m0 = (sums.scoreSum - sums.correctScoreSum) / n0;
      const p = n1 / n;
      const r = ((m1 - m0) / Math.sqrt(variance)) * Math.sqrt(p * (1 - p));
      discrimination = Math.max(-1, Math.min(1, r));
    }
  }
  return { answered: n, pValue, discrimination, picks: sums.picks };
}

export type SuspicionReason = 'negative_discrimination' | 'too_easy' | 'too_hard' | 'unused_distractor';

/** Why the statistics call a question suspicious (none before MIN_ANSWERS_FOR_ITEM_STATS answers). */
export function suspicionReasons(stats: ItemStatistics, correctAnswer: Letter): SuspicionReason[] {
  if (stats.answered < MIN_ANSWERS_FOR_ITEM_STATS || stats.pValue === null) return [];
  const reasons: SuspicionReason[] = [];
  if (stats.discrimination !== null && stats.discrimination < 0) reasons.push('negative_discrimination');
  if (stats.pValue > TOO_EASY_P) reasons.push('too_easy');
  if (stats.pValue < TOO_HARD_P) reasons.push('too_hard');
  const letters = Object.keys(stats.picks) as Letter[];
  if (letters.some((letter) => letter !== correctAnswer && stats.picks[letter] === 0)) {
    reasons.push('unused_distractor');
  }
  return reasons;
}

/** The difficulty label a technician sees: from the share right once MIN_ANSWERS_FOR_ITEM_STATS answers exist. */
export function shownDifficulty(authored: DifficultyLabel, answered: number, correct: number): DifficultyLabel {
  if (answered < MIN_ANSWERS_FOR_ITEM_STATS) return authored;
  const p = correct / answered;
  if (p >= EASY_P) return 'easy';
  if (p < HARD_P) return 'hard';
  return 'medium';
}
