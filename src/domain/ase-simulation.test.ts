import { describe, expect, it } from 'vitest';
import categories from '../../content/categories.json';
import { assembleSimulation, simulationAreaCounts, simulationSeconds, spreadByFormat } from './ase-simulation';
import { EXAM_DURATION_SECONDS } from './exam-assembly';

/** A repeatable random source. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('simulationAreaCounts', () => {
  it('follows the shares and adds up to the scored total for every category', () => {
    for (const c of categories) {
      const counts = simulationAreaCounts(c.areas, c.simulation.scoredQuestions);
      expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(c.simulation.scoredQuestions);
      for (const area of c.areas) {
        const exact = (area.share / 100) * c.simulation.scoredQuestions;
        expect(Math.abs((counts.get(area.name) ?? 0) - exact)).toBeLessThan(1);
      }
    }
  });
  it('gives A5 (45 scored) 11 · 5 · 10 · 4 · 6 · 9 by largest remainder', () => {
    const a5 = categories.find((c) => c.code === 'A5');
    expect([...simulationAreaCounts(a5?.areas ?? [], 45).values()]).toEqual([11, 5, 10, 4, 6, 9]);
  });
});

describe('assembleSimulation', () => {
  const pools = new Map([
    ['Hydraulics', Array.from({ length: 30 }, (_, i) => `h-${i}`)],
    ['Drums', Array.from({ length: 3 }, (_, i) => `d-${i}`)],
    ['Discs', Array.from({ length: 30 }, (_, i) => `c-${i}`)],
  ]);
  const counts = new Map([
    ['Hydraulics', 10],
    ['Drums', 5],
    ['Discs', 10],
  ]);

  it('draws each area its count, no repeats, and 10 unscored items at their positions', () => {
    const draw = assembleSimulation(
      new Map([...pools].map(([k, v]) => [k, k === 'Drums' ? [...v, 'd-3', 'd-4', 'd-5'] : v])),
      counts,
      10,
      seeded(7),
    );
    expect(draw.questionIds).toHaveLength(35);
    expect(new Set(draw.questionIds).size).toBe(35);
    expect(draw.unscored).toHaveLength(10);
    const scored = draw.questionIds.filter((_, i) => !draw.unscored.includes(i));
    expect(scored.filter((id) => id.startsWith('h-'))).toHaveLength(10);
    expect(scored.filter((id) => id.startsWith('d-'))).toHaveLength(5);
    expect(scored.filter((id) => id.startsWith('c-'))).toHaveLength(10);
  });

  it('fills an area that is short from the others, still without repeats', () => {
    const draw = assembleSimulation(pools, counts, 10, seeded(3));
    const scored = draw.questionIds.filter((_, i) => !draw.unscored.includes(i));
    expect(scored).toHaveLength(25);
    expect(scored.filter((id) => id.startsWith('d-'))).toHaveLength(3);
    expect(new Set(draw.questionIds).size).toBe(draw.questionIds.length);
  });

  it('mixes the unscored items in rather than putting them at the end', () => {
    const draw = assembleSimulation(pools, counts, 10, seeded(11));
    expect(draw.unscored.some((p) => p < 25)).toBe(true);
  });
});

describe('simulationSeconds', () => {
  it('is the real minutes with the real exam time, scaled when a test run shortens the exam', () => {
    expect(simulationSeconds(75, EXAM_DURATION_SECONDS)).toBe(4500);
    expect(simulationSeconds(60, 60)).toBe(60);
    expect(simulationSeconds(90, 6)).toBe(9);
  });
});

describe('spreadByFormat', () => {
  const pool = Array.from({ length: 100 }, (_, i) => `q-${i}`);
  const formatOf = new Map(
    pool.map((id, i) => [id, i < 10 ? 'negative' : i < 26 ? 'two-technician' : i < 50 ? 'most-likely' : 'direct']),
  );
  const count = (ids: string[], format: string) => ids.filter((id) => formatOf.get(id) === format).length;

  it('keeps the pool’s mix in every prefix: 20 of 100 hold 2 negatives and 3 two-technician items', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const spread = spreadByFormat(pool, formatOf, seeded(seed));
      expect(new Set(spread).size).toBe(100);
      expect(count(spread.slice(0, 20), 'negative')).toBe(2);
      expect(count(spread.slice(0, 20), 'two-technician')).toBeGreaterThanOrEqual(3);
      expect(count(spread.slice(0, 20), 'two-technician')).toBeLessThanOrEqual(4);
      expect(count(spread.slice(0, 10), 'negative')).toBe(1);
    }
  });

  it('still shuffles: two seeds order the pool differently', () => {
    expect(spreadByFormat(pool, formatOf, seeded(1))).not.toEqual(spreadByFormat(pool, formatOf, seeded(2)));
  });

  it('draws a simulation whose scored items keep the formats’ shares', () => {
    const draw = assembleSimulation(new Map([['All', pool]]), new Map([['All', 50]]), 0, seeded(9), formatOf);
    expect(count(draw.questionIds, 'negative')).toBe(5);
    expect(count(draw.questionIds, 'two-technician')).toBe(8);
  });
});
