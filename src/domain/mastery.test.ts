import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyAnswers,
  difficultyLevel,
  EMPTY_MASTERY,
  evidenceWeight,
  type MasteryState,
  masteryLevel,
  masteryScoreOf,
  nextTestDifficulty,
  PRIOR_ANSWERS,
  practiceAdvice,
  readinessPercent,
  strongAreas,
  weakAreas,
} from './mastery';

describe('mastery levels', () => {
  it.each([
    [1, 'Expert'],
    [0.9, 'Expert'],
    [0.8999, 'Advanced'],
    [0.75, 'Advanced'],
    [0.7499, 'Intermediate'],
    [0.6, 'Intermediate'],
    [0.5999, 'Developing'],
    [0.4, 'Developing'],
    [0.3999, 'Beginner'],
    [0.2, 'Beginner'],
    [0.1999, 'New'],
    [0, 'New'],
  ])('%s → %s', (score, level) => {
    expect(masteryLevel(score)).toBe(level);
  });
});

describe('difficulty labels', () => {
  it.each([
    [1, 'Hard'],
    [0.7, 'Hard'],
    [0.6999, 'Medium'],
    [0.4, 'Medium'],
    [0.3999, 'Easy'],
    [0, 'Easy'],
  ])('%s → %s', (difficulty, label) => {
    expect(difficultyLevel(difficulty)).toBe(label);
  });
  it('the next adaptive test aims at the score plus 15 points (0.5 + 0.15 when never practised)', () => {
    expect(nextTestDifficulty(0.6)).toBeCloseTo(0.75);
    expect(nextTestDifficulty(null)).toBeCloseTo(0.65);
    expect(nextTestDifficulty(0.95)).toBe(1);
  });
});

describe('readiness', () => {
  it('is score × 100, a whole percent rounded down (never ahead of the level), capped at 100', () => {
    expect(readinessPercent(0)).toBe(0);
    expect(readinessPercent(0.734)).toBe(73);
    expect(readinessPercent(0.739)).toBe(73);
    expect(readinessPercent(0.196)).toBe(19);
    expect(readinessPercent(0.2)).toBe(20);
    expect(readinessPercent(0.29)).toBe(29);
    expect(readinessPercent(0.57)).toBe(57);
    expect(readinessPercent(1)).toBe(100);
    expect(readinessPercent(1.2)).toBe(100);
  });
});

describe('practice-time advice', () => {
  it.each([
    [0.8, 50, '15-20'],
    [0.95, 200, '15-20'],
    [0.8, 49, '30-45'],
    [0.7999, 50, '30-45'],
    [0.6, 30, '30-45'],
    [0.6, 29, '45-60'],
    [0.5999, 30, '45-60'],
    [0.4, 15, '45-60'],
    [0.4, 14, '60+'],
    [0.3999, 100, '60+'],
    [0, 0, '60+'],
  ])('score %s with %s questions → %s min daily', (score, attempted, advice) => {
    expect(practiceAdvice(score, attempted)).toBe(advice);
  });
});

describe('weak and strong areas', () => {
  const row = (code: string, masteryScore: number, questionsAttempted = 20) => ({
    code,
    masteryScore,
    questionsAttempted,
  });
  it('weak: the 3 lowest practised categories, weakest first; strong: up to 3 at 0.7 or more, best first', () => {
    const rows = [
      row('A1', 0.5),
      row('A2', 0.1),
      row('A3', 0.69),
      row('A4', 0.7),
      row('A5', 0.95),
      row('A6', 0.3),
      row('A7', 0.8),
      row('A8', 0.75),
      row('A9', 0, 0),
    ];
    expect(weakAreas(rows).map((r) => r.code)).toEqual(['A2', 'A6', 'A1']);
    expect(strongAreas(rows).map((r) => r.code)).toEqual(['A5', 'A7', 'A8']);
  });
  it('a category scoring 0.7 or more is never called weak', () => {
    const rows = [row('A1', 0.9), row('A2', 0.72), row('A3', 0.4)];
    expect(weakAreas(rows).map((r) => r.code)).toEqual(['A3']);
    expect(weakAreas([row('A1', 0.9)])).toEqual([]);
  });
  it('has none before any practice', () => {
    expect(weakAreas([row('A1', 0, 0)])).toEqual([]);
    expect(strongAreas([])).toEqual([]);
  });
});

describe('the mastery model', () => {
  const batch = fc.record({ attempted: fc.integer({ min: 0, max: 60 }), correct: fc.integer({ min: 0, max: 60 }) });
  const history = fc.array(batch, { maxLength: 30 });
  const run = (batches: { attempted: number; correct: number }[], from: MasteryState | null = null) =>
    batches.reduce<MasteryState>((state, b) => applyAnswers(state, b), from ?? EMPTY_MASTERY);

  it('starts from nothing: one test of 20 with 14 right', () => {
    const state = applyAnswers(null, { attempted: 20, correct: 14 });
    expect(state.questionsAttempted).toBe(20);
    expect(state.correctAnswers).toBe(14);
    expect(state.recentPerformance).toBeCloseTo(0.7);
    const weight = evidenceWeight(20);
    expect(state.masteryScore).toBeCloseTo((0.7 * weight) / (weight + PRIOR_ANSWERS));
    expect(state.masteryScore).toBeLessThan(0.7);
  });

  it('keeps every field in range and the counts consistent', () => {
    fc.assert(
      fc.property(history, (batches) => {
        const state = run(batches);
        expect(state.masteryScore).toBeGreaterThanOrEqual(0);
        expect(state.masteryScore).toBeLessThan(1);
        expect(state.recentPerformance).toBeGreaterThanOrEqual(0);
        expect(state.recentPerformance).toBeLessThanOrEqual(1);
        expect(state.masteryScore).toBeLessThanOrEqual(state.recentPerformance + 1e-12);
        expect(state.correctAnswers).toBeLessThanOrEqual(state.questionsAttempted);
        expect(state.masteryScore).toBeCloseTo(masteryScoreOf(state.recentPerformance, state.questionsAttempted), 12);
      }),
    );
  });

  it('a test with all answers right never lowers the score; all wrong never raises it', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 1, max: 60 }), (batches, n) => {
        const state = run(batches);
        expect(applyAnswers(state, { attempted: n, correct: n }).masteryScore).toBeGreaterThanOrEqual(
          state.masteryScore - 1e-12,
        );
        expect(applyAnswers(state, { attempted: n, correct: 0 }).masteryScore).toBeLessThanOrEqual(
          state.masteryScore + 1e-12,
        );
      }),
    );
  });

  it('one more right answer in any test never lowers the final score', () => {
    fc.assert(
      fc.property(history, fc.nat(), (batches, pick) => {
        const fixed = batches.map((b) => ({ attempted: b.attempted, correct: Math.min(b.correct, b.attempted) }));
        const i = fixed.findIndex((b, j) => j >= pick % Math.max(1, fixed.length) && b.correct < b.attempted);
        if (i < 0) return;
        const better = fixed.map((b, j) => (j === i ? { ...b, correct: b.correct + 1 } : b));
        expect(run(better).masteryScore).toBeGreaterThanOrEqual(run(fixed).masteryScore - 1e-12);
      }),
    );
  });

  it('reaches Expert only with sustained accuracy: 10 perfect tests yes, one perfect test no', () => {
    const once = applyAnswers(null, { attempted: 20, correct: 20 });
    expect(masteryLevel(once.masteryScore)).toBe('Advanced');
    const ten = run(Array.from({ length: 10 }, () => ({ attempted: 20, correct: 20 })));
    expect(masteryLevel(ten.masteryScore)).toBe('Expert');
  });

  it('weights recent answers more: the same answers in the other order differ', () => {
    const improving = run([
      { attempted: 20, correct: 8 },
      { attempted: 20, correct: 18 },
    ]);
    const declining = run([
      { attempted: 20, correct: 18 },
      { attempted: 20, correct: 8 },
    ]);
    expect(improving.correctAnswers).toBe(declining.correctAnswers);
    expect(improving.recentPerformance).toBeGreaterThan(0.65);
    expect(declining.recentPerformance).toBeLessThan(0.65);
  });

  it('an empty test changes nothing', () => {
    const state = applyAnswers(null, { attempted: 20, correct: 10 });
    expect(applyAnswers(state, { attempted: 0, correct: 0 })).toEqual(state);
  });
});
