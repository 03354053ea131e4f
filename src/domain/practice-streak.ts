/**
 * The practice streak (beyond the spec, issue 17): consecutive calendar days, in the technician's own
 * time zone, on each of which they completed at least one test. The streak is still alive on a day
 * without a test until that day ends: it counts back from today, or from yesterday when today has none yet.
 */
export interface PracticeStreak {
  /** Days in a row up to today or yesterday; 0 when the last practice day is older. */
  days: number;
  /** Whether a test was completed today, so the streak is safe until tomorrow. */
  practicedToday: boolean;
}

const DAY_MS = 86_400_000;

/** The IANA zone if this runtime knows it, else UTC (a missing or bad zone from a browser). */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** The calendar day of each instant in a zone, as a day number (days since 1970-01-01 on that calendar). */
function dayNumbers(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
  return (instant: Date) => {
    const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / DAY_MS;
  };
}

/**
 * The streak from the completion times of a technician's tests (any order), as of `now`, with days
 * bounded by midnight in `timeZone` (an unknown zone counts as UTC).
 */
export function practiceStreak(completedAt: readonly Date[], now: Date, timeZone: string | null): PracticeStreak {
  const dayOf = dayNumbers(resolveTimeZone(timeZone));
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
