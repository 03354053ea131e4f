import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AdaptiveCandidate,
  becameMastered,
  candidateWeight,
  isMastered,
  selectAdaptiveQuestions,
  targetDifficulty,
} from './adaptive-selection';

const candidate = (id: string, over: Partial<AdaptiveCandidate> = {}): AdaptiveCandidate => ({
  id,
  contentArea: 'Area 1',
  difficulty: 0.5,
  timesCorrect: 0,
  ...over,
});

function seeded(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('mastery and target difficulty', () => {
  it('a question is mastered after 3 correct answers, not 2', () => {
    expect(isMastered(2)).toBe(false);
    expect(isMastered(3)).toBe(true);
    expect(becameMastered(3, 1)).toBe(true);
    expect(becameMastered(4, 2)).toBe(true);
    expect(becameMastered(4, 1)).toBe(false);
    expect(becameMastered(2, 2)).toBe(false);
  });
  it('targets skill + 15%, capped at 1, with 0.5 assumed for an unpractised category', () => {
    expect(targetDifficulty(0.4)).toBeCloseTo(0.55);
    expect(targetDifficulty(0.9)).toBe(1);
    expect(targetDifficulty(null)).toBeCloseTo(0.65);
  });
  it('weights questions near the target and in weak areas higher', () => {
    const areas = new Map([
      ['weak', 0.2],
      ['strong', 0.95],
    ]);
    expect(candidateWeight(candidate('a', { difficulty: 0.6 }), 0.6, areas)).toBeGreaterThan(
      candidateWeight(candidate('b', { difficulty: 0.1 }), 0.6, areas),
    );
    expect(candidateWeight(candidate('a', { contentArea: 'weak' }), 0.5, areas)).toBeGreaterThan(
      candidateWeight(candidate('b', { contentArea: 'strong' }), 0.5, areas),
    );
  });
});

const arbCandidates = fc.array(
  fc.record({
    id: fc.string({ minLength: 1, maxLength: 4 }),
    contentArea: fc.constantFrom('a', 'b', 'c'),
    difficulty: fc.double({ min: 0, max: 1, noNaN: true }),
    timesCorrect: fc.integer({ min: 0, max: 5 }),
  }),
  { maxLength: 60 },
);

describe('selectAdaptiveQuestions properties', () => {
  it('never repeats, respects count, and returns min(count, distinct candidates)', () => {
    fc.assert(
      fc.property(arbCandidates, fc.integer({ min: 0, max: 30 }), fc.integer(), (candidates, count, seed) => {
        const ids = selectAdaptiveQuestions({
          candidates,
          skill: 0.5,
          areaAccuracy: new Map(),
          count,
          random: seeded(seed),
        });
        const distinct = new Set(candidates.map((c) => c.id)).size;
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.length).toBe(Math.min(count, distinct));
        for (const id of ids) expect(candidates.some((c) => c.id === id)).toBe(true);
      }),
    );
  });

  it('excludes mastered questions whenever enough unmastered ones exist', () => {
    fc.assert(
      fc.property(arbCandidates, fc.integer({ min: 1, max: 20 }), fc.integer(), (candidates, count, seed) => {
        const unique = [...new Map(candidates.map((c) => [c.id, c])).values()];
        const fresh = unique.filter((c) => c.timesCorrect < 3);
        const ids = selectAdaptiveQuestions({
          candidates,
          skill: 0.3,
          areaAccuracy: new Map(),
          count,
          random: seeded(seed),
        });
        const masteredIds = new Set(unique.filter((c) => c.timesCorrect >= 3).map((c) => c.id));
        const masteredPicked = ids.filter((id) => masteredIds.has(id)).length;
        expect(masteredPicked).toBe(Math.max(0, Math.min(count, unique.length) - fresh.length));
      }),
    );
  });

  it('fills from mastered questions at random when too few unmastered remain (fallback)', () => {
    const candidates = [
      candidate('new1'),
      candidate('new2'),
      ...Array.from({ length: 10 }, (_, i) => candidate(`m${i}`, { timesCorrect: 3 })),
    ];
    const ids = selectAdaptiveQuestions({
      candidates,
      skill: 0.5,
      areaAccuracy: new Map(),
      count: 5,
      random: seeded(7),
    });
    expect(ids).toHaveLength(5);
    expect(ids).toContain('new1');
    expect(ids).toContain('new2');
  });

  it('prefers the weak content area over many draws', () => {
    const candidates = [
      ...Array.from({ length: 50 }, (_, i) => candidate(`w${i}`, { contentArea: 'weak' })),
      ...Array.from({ length: 50 }, (_, i) => candidate(`s${i}`, { contentArea: 'strong' })),
    ];
    const areaAccuracy = new Map([
      ['weak', 0.1],
      ['strong', 1],
    ]);
    let weak = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const ids = selectAdaptiveQuestions({ candidates, skill: 0.35, areaAccuracy, count: 20, random: seeded(seed) });
      weak += ids.filter((id) => id.startsWith('w')).length;
    }
    expect(weak / (50 * 20)).toBeGreaterThan(0.6);
  });
});
