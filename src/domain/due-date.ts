/**
 * Calendar days in a time zone, for assignment due dates (SPEC §5: date input, minimum today, default
 * 7 days ahead, stored as the end of that day). A due date is chosen as a calendar day ('YYYY-MM-DD')
 * in the manager's IANA time zone and stored as the last millisecond of that day there, so it keeps
 * its meaning across DST changes and for readers in other zones. Pure: `Intl` only.
 */
export const DEFAULT_DUE_DAYS_AHEAD = 7;
/**
 * The latest due date the assign form takes: a year ahead (ours, issue 30). Training assigned further out
 * is not a due date, and an unbounded one ('9999-12-31') overflowed the dates the API returns.
 */
export const MAX_DUE_DAYS_AHEAD = 366;
export const FALLBACK_TIME_ZONE = 'UTC';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a time zone. */
function wallClock(instant: Date, timeZone: string) {
  const fields: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year,
    month: fields.month,
    day: fields.day,
    hour: fields.hour === 24 ? 0 : fields.hour,
    minute: fields.minute,
    second: fields.second,
  };
}

/** A real calendar date written 'YYYY-MM-DD' (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The calendar day ('YYYY-MM-DD') an instant falls on in a time zone. */
export function calendarDate(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' plus whole calendar days. */
export function addCalendarDays(date: string, days: number): string {
  const [, y, m, d] = (DATE_PATTERN.exec(date) ?? []).map(Number);
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
  const [, y, m, d] = (DATE_PATTERN.exec(date) ?? []).map(Number);
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

/** The last millisecond of a calendar day in a time zone (SPEC §5: stored as the end of that day). */
export function endOfDay(date: string, timeZone: string): Date {
  return new Date(startOfDay(addCalendarDays(date, 1), timeZone).getTime() - 1);
}

/** Today's calendar day in a time zone: the minimum a due date may be. */
export function today(now: Date, timeZone: string): string {
  return calendarDate(now, timeZone);
}

/** The last due date the assign form takes, a year from today in the manager's zone. */
export function latestDueDate(now: Date, timeZone: string): string {
  return addCalendarDays(today(now, timeZone), MAX_DUE_DAYS_AHEAD);
}

/** SPEC §9: the due date the assign form proposes, 7 days ahead of today in the manager's zone. */
export function defaultDueDate(now: Date, timeZone: string): string {
  return addCalendarDays(today(now, timeZone), DEFAULT_DUE_DAYS_AHEAD);
}
