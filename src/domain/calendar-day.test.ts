import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDate,
  dayNumber,
  endOfDay,
  FALLBACK_TIME_ZONE,
  isCalendarDate,
  isTimeZone,
  resolveTimeZone,
  startOfDay,
  today,
} from './calendar-day';

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

const at = (iso: string) => new Date(iso);

describe('the calendar day of an instant', () => {
  it('turns over at midnight in the zone, not in UTC', () => {
    const chicago = 'America/Chicago';
    // Midnight in Chicago in January is 06:00 UTC.
    expect(calendarDate(at('2026-01-15T05:59:59.999Z'), chicago)).toBe('2026-01-14');
    expect(calendarDate(at('2026-01-15T06:00:00.000Z'), chicago)).toBe('2026-01-15');
    expect(calendarDate(at('2026-01-15T05:59:59.999Z'), 'UTC')).toBe('2026-01-15');
    // East of UTC the day starts earlier: 00:00 in Kolkata is 18:30 UTC the day before.
    expect(calendarDate(at('2026-06-14T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2026-06-14');
    expect(calendarDate(at('2026-06-14T18:30:00.000Z'), 'Asia/Kolkata')).toBe('2026-06-15');
    expect(today(at('2026-12-31T23:59:59.999Z'), 'UTC')).toBe('2026-12-31');
    expect(today(at('2027-01-01T00:00:00.000Z'), 'UTC')).toBe('2027-01-01');
  });

  it('numbers consecutive days 1 apart, across DST changes of 23 and 25 hours', () => {
    const ny = 'America/New_York';
    const before = dayNumber(at('2026-03-08T04:59:59.999Z'), ny); // 7 March 23:59:59 EST
    const spring = dayNumber(at('2026-03-08T05:00:00.000Z'), ny); // 8 March 00:00 EST, 23 hours long
    const after = dayNumber(at('2026-03-09T04:00:00.000Z'), ny); // 9 March 00:00 EDT
    expect([spring - before, after - spring]).toEqual([1, 1]);
    const autumn = dayNumber(at('2026-11-01T04:00:00.000Z'), ny); // 1 November 00:00 EDT, 25 hours long
    expect(dayNumber(at('2026-11-02T04:59:59.999Z'), ny)).toBe(autumn); // 1 November 23:59:59 EST
    expect(dayNumber(at('2026-11-02T05:00:00.000Z'), ny)).toBe(autumn + 1);
    expect(dayNumber(at('1970-01-01T00:00:00Z'), 'UTC')).toBe(0);
  });
});

describe('the instants of a calendar day', () => {
  it('ends the day at its last millisecond in the zone', () => {
    expect(endOfDay('2026-06-15', 'America/Chicago').toISOString()).toBe('2026-06-16T04:59:59.999Z');
    expect(endOfDay('2026-01-15', 'America/Chicago').toISOString()).toBe('2026-01-16T05:59:59.999Z');
    expect(endOfDay('2026-06-15', 'UTC').toISOString()).toBe('2026-06-15T23:59:59.999Z');
    expect(endOfDay('2026-06-15', 'Asia/Kolkata').toISOString()).toBe('2026-06-15T18:29:59.999Z');
    expect(endOfDay('2026-12-31', 'Pacific/Auckland').toISOString()).toBe('2026-12-31T10:59:59.999Z');
    expect(startOfDay('2026-06-15', 'UTC').toISOString()).toBe('2026-06-15T00:00:00.000Z');
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

describe('time zones', () => {
  it('knows the IANA zones in any spelling Intl takes, and nothing else', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('america/chicago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    for (const bad of ['Mars/Olympus_Mons', '', 'America/Chicago ', '+25:00', 'x'.repeat(64)]) {
      expect(isTimeZone(bad)).toBe(false);
    }
  });

  it('resolves a stored or reported zone to its canonical name, and anything else to UTC', () => {
    expect(FALLBACK_TIME_ZONE).toBe('UTC');
    expect(resolveTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(resolveTimeZone('america/chicago')).toBe('America/Chicago');
    expect(resolveTimeZone(null)).toBe('UTC');
    expect(resolveTimeZone(undefined)).toBe('UTC');
    expect(resolveTimeZone('')).toBe('UTC');
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBe('UTC');
  });

  it('refuses an unknown zone with a RangeError instead of guessing a day', () => {
    expect(() => calendarDate(at('2026-01-15T12:00:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => endOfDay('2026-01-15', 'Not/A_Zone')).toThrow(RangeError);
    expect(() => dayNumber(at('2026-01-15T12:00:00Z'), 'Not/A_Zone')).toThrow(RangeError);
  });
});
