/**
 * Assignment due dates (docs/PRODUCT.md#assignments: date input, minimum today, default 7 days ahead,
 * stored as the end of that day). A due date is chosen as a calendar day ('YYYY-MM-DD') in the manager's
 * IANA time zone and stored as the last millisecond of that day there (`endOfDay` in calendar-day.ts), so
 * it keeps its meaning across DST changes and for readers in other zones.
 */
import { addCalendarDays, today } from './calendar-day';

export const DEFAULT_DUE_DAYS_AHEAD = 7;
/**
 * The latest due date the assign form takes: a year ahead (ours). Training assigned further out
 * is not a due date, and an unbounded one ('9999-12-31') overflowed the dates the API returns.
 */
export const MAX_DUE_DAYS_AHEAD = 366;

/** The last due date the assign form takes, a year from today in the manager's zone. */
export function latestDueDate(now: Date, timeZone: string): string {
  return addCalendarDays(today(now, timeZone), MAX_DUE_DAYS_AHEAD);
}

/** docs/PRODUCT.md#assignments: the due date the assign form proposes, 7 days ahead of today in the manager's zone. */
export function defaultDueDate(now: Date, timeZone: string): string {
  return addCalendarDays(today(now, timeZone), DEFAULT_DUE_DAYS_AHEAD);
}
