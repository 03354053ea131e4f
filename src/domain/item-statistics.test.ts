import { describe, expect, it } from 'vitest';
import {
  type ItemSums,
  itemStatistics,
  MIN_ANSWERS_FOR_ITEM_STATS,
  shownDifficulty,
  suspicionReasons,
} from './item-statistics';

/** The job's sums of a list of (session score, picked, right) answers, as it adds them up. */
function sumsOf(answers: { score: number; picked: 'A' | 'B' | 'C' | 'D'; right: boolean }[]): ItemSums {
  const picks = { A: 0, B: 0, C: 0, D: 0 };
  let scoreSum = 0;
  let scoreSquareSum = 0;
  let correctScoreSum = 0;
  for (const a of answers) {
    picks[a.picked] += 1;
    scoreSum += a.score;
    scoreSquareSum += a.score * a.score;
    if (a.right) correctScoreSum += a.score;
  }
  return {
    answered: answers.length,
    correct: answers.filter((a) => a.right).length,
    scoreSum,
    scoreSquareSum,
    correctScoreSum,
    picks,
  };
}

describe('item statistics on a small data set computed by hand', () => {
  it('p-value and point-biserial when the stronger technicians get it right', () => {
    // Right: 90, 80, 70 (mean 80); wrong: 60, 40 (mean 50). Mean 68, population variance 24600/5 − 68² = 296.
    // r = (80 − 50) / √296 · √(0.6 · 0.4) = 0.85424.
    const stats = itemStatistics(
      sumsOf([
        { score: 90, picked: 'C', right: true },
        { score: 80, picked: 'C', right: true },
        { score: 70, picked: 'C', right: true },
        { score: 60, picked: 'A', right: false },
        { score: 40, picked: 'B', right: false },
      ]),
    );
    expect(stats.answered).toBe(5);
    expect(stats.pValue).toBe(0.6);
    expect(stats.discrimination).toBeCloseTo(0.85424, 4);
    expect(stats.picks).toEqual({ A: 1, B: 1, C: 3, D: 0 });
  });

  it('a negative point-biserial when the weaker technicians get it right', () => {
    // Right: 50, 60 (mean 55); wrong: 90, 100, 70, 80 (mean 85). Mean 75, variance 35500/6 − 75² = 291.667.
    // r = (55 − 85) / √291.667 · √(1/3 · 2/3) = −0.82808.
    const stats = itemStatistics(
      sumsOf([
        { score: 50, picked: 'D', right: true },
        { score: 60, picked: 'D', right: true },
        { score: 90, picked: 'A', right: false },
        { score: 100, picked: 'A', right: false },
        { score: 70, picked: 'B', right: false },
        { score: 80, picked: 'C', right: false },
      ]),
    );
    expect(stats.pValue).toBeCloseTo(1 / 3, 10);
    expect(stats.discrimination).toBeCloseTo(-0.82808, 4);
  });

  it('no discrimination when everyone, or no one, was right, or every score is the same', () => {
    const all = itemStatistics(
      sumsOf([
        { score: 70, picked: 'A', right: true },
        { score: 90, picked: 'A', right: true },
      ]),
    );
    expect(all).toMatchObject({ pValue: 1, discrimination: null });
    const same = itemStatistics(
      sumsOf([
        { score: 70, picked: 'A', right: true },
        { score: 70, picked: 'B', right: false },
      ]),
    );
    expect(same.discrimination).toBeNull();
    expect(itemStatistics(sumsOf([]))).toMatchObject({ answered: 0, pValue: null, discrimination: null });
  });
});

describe('suspicious questions', () => {
  const stats = (
    answered: number,
    pValue: number,
    discrimination: number | null,
    picks = { A: 1, B: 1, C: 1, D: 1 },
  ) => ({
    answered,
    pValue,
    discrimination,
    picks,
  });

  it('flag nothing before enough answers', () => {
    expect(
      suspicionReasons(stats(MIN_ANSWERS_FOR_ITEM_STATS - 1, 0.05, -0.5, { A: 0, B: 0, C: 0, D: 29 }), 'D'),
    ).toEqual([]);
  });

  it('flag negative discrimination, p above 0.95 or below 0.2, and a distractor nobody picks', () => {
    const n = MIN_ANSWERS_FOR_ITEM_STATS;
    expect(suspicionReasons(stats(n, 0.5, -0.1), 'A')).toEqual(['negative_discrimination']);
    expect(suspicionReasons(stats(n, 0.96, 0.2), 'A')).toEqual(['too_easy']);
    expect(suspicionReasons(stats(n, 0.95, 0.2), 'A')).toEqual([]);
    expect(suspicionReasons(stats(n, 0.19, 0.2), 'A')).toEqual(['too_hard']);
    expect(suspicionReasons(stats(n, 0.2, 0.2), 'A')).toEqual([]);
    expect(suspicionReasons(stats(n, 0.5, 0.3, { A: 15, B: 10, C: 5, D: 0 }), 'A')).toEqual(['unused_distractor']);
    // The key itself unpicked is "too hard", not an unused distractor.
    expect(suspicionReasons(stats(n, 0.5, 0.3, { A: 0, B: 10, C: 5, D: 15 }), 'A')).toEqual([]);
  });
});

describe('the difficulty label technicians see', () => {
  it('is the author’s until enough answers, then the measured share right', () => {
    expect(shownDifficulty('hard', MIN_ANSWERS_FOR_ITEM_STATS - 1, 0)).toBe('hard');
    expect(shownDifficulty('hard', 40, 32)).toBe('easy');
    expect(shownDifficulty('easy', 40, 10)).toBe('hard');
    expect(shownDifficulty('easy', 40, 24)).toBe('medium');
  });
});
