import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AreaTallies,
  answerWeight,
  type BlueprintArea,
  estimateEvidence,
  estimateReadiness,
  examSplit,
  RELIABLE_HALF_WIDTH,
  tallyAnswers,
} from './readiness';

const BLUEPRINT: BlueprintArea[] = [
  { name: 'Hydraulic', share: 30 },
  { name: 'Drum', share: 15 },
  { name: 'Disc', share: 25 },
  { name: 'Parking', share: 10 },
  { name: 'ABS', share: 20 },
];

type Answer = { area: number; difficulty: number; correct: boolean };

function evidenceOf(answers: readonly Answer[]): AreaTallies {
  return tallyAnswers(
    {},
    answers.map((a) => ({
      contentArea: BLUEPRINT[a.area % BLUEPRINT.length]!.name,
      difficulty: a.difficulty,
      correct: a.correct,
    })),
  );
}

const answer = fc.record({
  area: fc.nat({ max: 4 }),
  difficulty: fc.double({ min: 0, max: 1, noNaN: true }),
  correct: fc.boolean(),
});
const answers = fc.array(answer, { minLength: 1, maxLength: 120 });
const estimate = (list: readonly Answer[]) => estimateReadiness(BLUEPRINT, evidenceOf(list));
const halfWidth = (list: readonly Answer[]) => estimate(list).margin as number;

describe('answer weights', () => {
  it('a right answer to a hard question and a wrong answer to an easy one weigh the most', () => {
    expect(answerWeight(0.9, true)).toBeCloseTo(1.4);
    expect(answerWeight(0.1, true)).toBeCloseTo(0.6);
    expect(answerWeight(0.1, false)).toBeCloseTo(1.4);
    expect(answerWeight(0.9, false)).toBeCloseTo(0.6);
    expect(answerWeight(0.5, true)).toBe(1);
    expect(answerWeight(0.5, false)).toBe(1);
  });
});

describe('content-area tallies', () => {
  it('adds answers to their area without changing the previous tallies', () => {
    const first = tallyAnswers({}, [
      { contentArea: 'Disc', difficulty: 0.5, correct: true },
      { contentArea: 'Disc', difficulty: 0.9, correct: false },
    ]);
    expect(first).toEqual({ Disc: { attempted: 2, correct: 1, weightedCorrect: 1, weightedWrong: 0.6 } });
    const second = tallyAnswers(first, [{ contentArea: 'ABS', difficulty: 0.2, correct: true }]);
    expect(second.ABS).toEqual({ attempted: 1, correct: 1, weightedCorrect: 0.7, weightedWrong: 0 });
    expect(second.Disc).toEqual(first.Disc);
    expect(first.ABS).toBeUndefined();
  });
});

describe('exam split by blueprint', () => {
  it('adds up to the exam length and follows the shares', () => {
    expect(examSplit([0.3, 0.15, 0.25, 0.1, 0.2])).toEqual([15, 8, 12, 5, 10]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 8 }), (raw) => {
        const total = raw.reduce((a, b) => a + b, 0);
        const split = examSplit(raw.map((r) => r / total));
        expect(split.reduce((a, b) => a + b, 0)).toBe(50);
        for (const [i, n] of split.entries()) expect(Math.abs(n - (raw[i]! / total) * 50)).toBeLessThan(1);
      }),
    );
  });
});

describe('readiness estimate', () => {
  it('gives no estimate before any answer', () => {
    expect(estimateReadiness(BLUEPRINT, {})).toMatchObject({
      passProbability: null,
      expectedScore: null,
      reliable: false,
      testsNeeded: null,
      questionsAttempted: 0,
    });
  });

  it('stays within 0..1 with the expected score inside its band', () => {
    fc.assert(
      fc.property(answers, (list) => {
        const r = estimate(list);
        expect(r.passProbability).not.toBeNull();
        expect(r.passProbability as number).toBeGreaterThanOrEqual(0);
        expect(r.passProbability as number).toBeLessThanOrEqual(1);
        expect(r.bandLow as number).toBeLessThanOrEqual(r.expectedScore as number);
        expect(r.bandHigh as number).toBeGreaterThanOrEqual(r.expectedScore as number);
        expect(r.bandLow as number).toBeGreaterThanOrEqual(0);
        expect(r.bandHigh as number).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('more correct answers never lower it: turning a wrong answer right', () => {
    fc.assert(
      fc.property(answers, fc.nat(), (list, pick) => {
        const i = pick % list.length;
        if (list[i]!.correct) return;
        const better = list.map((a, j) => (j === i ? { ...a, correct: true } : a));
        expect(estimate(better).passProbability as number).toBeGreaterThanOrEqual(
          (estimate(list).passProbability as number) - 1e-9,
        );
        expect(estimate(better).expectedScore as number).toBeGreaterThan(estimate(list).expectedScore as number);
      }),
    );
  });

  it('more correct answers never lower it: one more right answer, anywhere, at any difficulty', () => {
    fc.assert(
      fc.property(answers, answer, (list, extra) => {
        const before = estimate(list).passProbability as number;
        const right = estimate([...list, { ...extra, correct: true }]).passProbability as number;
        const wrong = estimate([...list, { ...extra, correct: false }]).passProbability as number;
        expect(right).toBeGreaterThanOrEqual(before - 1e-9);
        expect(wrong).toBeLessThanOrEqual(before + 1e-9);
      }),
    );
  });

  it('the band narrows with data: any further answer, right or wrong, never widens it', () => {
    fc.assert(
      fc.property(answers, answer, (list, extra) => {
        expect(halfWidth([...list, extra])).toBeLessThanOrEqual(halfWidth(list) + 1e-12);
      }),
    );
  });

  it('a perfect first test is not yet a reliable estimate', () => {
    const perfect = Array.from({ length: 20 }, (_, i) => ({ area: i % 5, difficulty: 0.5, correct: true }));
    const r = estimate(perfect);
    expect(r.reliable).toBe(false);
    expect(r.testsNeeded).toBeGreaterThan(0);
    expect(r.passProbability as number).toBeGreaterThan(0.8);
  });

  it('the band narrows with data: the same answers twice over give a narrower band', () => {
    fc.assert(
      fc.property(answers, (list) => {
        expect(halfWidth([...list, ...list])).toBeLessThanOrEqual(halfWidth(list) + 1e-12);
      }),
    );
  });

  it('the band narrows with data: a long steady record is reliable, a single test is not', () => {
    const test = (right: number): Answer[] =>
      Array.from({ length: 20 }, (_, i) => ({ area: i % 5, difficulty: 0.5, correct: i < right }));
    const one = estimate(test(16));
    expect(one.reliable).toBe(false);
    expect(one.testsNeeded).toBeGreaterThan(0);
    const many = estimate(Array.from({ length: 10 }, () => test(16)).flat());
    expect(many.reliable).toBe(true);
    expect(many.testsNeeded).toBe(0);
    expect((many.bandHigh as number) - (many.bandLow as number)).toBeLessThanOrEqual(2 * RELIABLE_HALF_WIDTH);
    expect((one.bandHigh as number) - (one.bandLow as number)).toBeGreaterThan(
      (many.bandHigh as number) - (many.bandLow as number),
    );
    // Tests still needed fall as tests are taken.
    const three = estimate(Array.from({ length: 3 }, () => test(16)).flat());
    expect(three.testsNeeded as number).toBeLessThan(one.testsNeeded as number);
  });

  it('reads like a pass for a strong record and a fail for a weak one', () => {
    const record = (rate: number) =>
      Array.from({ length: 200 }, (_, i) => ({ area: i % 5, difficulty: 0.5, correct: i % 10 < rate * 10 }));
    expect(estimate(record(0.9)).passProbability as number).toBeGreaterThan(0.95);
    expect(estimate(record(0.5)).passProbability as number).toBeLessThan(0.05);
    expect(estimate(record(0.9)).expectedScore as number).toBeCloseTo(0.9, 1);
  });

  it('weights by the blueprint: a weak area that is a large share of the test costs more', () => {
    const weakIn = (area: number): Answer[] =>
      Array.from({ length: 100 }, (_, i) => ({
        area: i % 5,
        difficulty: 0.5,
        correct: i % 5 !== area || i % 10 === 0,
      }));
    // Area 0 is 30 % of the test, area 3 is 10 %.
    expect(estimate(weakIn(0)).expectedScore as number).toBeLessThan(estimate(weakIn(3)).expectedScore as number);
  });

  it('an area never practised borrows the category accuracy, with wider doubt', () => {
    const onlyFour = Array.from({ length: 80 }, (_, i) => ({ area: i % 4, difficulty: 0.5, correct: i % 5 !== 0 }));
    const r = estimate(onlyFour);
    expect(r.expectedScore as number).toBeGreaterThan(0.7);
    expect(r.expectedScore as number).toBeLessThan(0.85);
  });
});

describe('evidence before a chance of passing is shown', () => {
  it('needs three tests of answers: 1 test is "1 of 3", 59 answers are 2, 60 are enough', () => {
    expect(estimateEvidence(0)).toEqual({ tests: 0, needed: 3, enough: false });
    expect(estimateEvidence(20)).toEqual({ tests: 1, needed: 3, enough: false });
    expect(estimateEvidence(59)).toEqual({ tests: 2, needed: 3, enough: false });
    expect(estimateEvidence(60)).toEqual({ tests: 3, needed: 3, enough: true });
    expect(estimateEvidence(400)).toEqual({ tests: 3, needed: 3, enough: true });
  });
});
