import { EXAM_DURATION_SECONDS } from './exam-assembly';
import { shuffle } from './shuffle';

/**
 * The ASE simulation (ADR 0021): a category's real test — its number of scored questions, its
 * time, its content areas in the proportions of ASE's table — plus unscored research items mixed in and not
 * identified, as on the real test.
 */

/** Unscored (research) items on a real ASE test: about 10. */
export const SIMULATION_UNSCORED_ITEMS = 10;

/**
 * Scored questions per content area: each area's share of the total, rounded so that they add up to the
 * total exactly (largest remainder; ties to the larger share, then to the earlier area).
 */
export function simulationAreaCounts(
  areas: readonly { name: string; share: number }[],
  scoredQuestions: number,
): Map<string, number> {
  const totalShare = areas.reduce((sum, a) => sum + a.share, 0);
  const exact = areas.map((a, i) => ({ ...a, i, exact: (a.share / totalShare) * scoredQuestions }));
  const counts = new Map(exact.map((a) => [a.name, Math.floor(a.exact)]));
  let left = scoredQuestions - [...counts.values()].reduce((sum, n) => sum + n, 0);
  const byRemainder = [...exact].sort(
    (a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || b.share - a.share || a.i - b.i,
  );
  for (const area of byRemainder) {
    if (left === 0) break;
    counts.set(area.name, (counts.get(area.name) ?? 0) + 1);
    left -= 1;
  }
  return counts;
}

export interface SimulationDraw {
  /** Question ids in the order asked. */
  questionIds: string[];
  /** Positions (0-based) of the unscored items. */
  unscored: number[];
}

/**
 * A shuffled pool ordered so that every prefix holds each format (two-technician, negative, …) in about its
 * share of the pool: the next item is of the format furthest behind its share, ties in shuffled
 * order. Drawing the first n then keeps the bank's mix of formats, as the real test mixes them.
 */
export function spreadByFormat(
  pool: readonly string[],
  formatOf: ReadonlyMap<string, string>,
  random: () => number,
): string[] {
  const groups = new Map<string, string[]>();
  for (const id of shuffle(pool, random)) {
    const format = formatOf.get(id) ?? '';
    const group = groups.get(format);
    if (group) group.push(id);
    else groups.set(format, [id]);
  }
  const taken = new Map([...groups.keys()].map((f) => [f, 0]));
  const out: string[] = [];
  while (out.length < pool.length) {
    let best = '';
    let bestLag = Number.NEGATIVE_INFINITY;
    for (const [format, ids] of groups) {
      const used = taken.get(format) ?? 0;
      if (used >= ids.length) continue;
      const lag = (ids.length * (out.length + 1)) / pool.length - used;
      if (lag > bestLag) {
        best = format;
        bestLag = lag;
      }
    }
    const used = taken.get(best) ?? 0;
    const next = groups.get(best)?.[used];
    // Never undefined: while `out` is shorter than the pool some format has ids left, and `best` is one.
    if (next === undefined) break;
    out.push(next);
    taken.set(best, used + 1);
  }
  return out;
}

/**
 * Draws a simulation with no question twice: per area its count of scored questions (an area short of
 * questions gives what it has and the rest come from the other areas), then the unscored items from
 * what is left, all shuffled together. Within an area the formats keep the pool's mix (spreadByFormat).
 */
export function assembleSimulation(
  poolsByArea: ReadonlyMap<string, readonly string[]>,
  counts: ReadonlyMap<string, number>,
  unscoredCount = SIMULATION_UNSCORED_ITEMS,
  random: () => number = Math.random,
  formatOf: ReadonlyMap<string, string> = new Map(),
): SimulationDraw {
  const scored: string[] = [];
  const rest: string[] = [];
  for (const [area, pool] of poolsByArea) {
    const shuffled = spreadByFormat(pool, formatOf, random);
    const n = counts.get(area) ?? 0;
    scored.push(...shuffled.slice(0, n));
    rest.push(...shuffled.slice(n));
  }
  const wanted = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const spare = shuffle(rest, random);
  scored.push(...spare.splice(0, Math.max(0, wanted - scored.length)));
  const unscored = spare.slice(0, unscoredCount);
  const slots = shuffle(
    [...scored.map((id) => ({ id, scored: true })), ...unscored.map((id) => ({ id, scored: false }))],
    random,
  );
  return {
    questionIds: slots.map((s) => s.id),
    unscored: slots.flatMap((s, i) => (s.scored ? [] : [i])),
  };
}

/**
 * The simulation's time limit in seconds: the real test's minutes, scaled like the exam when a test run
 * shortens the exam (`EXAM_DURATION_SECONDS` in NODE_ENV=test); the real minutes otherwise.
 */
export function simulationSeconds(minutes: number, examDurationSeconds: number): number {
  return Math.max(1, Math.round((minutes * 60 * examDurationSeconds) / EXAM_DURATION_SECONDS));
}
