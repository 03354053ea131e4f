import { PASS_MARK } from './constants';

/**
 * The readiness estimate (ADR 0015): for one ASE test, the probability that the technician passes an
 * exam built to the test's content-area blueprint, with a band around the exam score we expect, from
 * the technician's own answers weighted by each question's difficulty.
 *
 * Model, per content area a of the category:
 * - evidence: a right answer to a question of difficulty d (0 easy … 1 hard) counts 0.5 + d successes,
 *   a wrong one 1.5 − d failures — right on a hard question and wrong on an easy one say the most;
 * - the chance p_a of answering one of the area's exam questions right is Beta(α_a, β_a): the area's
 *   evidence on top of a weak prior (worth AREA_PRIOR answers) centred on the technician's whole-category
 *   accuracy, so an area never practised borrows from the rest of the category, with wide doubt;
 * - the exam has EXAM_QUESTIONS questions split by the blueprint's shares; the right answers in area a
 *   are Beta-binomial(n_a, α_a, β_a), and the areas are independent given the evidence;
 * - P(pass) = P(total right ≥ PASS_MARK % of the exam), computed exactly by convolution: the luck of
 *   the exam's draw and our doubt about the technician are both in it.
 * The band is an 80 % interval of the expected exam score Σ share_a · p_a (normal approximation) with
 * each area's spread taken at its largest, p(1 − p) = 1/4: it depends only on how much evidence there
 * is, so a perfect first test is not mistaken for certainty, and it never claims more than the data give.
 * More right answers never lower P(pass) (each p_a only grows stochastically), and every answer narrows
 * the band.
 */

/** Questions on the simulated exam (ASE's A-series tests score 40–50; the pass mark is the product's 70 %). */
export const EXAM_QUESTIONS = 50;
/** Strength, in answers, of an area's prior drawn from the whole category. */
export const AREA_PRIOR = 2;
/** The band is an 80 % interval: ± this many standard deviations. */
export const BAND_Z = 1.2816;
/** The estimate is called reliable once the band is at most ± 8 points. */
export const RELIABLE_HALF_WIDTH = 0.08;
/** A category test has up to 20 questions: the unit of "take N more tests". */
export const QUESTIONS_PER_TEST = 20;
/** Beyond this many more tests the advice stops counting. */
export const MAX_TESTS_ADVISED = 20;
/**
 * A chance of passing is shown only after this many tests' worth of answers in the category:
 * from one test the model can say 0 % or 100 %, which reads as a verdict, not an estimate.
 */
export const TESTS_BEFORE_ESTIMATE = 3;

/** How much of the evidence a chance of passing needs there is: whole tests' worth of answers, of 3. */
export function estimateEvidence(questionsAttempted: number): { tests: number; needed: number; enough: boolean } {
  const tests = Math.floor(Math.max(0, questionsAttempted) / QUESTIONS_PER_TEST);
  return {
    tests: Math.min(tests, TESTS_BEFORE_ESTIMATE),
    needed: TESTS_BEFORE_ESTIMATE,
    enough: tests >= TESTS_BEFORE_ESTIMATE,
  };
}

export interface BlueprintArea {
  name: string;
  /** Percent of the test, as `ase_categories.content_areas` holds it. */
  share: number;
}

/** A technician's answers in one content area, as `user_category_mastery.area_stats` keeps them. */
export interface AreaTally {
  attempted: number;
  correct: number;
  /** Σ (0.5 + difficulty) over right answers. */
  weightedCorrect: number;
  /** Σ (1.5 − difficulty) over wrong answers. */
  weightedWrong: number;
}
/** By content-area name. */
export type AreaTallies = Record<string, AreaTally>;

/** The evidence one answer adds (difficulty 0..1). */
export function answerWeight(difficulty: number, correct: boolean): number {
  const d = Math.min(1, Math.max(0, difficulty));
  return correct ? 0.5 + d : 1.5 - d;
}

/** The tallies with more answers added (a new object; the previous one is left as it was). */
export function tallyAnswers(
  previous: AreaTallies,
  answers: readonly { contentArea: string; difficulty: number; correct: boolean }[],
): AreaTallies {
  const next: AreaTallies = {};
  for (const [area, t] of Object.entries(previous)) next[area] = { ...t };
  for (const a of answers) {
    const t = next[a.contentArea] ?? { attempted: 0, correct: 0, weightedCorrect: 0, weightedWrong: 0 };
    t.attempted += 1;
    if (a.correct) {
      t.correct += 1;
      t.weightedCorrect += answerWeight(a.difficulty, true);
    } else {
      t.weightedWrong += answerWeight(a.difficulty, false);
    }
    next[a.contentArea] = t;
  }
  return next;
}

export interface ReadinessEstimate {
  /** 0..1; null before any answer in the category. */
  passProbability: number | null;
  /** Expected exam score and its 80 % band, 0..1; null before any answer. */
  expectedScore: number | null;
  bandLow: number | null;
  bandHigh: number | null;
  /** Half the band's width before it is clipped to 0..1. */
  margin: number | null;
  reliable: boolean;
  /** Category tests (20 questions) still needed for a reliable estimate; 0 when reliable; null when uncountable. */
  testsNeeded: number | null;
  questionsAttempted: number;
}

interface AreaPosterior {
  share: number;
  alpha: number;
  beta: number;
}

function posteriors(blueprint: readonly BlueprintArea[], tallies: AreaTallies): AreaPosterior[] {
  let success = 0;
  let failure = 0;
  for (const e of Object.values(tallies)) {
    success += Math.max(0, e.weightedCorrect);
    failure += Math.max(0, e.weightedWrong);
  }
  // The whole category's accuracy, from a flat prior: the centre of every area's prior.
  const categoryMean = (1 + success) / (2 + success + failure);
  const prior = (alpha: number, beta: number, share: number): AreaPosterior => ({
    share,
    alpha: AREA_PRIOR * categoryMean + alpha,
    beta: AREA_PRIOR * (1 - categoryMean) + beta,
  });
  const areas = blueprint.filter((a) => a.share > 0);
  const totalShare = areas.reduce((n, a) => n + a.share, 0);
  // A category without a blueprint is one area holding all its answers.
  if (totalShare <= 0) return [prior(success, failure, 1)];
  return areas.map((area) => {
    const e = Object.hasOwn(tallies, area.name) ? tallies[area.name] : undefined;
    return prior(Math.max(0, e?.weightedCorrect ?? 0), Math.max(0, e?.weightedWrong ?? 0), area.share / totalShare);
  });
}

/** Exam questions per area: shares of EXAM_QUESTIONS by largest remainder, so they add up. */
export function examSplit(shares: readonly number[], total = EXAM_QUESTIONS): number[] {
  const exact = shares.map((s) => s * total);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((n, c) => n + c, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    counts[i] = (counts[i] ?? 0) + 1;
    left -= 1;
  }
  return counts;
}

/** P(Y = k), k = 0..n, for Y ~ Beta-binomial(n, α, β), from the ratio of successive terms in log space. */
function betaBinomial(n: number, alpha: number, beta: number): number[] {
  const logs = new Array<number>(n + 1);
  let log = 0;
  for (let j = 0; j < n; j++) log += Math.log((beta + j) / (alpha + beta + j));
  logs[0] = log;
  for (let k = 0; k < n; k++) {
    log += Math.log(((n - k) / (k + 1)) * ((alpha + k) / (beta + n - k - 1)));
    logs[k + 1] = log;
  }
  const top = Math.max(...logs);
  const weights = logs.map((l) => Math.exp(l - top));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / sum);
}

function convolve(a: number[], b: number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((x, i) => {
    if (x === 0) return;
    b.forEach((y, j) => {
      out[i + j] = (out[i + j] ?? 0) + x * y;
    });
  });
  return out;
}

function passProbabilityOf(areas: readonly AreaPosterior[]): number {
  const split = examSplit(areas.map((a) => a.share));
  let total = [1];
  areas.forEach((area, i) => {
    const count = split[i] ?? 0;
    if (count > 0) total = convolve(total, betaBinomial(count, area.alpha, area.beta));
  });
  const needed = Math.ceil((PASS_MARK / 100) * EXAM_QUESTIONS - 1e-9);
  let p = 0;
  for (const share of total.slice(needed)) p += share;
  return Math.min(1, Math.max(0, p));
}

function scoreBand(areas: readonly AreaPosterior[]) {
  let mean = 0;
  let variance = 0;
  for (const { share, alpha, beta } of areas) {
    mean += (share * alpha) / (alpha + beta);
    // The Beta posterior's variance m(1 − m)/(ν + 1), at its largest m(1 − m) = 1/4.
    variance += (share * share * 0.25) / (alpha + beta + 1);
  }
  const half = BAND_Z * Math.sqrt(variance);
  return { mean, half, low: Math.max(0, mean - half), high: Math.min(1, mean + half) };
}

/**
 * The band's half-width after `questions` more answers spread by the blueprint (the band depends only on
 * the amount of evidence, so where they would fall right or wrong does not matter).
 */
function halfWidthWithMore(areas: readonly AreaPosterior[], questions: number): number {
  let variance = 0;
  for (const { share, alpha, beta } of areas)
    variance += (share * share * 0.25) / (alpha + beta + share * questions + 1);
  return BAND_Z * Math.sqrt(variance);
}

export function estimateReadiness(blueprint: readonly BlueprintArea[], tallies: AreaTallies): ReadinessEstimate {
  const questionsAttempted = Object.values(tallies).reduce((n, e) => n + Math.max(0, e.attempted), 0);
  if (questionsAttempted === 0) {
    return {
      passProbability: null,
      expectedScore: null,
      bandLow: null,
      bandHigh: null,
      margin: null,
      reliable: false,
      testsNeeded: null,
      questionsAttempted: 0,
    };
  }
  const areas = posteriors(blueprint, tallies);
  const band = scoreBand(areas);
  const reliable = band.half <= RELIABLE_HALF_WIDTH;
  let testsNeeded: number | null = 0;
  if (!reliable) {
    testsNeeded = null;
    for (let tests = 1; tests <= MAX_TESTS_ADVISED; tests++) {
      if (halfWidthWithMore(areas, tests * QUESTIONS_PER_TEST) <= RELIABLE_HALF_WIDTH) {
        testsNeeded = tests;
        break;
      }
    }
  }
  return {
    passProbability: passProbabilityOf(areas),
    expectedScore: band.mean,
    bandLow: band.low,
    bandHigh: band.high,
    margin: band.half,
    reliable,
    testsNeeded,
    questionsAttempted,
  };
}
