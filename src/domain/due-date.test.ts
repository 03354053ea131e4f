import { describe, expect, it } from 'vitest';
import { today } from './calendar-day';
import { DEFAULT_DUE_DAYS_AHEAD, defaultDueDate, latestDueDate, MAX_DUE_DAYS_AHEAD } from './due-date';

describe('due dates in the manager time zone', () => {
  it('proposes 7 calendar days ahead of today in the zone, and today is the minimum', () => {
    expect(DEFAULT_DUE_DAYS_AHEAD).toBe(7);
    // 23:30 in Los Angeles is already the next day in UTC.
    const now = new Date('2026-03-05T07:30:00Z');
    expect(today(now, 'America/Los_Angeles')).toBe('2026-03-04');
    expect(today(now, 'UTC')).toBe('2026-03-05');
    expect(defaultDueDate(now, 'America/Los_Angeles')).toBe('2026-03-11');
    // Across the spring-forward change the default is still 7 calendar days, not 168 hours.
    expect(defaultDueDate(new Date('2026-03-05T12:00:00-05:00'), 'America/New_York')).toBe('2026-03-12');
    expect(defaultDueDate(new Date('2026-12-28T12:00:00Z'), 'UTC')).toBe('2027-01-04');
  });

  it('takes due dates up to 366 days after today in the zone, a leap day included', () => {
    expect(MAX_DUE_DAYS_AHEAD).toBe(366);
    expect(latestDueDate(new Date('2026-03-05T07:30:00Z'), 'America/Los_Angeles')).toBe('2027-03-05');
    expect(latestDueDate(new Date('2027-03-05T12:00:00Z'), 'UTC')).toBe('2028-03-05');
  });
});
