import { targetDifficulty } from './adaptive-selection';

/**
 * The mastery model (ADR 0014) and the mastery dashboard's rules (docs/PRODUCT.md#mastery-levels-and-readiness).
 *
 * Per technician and category the server keeps `questions_attempted`, `correct_answers`,
 * `recent_performance` and `mastery_score`:
 * - recent_performance is the technician's accuracy with older answers fading: each later answer
 *   multiplies an answer's weight by RECENCY_DECAY, so the last ~100 answers carry most of it;
 * - mastery_score is that accuracy times a confidence that grows with the answers behind it,
 *   weight / (weight + PRIOR_ANSWERS), so one lucky test is not mastery.
 * Both stay in 0..1. A right answer never lowers the score, a wrong one never raises it.
 */

/** Weight kept by an answer for each answer given after it. */
export const RECENCY_DECAY = 0.99;
/** How many answers' worth of doubt a new category starts with (the confidence is 1/2 at this weight). */
export const PRIOR_ANSWERS = 5;

export interface MasteryState {
  questionsAttempted: number;
  correctAnswers: number;
  /** 0..1, the recency-weighted accuracy. */
  recentPerformance: number;
  /** 0..1 */
  masteryScore: number;
}

export const EMPTY_MASTERY: MasteryState = {
  questionsAttempted: 0,
  correctAnswers: 0,
  recentPerformance: 0,
  masteryScore: 0,
};

/** The total weight of `count` answers given one after another: 1 + d + d² + … (the newest weighs 1). */
export function evidenceWeight(count: number): number {
  if (count <= 0) return 0;
  return (1 - RECENCY_DECAY ** count) / (1 - RECENCY_DECAY);
}

/** mastery_score for an accuracy backed by `attempted` answers. */
export function masteryScoreOf(recentPerformance: number, attempted: number): number {
  const weight = evidenceWeight(attempted);
  return clamp01((recentPerformance * weight) / (weight + PRIOR_ANSWERS));
}

/**
 * The state after one submitted test's answers in the category (`attempted` answered, `correct` of them
 * right). The answers of one test count as given together: each carries the test's average weight.
 */
export function applyAnswers(previous: MasteryState | null, answers: { attempted: number; correct: number }) {
  const before = previous ?? EMPTY_MASTERY;
  const attempted = Math.max(0, Math.floor(answers.attempted));
  const correct = Math.min(attempted, Math.max(0, Math.floor(answers.correct)));
  if (attempted === 0) return before;
  const keep = RECENCY_DECAY ** attempted * evidenceWeight(before.questionsAttempted);
  const added = evidenceWeight(attempted);
  const recentPerformance = clamp01((keep * before.recentPerformance + added * (correct / attempted)) / (keep + added));
  const questionsAttempted = before.questionsAttempted + attempted;
  return {
    questionsAttempted,
    correctAnswers: before.correctAnswers + correct,
    recentPerformance,
    masteryScore: masteryScoreOf(recentPerformance, questionsAttempted),
  } satisfies MasteryState;
}

function clamp01(value: number) {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}

// ---------------------------------------------------------------- dashboard rules (docs/PRODUCT.md#mastery-levels-and-readiness)

export const MASTERY_LEVELS = ['Expert', 'Advanced', 'Intermediate', 'Developing', 'Beginner', 'New'] as const;
export type MasteryLevel = (typeof MASTERY_LEVELS)[number];

/** docs/PRODUCT.md#mastery-levels-and-readiness: 0.9 or more Expert; 0.75 Advanced; 0.6 Intermediate; 0.4 Developing; 0.2 Beginner; below that New. */
export function masteryLevel(score: number): MasteryLevel {
  if (score >= 0.9) return 'Expert';
  if (score >= 0.75) return 'Advanced';
  if (score >= 0.6) return 'Intermediate';
  if (score >= 0.4) return 'Developing';
  if (score >= 0.2) return 'Beginner';
  return 'New';
}

export const DIFFICULTY_LEVELS = ['Hard', 'Medium', 'Easy'] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];

/** docs/PRODUCT.md#mastery-levels-and-readiness: 0.7 or more Hard; 0.4 Medium; else Easy. */
export function difficultyLevel(difficulty: number): DifficultyLevel {
  if (difficulty >= 0.7) return 'Hard';
  if (difficulty >= 0.4) return 'Medium';
  return 'Easy';
}

/** The difficulty the technician's next adaptive test in the category aims at (docs/PRODUCT.md#mastery-levels-and-readiness: skill + 15 %). */
export function nextTestDifficulty(score: number | null): number {
  return targetDifficulty(score);
}

/**
 * docs/PRODUCT.md#mastery-levels-and-readiness: readiness is score × 100, capped at 100, as a whole percent rounded down: it never shows a percent the
 * score has not reached (0.196 reads 19 %, beside the level New that starts Beginner at 0.2). The tiny nudge keeps
 * scores like 0.29, whose product is 28.999…, at their percent.
 */
export function readinessPercent(score: number): number {
  return Math.min(100, Math.max(0, Math.floor(score * 100 + 1e-9)));
}

export const PRACTICE_ADVICE = ['15-20', '30-45', '45-60', '60+'] as const;
export type PracticeAdvice = (typeof PRACTICE_ADVICE)[number];

/**
 * Practice-time advice (docs/PRODUCT.md#mastery-levels-and-readiness), minutes daily: score 0.8 with 50 questions → 15-20; 0.6 with 30 → 30-45;
 * 0.4 with 15 → 45-60; otherwise 60+.
 */
export function practiceAdvice(score: number, questionsAttempted: number): PracticeAdvice {
  if (score >= 0.8 && questionsAttempted >= 50) return '15-20';
  if (score >= 0.6 && questionsAttempted >= 30) return '30-45';
  if (score >= 0.4 && questionsAttempted >= 15) return '45-60';
  return '60+';
}

/** docs/PRODUCT.md#mastery-levels-and-readiness: weak and strong lists hold 3 each; strong areas score 0.7 or more. */
export const FOCUS_LIST_SIZE = 3;
export const STRONG_AREA_MIN = 0.7;

/** Strong areas: up to 3 practised categories scoring 0.7 or more, best first. */
export function strongAreas<T extends { masteryScore: number; questionsAttempted: number }>(rows: readonly T[]): T[] {
  return rows
    .filter((r) => r.questionsAttempted > 0 && r.masteryScore >= STRONG_AREA_MIN)
    .sort((a, b) => b.masteryScore - a.masteryScore)
    .slice(0, FOCUS_LIST_SIZE);
}

/**
 * Weak areas: the 3 practised categories with the lowest score, weakest first. A category scoring 0.7
 * or more counts as strong and is never also called weak (ADR 0014), so a technician strong everywhere has none.
 */
export function weakAreas<T extends { masteryScore: number; questionsAttempted: number }>(rows: readonly T[]): T[] {
  return rows
    .filter((r) => r.questionsAttempted > 0 && r.masteryScore < STRONG_AREA_MIN)
    .sort((a, b) => a.masteryScore - b.masteryScore)
    .slice(0, FOCUS_LIST_SIZE);
}
