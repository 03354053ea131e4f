/** The badge's text: the count up to 99, then "99+" so the badge keeps its size. */
export function badgeCount(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

export type RelativeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week';

const STEPS: [unit: RelativeUnit, seconds: number][] = [
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long ago `createdAt` was, in the largest whole unit up to weeks (for `intl.formatRelativeTime`), or null
 * past four weeks, when the date itself reads better. Under a minute is "now"; a clock a little ahead of the
 * server's does not make a message from the future.
 */
export function relativeAge(createdAt: string, now: Date): { value: number; unit: RelativeUnit } | null {
  const seconds = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 1000));
  if (seconds < 60) return { value: 0, unit: 'second' };
  if (seconds >= 4 * 7 * 86_400) return null;
  for (const [unit, size] of STEPS) {
    if (seconds >= size) return { value: -Math.floor(seconds / size), unit };
  }
  return { value: 0, unit: 'second' };
}

/** A date that falls on `day` (0 = Sunday … 6 = Saturday) in UTC, to name the day in the reader's language. */
export function dateOfWeekday(day: number): Date {
  // 2026-01-04 was a Sunday.
  return new Date(Date.UTC(2026, 0, 4 + day));
}

/**
 * Where an entry leads: the server gives an app path; anything else (another origin, `//host`, a script URL)
 * is not followed, and the entry opens the reader's home instead.
 */
export function safeAppPath(link: string, home: string): string {
  return /^\/(?![/\\])/.test(link) ? link : home;
}
