import { ASE_AREAS } from './ase-areas';
import { HIGH_ACHIEVER_MARK, PASS_MARK } from './constants';

/**
 * The manager's Technician Progress table: per technician tests taken, average, pass rate,
 * last activity and an A1–A8 heat row of the best recent score per category.
 */

/** How many of a technician's latest scores per category the heat row looks at. */
export const RECENT_SCORES_KEPT = 5;
export const CATEGORY_CODES = ASE_AREAS.map((a) => a.code);
export type CategoryCode = (typeof ASE_AREAS)[number]['code'];

/** Below this a category is weak: the shop's attention goes there first. */
export const WEAK_SCORE = 50;

/** A heat cell's band; the cell always shows the number too (never colour alone). */
export type HeatLevel = 'none' | 'weak' | 'developing' | 'passing' | 'strong';

export function heatLevel(score: number | null): HeatLevel {
  if (score === null) return 'none';
  if (score >= HIGH_ACHIEVER_MARK) return 'strong';
  if (score >= PASS_MARK) return 'passing';
  if (score >= WEAK_SCORE) return 'developing';
  return 'weak';
}

/** Whole-percent average of completed tests, or null before the first one. */
export function averageScore(scoreSum: number, completed: number): number | null {
  return completed > 0 ? Math.round(scoreSum / completed) : null;
}

/** Whole-percent share of completed tests scoring 70 or more, or null before the first one. */
export function passRate(passed: number, completed: number): number | null {
  return completed > 0 ? Math.round((100 * passed) / completed) : null;
}

/** The plan's max_technicians caps the shop: one more fits only while the count is below it. */
export function hasRoomForTechnician(currentTechnicians: number, maxTechnicians: number): boolean {
  return currentTechnicians < maxTechnicians;
}

export interface ProgressRowLike {
  fullName: string;
  testsTaken: number;
  averageScore: number | null;
  passRate: number | null;
  lastActivityAt: string | null;
  /** A1–A8 in order. */
  categoryBest: readonly (number | null)[];
}

export type ProgressSortKey = 'name' | 'testsTaken' | 'averageScore' | 'passRate' | 'lastActivity' | CategoryCode;
export type SortDirection = 'asc' | 'desc';

function sortValue(row: ProgressRowLike, key: ProgressSortKey): string | number | null {
  switch (key) {
    case 'name':
      return row.fullName.toLocaleLowerCase();
    case 'testsTaken':
      return row.testsTaken;
    case 'averageScore':
      return row.averageScore;
    case 'passRate':
      return row.passRate;
    case 'lastActivity':
      return row.lastActivityAt ? Date.parse(row.lastActivityAt) : null;
    default:
      return row.categoryBest[CATEGORY_CODES.indexOf(key)] ?? null;
  }
}

/** Sorted by one column; rows without a value (no tests yet) go last either way, then by name. */
export function sortProgressRows<T extends ProgressRowLike>(
  rows: readonly T[],
  key: ProgressSortKey,
  direction: SortDirection,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    if (x !== null && y !== null && x !== y) return (x < y ? -1 : 1) * sign;
    return a.fullName.localeCompare(b.fullName);
  });
}
