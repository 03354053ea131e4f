import { dayNumber, resolveTimeZone } from './calendar-day';

/**
 * The practice streak (docs/PRODUCT.md#practice-streak): consecutive calendar days, in the technician's own
 * time zone, on each of which they completed at least one test. The streak is still alive on a day
 * without a test until that day ends: it counts back from today, or from yesterday when today has none yet.
 */
export interface PracticeStreak {
  /** Days in a row up to today or yesterday; 0 when the last practice day is older. */
  days: number;
  /** Whether a test was completed today, so the streak is safe until tomorrow. */
  practicedToday: boolean;
}

/**
 * The streak from the completion times of a technician's tests (any order), as of `now`, with days
 * bounded by midnight in `timeZone` (an unknown zone counts as UTC).
 */
export function practiceStreak(completedAt: readonly Date[], now: Date, timeZone: string | null): PracticeStreak {
  const zone = resolveTimeZone(timeZone);
  const dayOf = (instant: Date) => dayNumber(instant, zone);
  const today = dayOf(now);
  // Newest first, so the walk stops at the first missing day without placing older tests on the calendar.
  const newestFirst = [...completedAt].sort((a, b) => b.getTime() - a.getTime());
  let newestDay: number | null = null;
  let lastDay = 0;
  let days = 0;
  for (const instant of newestFirst) {
    const day = dayOf(instant);
    if (day > today) continue; // a clock ahead of ours: a day not reached here yet
    if (newestDay === null) {
      // The newest practice day keeps the streak alive only if it is today or yesterday.
      if (day < today - 1) break;
      newestDay = day;
      lastDay = day;
      days = 1;
    } else if (day === lastDay - 1) {
      lastDay = day;
      days += 1;
    } else if (day < lastDay) {
      break;
    }
  }
  return { days, practicedToday: newestDay === today };
}
