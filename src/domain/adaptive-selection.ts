import { shuffle } from './shuffle';

/**
 * Adaptive question selection (docs/PRODUCT.md#tests, ADR 0004), as a pure function.
 * The DB-backed service gathers the inputs; this decides. ADR 0004 describes the algorithm.
 */

/** A question is mastered once answered correctly this many times, and then left out (docs/PRODUCT.md#tests). */
export const MASTERED_AFTER_CORRECT = 3;
/** Target difficulty is the user's skill in the category plus 15 percentage points (docs/PRODUCT.md#tests). */
export const DIFFICULTY_STEP = 0.15;
/** Skill assumed for a category the user has never practised. */
export const DEFAULT_SKILL = 0.5;

export interface AdaptiveCandidate {
  id: string;
  contentArea: string;
  /** 0 (everyone gets it right) to 1 (nobody does). */
  difficulty: number;
  /** How many times this user answered it correctly. */
  timesCorrect: number;
}

export interface AdaptiveInput {
  candidates: readonly AdaptiveCandidate[];
  /** The user's skill in the category, 0..1 (mastery score); null when never practised. */
  skill: number | null;
  /** Accuracy per content area for this user, 0..1; areas never answered are absent. */
  areaAccuracy: ReadonlyMap<string, number>;
  count: number;
  /** Uniform [0, 1) source; injected so tests are deterministic. */
  random?: () => number;
}

export function isMastered(timesCorrect: number): boolean {
  return timesCorrect >= MASTERED_AFTER_CORRECT;
}

/** Whether the right answers just given (`added`) took a question, now right `timesCorrect` times, over the line. */
export function becameMastered(timesCorrect: number, added: number): boolean {
  return isMastered(timesCorrect) && !isMastered(timesCorrect - added);
}

export function targetDifficulty(skill: number | null): number {
  return Math.min(1, (skill ?? DEFAULT_SKILL) + DIFFICULTY_STEP);
}

/**
 * Weight of one candidate: closeness to the target difficulty (1 at the target, falling linearly)
 * times the content-area weight (1 + error rate, so a weak area counts up to twice as much;
 * an unpractised area counts 1.5, as unknown as a coin flip).
 */
export function candidateWeight(
  candidate: AdaptiveCandidate,
  target: number,
  areaAccuracy: ReadonlyMap<string, number>,
) {
  const closeness = 1 - Math.min(1, Math.abs(candidate.difficulty - target));
  const accuracy = areaAccuracy.get(candidate.contentArea);
  const areaWeight = 1 + (1 - (accuracy ?? 0.5));
  // A small floor keeps every unmastered question reachable.
  return (0.05 + closeness) * areaWeight;
}

/** Weighted sampling without replacement (Efraimidis–Spirakis keys). */
function weightedSample<T>(items: readonly T[], weight: (item: T) => number, count: number, random: () => number): T[] {
  return items
    .map((item) => ({ item, key: random() ** (1 / Math.max(weight(item), 1e-9)) }))
    .sort((a, b) => b.key - a.key)
    .slice(0, count)
    .map((entry) => entry.item);
}

/**
 * Picks up to `count` distinct question ids: unmastered questions weighted towards the target
 * difficulty and the user's weak content areas; when there are too few, the rest is filled at
 * random from the mastered ones (the random fallback). Never repeats an id.
 */
export function selectAdaptiveQuestions(input: AdaptiveInput): string[] {
  const random = input.random ?? Math.random;
  const count = Math.max(0, Math.floor(input.count));
  const unique = [...new Map(input.candidates.map((c) => [c.id, c])).values()];
  const fresh = unique.filter((c) => !isMastered(c.timesCorrect));
  const target = targetDifficulty(input.skill);
  const chosen = weightedSample(fresh, (c) => candidateWeight(c, target, input.areaAccuracy), count, random);
  if (chosen.length < count) {
    const mastered = unique.filter((c) => isMastered(c.timesCorrect));
    chosen.push(...shuffle(mastered, random).slice(0, count - chosen.length));
  }
  // The order shown is random too, so difficulty does not rise predictably through the test.
  return shuffle(chosen, random).map((c) => c.id);
}
