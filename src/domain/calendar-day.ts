/**
 * Calendar days in a time zone: the one place that turns an instant into the day a person lives it
 * ('YYYY-MM-DD' on their wall calendar) and a day back into instants. Due dates
 * (docs/PRODUCT.md#assignments), the practice streak (docs/PRODUCT.md#practice-streak), the scheduled
 * notifications and the leaderboard's "Yesterday" all count days this way. Pure: `Intl` only, so the
 * browser and Node share it without a time-zone library.
 *
 * A zone is an IANA name ('America/Chicago'). Functions given an unknown zone throw a RangeError, as
 * `Intl` does; a zone read from storage or sent by a browser goes through `resolveTimeZone` first.
 */

/** The zone of a person who has not told us theirs. */
export const FALLBACK_TIME_ZONE = 'UTC';

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Formatters are costly to build, so each zone's is kept; only under its canonical name, so that spellings
 * a client sends ('america/chicago', 'US/Central') cannot grow the cache without bound.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  if (format.resolvedOptions().timeZone === timeZone) formatters.set(timeZone, format);
  return format;
}

/** A time zone this runtime knows, in any spelling `Intl` accepts (as a browser reports it, or an alias). */
export function isTimeZone(value: string): boolean {
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The zone's canonical IANA name if this runtime knows it, else UTC (a missing or bad zone). */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return FALLBACK_TIME_ZONE;
  try {
    return formatter(timeZone).resolvedOptions().timeZone;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(instant: Date, timeZone: string) {
  const fields = new Map<Intl.DateTimeFormatPartTypes, number>();
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields.set(part.type, Number(part.value));
  }
  // The formatter asks for all six fields, so `Intl` always writes them.
  const field = (type: Intl.DateTimeFormatPartTypes): number => {
    const value = fields.get(type);
    if (value === undefined) throw new Error(`Intl wrote no ${type} for ${instant.toISOString()} in ${timeZone}`);
    return value;
  };
  const hour = field('hour');
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    // Some engines write midnight as 24 even with h23.
    hour: hour === 24 ? 0 : hour,
    minute: field('minute'),
    second: field('second'),
  };
}

/** The year, month and day written in a 'YYYY-MM-DD' string, or undefined when it is not written so. */
function dateParts(value: string): { y: number; m: number; d: number } | undefined {
  const match = DATE_PATTERN.exec(value);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number);
  // The pattern has three groups, so a match always carries all three.
  if (y === undefined || m === undefined || d === undefined) return undefined;
  return { y, m, d };
}

/** As `dateParts`, for a date the caller vouches for: anything else is a RangeError, as `Date` gives. */
function requireDateParts(value: string): { y: number; m: number; d: number } {
  const parts = dateParts(value);
  if (!parts) throw new RangeError(`Not a 'YYYY-MM-DD' date: ${JSON.stringify(value)}`);
  return parts;
}

/** A real calendar date written 'YYYY-MM-DD' (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const parts = dateParts(value);
  if (!parts) return false;
  const { y, m, d } = parts;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The calendar day ('YYYY-MM-DD') an instant falls on in a time zone. */
export function calendarDate(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's calendar day in a time zone. */
export function today(now: Date, timeZone: string): string {
  return calendarDate(now, timeZone);
}

/**
 * The calendar day an instant falls on in a time zone, as a day number (days since 1970-01-01 on that
 * calendar): consecutive days differ by exactly 1 whatever a DST change does to their length.
 */
export function dayNumber(instant: Date, timeZone: string): number {
  const { year, month, day } = wallClock(instant, timeZone);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

/** 'YYYY-MM-DD' plus whole calendar days. */
export function addCalendarDays(date: string, days: number): string {
  const { y, m, d } = requireDateParts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - seconds;
}

/**
 * The first instant of a calendar day in a time zone: its midnight, or — where a DST change skips
 * midnight (Santiago, Havana) — the first wall-clock time that exists on that day.
 */
export function startOfDay(date: string, timeZone: string): Date {
  const { y, m, d } = requireDateParts(date);
  const midnightAsUtc = Date.UTC(y, m - 1, d);
  // Two passes of "wall time minus offset" find midnight whichever side of a change it lies;
  // keep the candidates that really fall on the day and take the earliest.
  const first = midnightAsUtc - offsetAt(new Date(midnightAsUtc), timeZone);
  const second = midnightAsUtc - offsetAt(new Date(first), timeZone);
  const onTheDay = [first, second].filter((t) => calendarDate(new Date(t), timeZone) === date);
  if (onTheDay.length > 0) return new Date(Math.min(...onTheDay));
  // Midnight does not exist: the day starts where the skipped hour ends.
  return new Date(Math.max(first, second));
}

/** The last millisecond of a calendar day in a time zone. */
export function endOfDay(date: string, timeZone: string): Date {
  return new Date(startOfDay(addCalendarDays(date, 1), timeZone).getTime() - 1);
}
