import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEY_SHOWN_WINDOW_DAYS, type ShownCandidate, selectAssignedTestQuestions } from './assigned-test-selection';

const now = new Date('2026-06-10T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const candidate = (id: string, keyShownAt: Date | null, timesCorrect = 0): ShownCandidate => ({
  id,
  contentArea: 'Area',
  difficulty: 0.5,
  timesCorrect,
  keyShownAt,
});
const select = (candidates: ShownCandidate[], count: number, seed = 1) =>
  selectAssignedTestQuestions({ candidates, count, skill: null, areaAccuracy: new Map(), now, random: lcg(seed) });

function lcg(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('assigned tests prefer questions whose key was not shown in the last 30 days', () => {
  it('takes only unseen questions when there are enough', () => {
    const pool = [
      ...Array.from({ length: 20 }, (_, i) => candidate(`seen-${i}`, daysAgo(1))),
      ...Array.from({ length: 20 }, (_, i) => candidate(`new-${i}`, null)),
      ...Array.from({ length: 5 }, (_, i) => candidate(`old-${i}`, daysAgo(KEY_SHOWN_WINDOW_DAYS + 1))),
    ];
    const chosen = select(pool, 20);
    expect(chosen).toHaveLength(20);
    expect(chosen.filter((id) => id.startsWith('seen-'))).toEqual([]);
  });

  it('the window is 30 days: a key shown 29 days ago counts as seen, 30 days ago does not', () => {
    const chosen = select([candidate('29', daysAgo(29)), candidate('30', daysAgo(30))], 1);
    expect(chosen).toEqual(['30']);
  });

  it('fills from the keys shown longest ago only when too few are unseen', () => {
    const pool = [
      candidate('new', null),
      candidate('yesterday', daysAgo(1)),
      candidate('last-week', daysAgo(7)),
      candidate('two-weeks', daysAgo(14)),
    ];
    expect(select(pool, 3).sort()).toEqual(['last-week', 'new', 'two-weeks']);
  });

  it('never repeats a question and returns min(count, distinct) ids', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.integer({ min: 0, max: 40 }), shown: fc.option(fc.integer({ min: 0, max: 60 })) })),
        fc.integer({ min: 0, max: 25 }),
        fc.integer(),
        (rows, count, seed) => {
          const pool = rows.map((r) => candidate(String(r.id), r.shown === null ? null : daysAgo(r.shown)));
          const chosen = select(pool, count, seed);
          expect(new Set(chosen).size).toBe(chosen.length);
          expect(chosen.length).toBe(Math.min(count, new Set(pool.map((c) => c.id)).size));
        },
      ),
      { seed: 14, numRuns: 200 },
    );
  });
});
