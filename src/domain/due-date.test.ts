import { describe, expect, it } from 'vitest';
import { addCalendarDays, calendarDate, defaultDueDate, endOfDay, isCalendarDate, startOfDay, today } from './due-date';

/** The wall clock of an instant in a zone, 'YYYY-MM-DD HH:MM:SS'. */
const wall = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

describe('due dates in the manager time zone', () => {
  it('stores the end of the chosen day in the zone', () => {
    expect(endOfDay('2026-06-15', 'America/Chicago').toISOString()).toBe('2026-06-16T04:59:59.999Z');
    expect(endOfDay('2026-01-15', 'America/Chicago').toISOString()).toBe('2026-01-16T05:59:59.999Z');
    expect(endOfDay('2026-06-15', 'UTC').toISOString()).toBe('2026-06-15T23:59:59.999Z');
    expect(endOfDay('2026-06-15', 'Asia/Kolkata').toISOString()).toBe('2026-06-15T18:29:59.999Z');
    expect(endOfDay('2026-12-31', 'Pacific/Auckland').toISOString()).toBe('2026-12-31T10:59:59.999Z');
  });

  it('handles the days a DST change shortens or lengthens', () => {
    const ny = 'America/New_York';
    // 8 March 2026: 02:00 EST → 03:00 EDT (a 23-hour day); 1 November 2026: 02:00 EDT → 01:00 EST (25 hours).
    expect(endOfDay('2026-03-07', ny).toISOString()).toBe('2026-03-08T04:59:59.999Z');
    expect(endOfDay('2026-03-08', ny).toISOString()).toBe('2026-03-09T03:59:59.999Z');
    expect(endOfDay('2026-03-08', ny).getTime() - startOfDay('2026-03-08', ny).getTime()).toBe(23 * 3_600_000 - 1);
    expect(endOfDay('2026-11-01', ny).getTime() - startOfDay('2026-11-01', ny).getTime()).toBe(25 * 3_600_000 - 1);
    expect(wall(endOfDay('2026-11-01', ny), ny)).toBe('2026-11-01 23:59:59');
    const london = 'Europe/London';
    expect(endOfDay('2026-03-29', london).toISOString()).toBe('2026-03-29T22:59:59.999Z');
    expect(endOfDay('2026-03-28', london).toISOString()).toBe('2026-03-28T23:59:59.999Z');
  });

  it('ends the day before a change that skips midnight at the last second of that day', () => {
    // Chile moves its clocks at midnight: the day after the change starts at 01:00.
    const zone = 'America/Santiago';
    for (const date of ['2026-09-05', '2026-04-04']) {
      const end = endOfDay(date, zone);
      expect(wall(end, zone)).toBe(`${date} 23:59:59`);
      expect(calendarDate(new Date(end.getTime() + 1), zone)).toBe(addCalendarDays(date, 1));
    }
    const start = startOfDay('2026-09-06', zone);
    expect(calendarDate(start, zone)).toBe('2026-09-06');
    expect(calendarDate(new Date(start.getTime() - 1), zone)).toBe('2026-09-05');
  });

  it('proposes 7 calendar days ahead of today in the zone, and today is the minimum', () => {
    // 23:30 in Los Angeles is already the next day in UTC.
    const now = new Date('2026-03-05T07:30:00Z');
    expect(today(now, 'America/Los_Angeles')).toBe('2026-03-04');
    expect(today(now, 'UTC')).toBe('2026-03-05');
    expect(defaultDueDate(now, 'America/Los_Angeles')).toBe('2026-03-11');
    // Across the spring-forward change the default is still 7 calendar days, not 168 hours.
    expect(defaultDueDate(new Date('2026-03-05T12:00:00-05:00'), 'America/New_York')).toBe('2026-03-12');
    expect(defaultDueDate(new Date('2026-12-28T12:00:00Z'), 'UTC')).toBe('2027-01-04');
  });

  it('adds calendar days across months, years and leap days', () => {
    expect(addCalendarDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(addCalendarDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addCalendarDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addCalendarDays('2026-03-10', -3)).toBe('2026-03-07');
  });

  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate('tomorrow')).toBe(false);
  });
});
