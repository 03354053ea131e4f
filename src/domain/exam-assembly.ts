import { shuffle } from './shuffle';

/** Full practice exam assembly (docs/PRODUCT.md#tests). */

export const EXAM_QUESTION_COUNT = 60;
export const EXAM_DURATION_SECONDS = 3600;
export const CATEGORY_TEST_MAX_QUESTIONS = 20;
/** Answers arriving this long after the deadline still count: network latency, not extra time. */
export const EXAM_GRACE_SECONDS = 5;
export const TIMER_WARNING_SECONDS = 900;
export const TIMER_CRITICAL_SECONDS = 300;

/**
 * `count` ids from one pool: each question once in random order, and if the pool is smaller
 * than `count`, the questions repeat as copies (docs/PRODUCT.md#tests) until `count` is reached.
 */
export function drawWithCopies(pool: readonly string[], count: number, random: () => number = Math.random): string[] {
  if (pool.length === 0) return [];
  const out: string[] = [];
  while (out.length < count) out.push(...shuffle(pool, random).slice(0, count - out.length));
  return out;
}

/**
 * The comprehensive mix: floor(count / number of categories) from each category, then filled
 * at random from what is left to `count`; copies only if every question is already used.
 */
export function assembleFullExam(
  poolsByCategory: readonly (readonly string[])[],
  count = EXAM_QUESTION_COUNT,
  random: () => number = Math.random,
): string[] {
  if (poolsByCategory.length === 0) return [];
  const perCategory = Math.floor(count / poolsByCategory.length);
  const picked: string[] = [];
  const rest: string[] = [];
  for (const pool of poolsByCategory) {
    const shuffled = shuffle(pool, random);
    picked.push(...shuffled.slice(0, perCategory));
    rest.push(...shuffled.slice(perCategory));
  }
  picked.push(...shuffle(rest, random).slice(0, count - picked.length));
  if (picked.length < count) picked.push(...drawWithCopies(picked, count - picked.length, random));
  return shuffle(picked, random);
}

export type TimerLevel = 'normal' | 'warning' | 'critical';

/** Timer colour: warning below 900 s, critical below 300 s (docs/PRODUCT.md#timers). */
export function timerLevel(remainingSeconds: number): TimerLevel {
  if (remainingSeconds < TIMER_CRITICAL_SECONDS) return 'critical';
  if (remainingSeconds < TIMER_WARNING_SECONDS) return 'warning';
  return 'normal';
}

export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Whether a write at `at` is still inside the exam (deadline plus grace). */
export function isBeforeDeadline(at: Date, deadline: Date | null, graceSeconds = EXAM_GRACE_SECONDS): boolean {
  return deadline === null || at.getTime() <= deadline.getTime() + graceSeconds * 1000;
}
