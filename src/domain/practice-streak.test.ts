import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { practiceStreak } from './practice-streak';

const at = (iso: string) => new Date(iso);

describe('practice streak', () => {
  it('is 0 without tests, and 1 after a test today', () => {
    const now = at('2026-03-10T15:00:00Z');
    expect(practiceStreak([], now, 'UTC')).toEqual({ days: 0, practicedToday: false });
    expect(practiceStreak([at('2026-03-10T09:00:00Z')], now, 'UTC')).toEqual({ days: 1, practicedToday: true });
  });

  it('counts consecutive days, several tests on one day counting once, in any order', () => {
    const now = at('2026-03-10T15:00:00Z');
    const tests = ['2026-03-08T10:00:00Z', '2026-03-10T08:00:00Z', '2026-03-09T23:59:59Z', '2026-03-08T11:00:00Z'];
    expect(practiceStreak(tests.map(at), now, 'UTC')).toEqual({ days: 3, practicedToday: true });
  });

  it('stays alive through a day without a test yet, and ends once a whole day is missed', () => {
    const tests = [at('2026-03-08T10:00:00Z'), at('2026-03-09T10:00:00Z')];
    expect(practiceStreak(tests, at('2026-03-10T23:59:59Z'), 'UTC')).toEqual({ days: 2, practicedToday: false });
    expect(practiceStreak(tests, at('2026-03-11T00:00:00Z'), 'UTC')).toEqual({ days: 0, practicedToday: false });
  });

  it('a gap breaks the run: only the days since the gap count', () => {
    const tests = ['2026-03-05T10:00:00Z', '2026-03-06T10:00:00Z', '2026-03-08T10:00:00Z', '2026-03-09T10:00:00Z'];
    expect(practiceStreak(tests.map(at), at('2026-03-09T12:00:00Z'), 'UTC').days).toBe(2);
  });

  it('splits days at midnight in the technician’s zone, not UTC', () => {
    // 23:30 and 00:30 Chicago time (UTC-6 in January) are two days there but one UTC day.
    const tests = [at('2026-01-15T05:30:00Z'), at('2026-01-15T06:30:00Z')];
    const now = at('2026-01-15T07:00:00Z');
    expect(practiceStreak(tests, now, 'America/Chicago')).toEqual({ days: 2, practicedToday: true });
    expect(practiceStreak(tests, now, 'UTC')).toEqual({ days: 1, practicedToday: true });
  });

  it('east of UTC, two UTC days can be one local day, and "today" turns over at local midnight', () => {
    // Jan 13 20:00 and Jan 14 12:00 UTC are Jan 14 07:00 and 23:00 in Sydney (UTC+11 in January).
    const tests = [at('2026-01-13T20:00:00Z'), at('2026-01-14T12:00:00Z')];
    const lateEvening = at('2026-01-14T12:30:00Z'); // Jan 14 23:30 in Sydney
    expect(practiceStreak(tests, lateEvening, 'Australia/Sydney')).toEqual({ days: 1, practicedToday: true });
    expect(practiceStreak(tests, lateEvening, 'UTC')).toEqual({ days: 2, practicedToday: true });
    const afterMidnight = at('2026-01-14T13:30:00Z'); // Jan 15 00:30 in Sydney, still Jan 14 in UTC
    expect(practiceStreak(tests, afterMidnight, 'Australia/Sydney')).toEqual({ days: 1, practicedToday: false });
    expect(practiceStreak(tests, afterMidnight, 'UTC')).toEqual({ days: 2, practicedToday: true });
  });

  it('keeps counting across a daylight-saving change (a 23-hour day)', () => {
    // US clocks spring forward on 2026-03-08; tests at 21:00 local on Mar 7, 8 and 9.
    const tests = [at('2026-03-08T03:00:00Z'), at('2026-03-09T02:00:00Z'), at('2026-03-10T02:00:00Z')];
    expect(practiceStreak(tests, at('2026-03-10T03:00:00Z'), 'America/New_York').days).toBe(3);
  });

  it('counts days in UTC for a missing or unknown zone', () => {
    const tests = [at('2026-01-15T05:30:00Z'), at('2026-01-15T06:30:00Z')];
    expect(practiceStreak(tests, at('2026-01-15T07:00:00Z'), 'Not/A_Zone').days).toBe(1);
    expect(practiceStreak(tests, at('2026-01-15T07:00:00Z'), null).days).toBe(1);
  });

  it('agrees with counting back over the set of practice days, for any tests in any zone', () => {
    const zones = ['UTC', 'America/Chicago', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata'];
    const now = at('2026-03-20T12:00:00Z');
    const localDay = (instant: Date, timeZone: string) => instant.toLocaleDateString('en-CA', { timeZone });
    const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -20 * 24 * 60, max: 60 }), { maxLength: 30 }),
        fc.constantFrom(...zones),
        (minutesFromNow, zone) => {
          const tests = minutesFromNow.map((m) => new Date(now.getTime() + m * 60_000));
          const today = localDay(now, zone);
          const days = new Set(tests.map((d) => localDay(d, zone)).filter((day) => day <= today));
          let day = days.has(today) ? today : dayBefore(today);
          let count = 0;
          while (days.has(day)) {
            count += 1;
            day = dayBefore(day);
          }
          expect(practiceStreak(tests, now, zone)).toEqual({ days: count, practicedToday: days.has(today) });
        },
      ),
    );
  });
});
