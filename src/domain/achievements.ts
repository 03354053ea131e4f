import { ASE_AREAS } from './ase-areas';
import { HIGH_ACHIEVER_MARK, isPassingScore, PASS_MARK, PERFECT_SCORE } from './constants';

/** The ten achievements, in the order of docs/PRODUCT.md#achievements. */
export const ACHIEVEMENT_CODES = [
  'first_test',
  'test_taker_5',
  'test_veteran_10',
  'test_master_25',
  'test_legend_50',
  'first_pass',
  'high_achiever',
  'perfect_score',
  'consistent_passer',
  'master_all_categories',
] as const;
export type AchievementCode = (typeof ACHIEVEMENT_CODES)[number];

/**
 * Each achievement's Spanish name, for what the server writes (the in-app notification). The web
 * shows names from its catalogue; a test holds the two equal.
 */
export const ACHIEVEMENT_NAMES_ES: Record<AchievementCode, string> = {
  first_test: 'Primeros pasos',
  test_taker_5: 'Buen ritmo',
  test_veteran_10: 'Veterano de pruebas',
  test_master_25: 'Maestro de pruebas',
  test_legend_50: 'Leyenda del taller',
  first_pass: 'Primer aprobado',
  high_achiever: 'Alto rendimiento',
  perfect_score: 'Puntaje perfecto',
  consistent_passer: 'Aprobado constante',
  master_all_categories: 'Maestro de todo',
};

export const ACHIEVEMENT_CATEGORIES = ['milestone', 'mastery', 'streak', 'special'] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

/**
 * The lucide icon names an achievement may use. The client maps each one to its component
 * explicitly (no import of the whole icon set), so content may only name these.
 */
export const ACHIEVEMENT_ICONS = [
  'flag',
  'clipboard-check',
  'medal',
  'award',
  'crown',
  'circle-check',
  'star',
  'trophy',
  'flame',
  'gem',
] as const;
export type AchievementIcon = (typeof ACHIEVEMENT_ICONS)[number];

/** One notification leaves the queue every 5 seconds. */
export const ACHIEVEMENT_NOTIFICATION_MS = 5000;

/** consistent_passer (docs/PRODUCT.md#achievements): this many passes in a row, newest first. */
export const CONSISTENT_PASS_RUN = 5;

/**
 * What the rules read: a technician's completed tests (a session counts once completed_at is set,
 * docs/PRODUCT.md#achievements), summarised by the server.
 */
export interface PracticeRecord {
  /** Completed category tests and exams. */
  completedTests: number;
  /** Best score of any completed test; null before the first. */
  bestScore: number | null;
  /** Scores of the newest completed tests, newest first (at least CONSISTENT_PASS_RUN when there are). */
  recentScores: readonly number[];
  /** Best score per category tested on its own (category tests and one-category exams). */
  categoryBestScores: readonly number[];
}

/** How a locked achievement's progress reads: 3 of 5 tests, best 85 of 90 %, 7 of 8 categories. */
export type ProgressUnit = 'tests' | 'score' | 'passes' | 'categories';

interface Rule {
  unit: ProgressUnit;
  target: number;
  /** Where the technician stands; earned once it reaches the target. */
  measure: (record: PracticeRecord) => number;
}

const completed = (r: PracticeRecord) => r.completedTests;
const best = (r: PracticeRecord) => r.bestScore ?? 0;

/** docs/PRODUCT.md#achievements, one rule per achievement. */
export const ACHIEVEMENT_RULES: Record<AchievementCode, Rule> = {
  first_test: { unit: 'tests', target: 1, measure: completed },
  test_taker_5: { unit: 'tests', target: 5, measure: completed },
  test_veteran_10: { unit: 'tests', target: 10, measure: completed },
  test_master_25: { unit: 'tests', target: 25, measure: completed },
  test_legend_50: { unit: 'tests', target: 50, measure: completed },
  first_pass: { unit: 'score', target: PASS_MARK, measure: best },
  high_achiever: { unit: 'score', target: HIGH_ACHIEVER_MARK, measure: best },
  // Scores never exceed 100, so reaching the target is scoring exactly 100.
  perfect_score: { unit: 'score', target: PERFECT_SCORE, measure: best },
  consistent_passer: {
    unit: 'passes',
    target: CONSISTENT_PASS_RUN,
    measure: (r) => consecutivePasses(r.recentScores),
  },
  master_all_categories: {
    unit: 'categories',
    target: ASE_AREAS.length,
    measure: (r) => r.categoryBestScores.filter(isPassingScore).length,
  },
};

/** Passes of 70 or more in a row, counted from the newest test back to the first fail. */
export function consecutivePasses(scoresNewestFirst: readonly number[]): number {
  const firstFail = scoresNewestFirst.findIndex((score) => !isPassingScore(score));
  return firstFail === -1 ? scoresNewestFirst.length : firstFail;
}

export interface AchievementStanding {
  code: AchievementCode;
  /** Capped at the target: a locked achievement's progress bar, full once earned. */
  progress: number;
  target: number;
  earned: boolean;
}

/** Every achievement's standing for a record: what is earned, and how far along the locked ones are. */
export function evaluateAchievements(record: PracticeRecord): AchievementStanding[] {
  return ACHIEVEMENT_CODES.map((code) => {
    const { target, measure } = ACHIEVEMENT_RULES[code];
    const value = Math.max(0, measure(record));
    return { code, progress: Math.min(value, target), target, earned: value >= target };
  });
}

export function isAchievementCode(code: string): code is AchievementCode {
  return (ACHIEVEMENT_CODES as readonly string[]).includes(code);
}
