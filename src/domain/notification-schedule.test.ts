import { describe, expect, it } from 'vitest';
import { calendarDate, endOfDay } from './calendar-day';
import {
  certificationExpiringNotice,
  certificationNotice,
  dailySummaryDay,
  isDueTomorrow,
  isoWeekday,
  managerCertificationNotice,
  masterAtRiskKey,
  overdueNotice,
  trialEndingNotice,
  weeklyNotice,
} from './notification-schedule';

describe('certification notices at 90, 30, 7 days and on the day', () => {
  it('names the nearest threshold at or above the days left', () => {
    expect(certificationNotice(91)).toBeNull();
    expect(certificationNotice(90)).toBe(90);
    expect(certificationNotice(31)).toBe(90);
    expect(certificationNotice(30)).toBe(30);
    expect(certificationNotice(8)).toBe(30);
    expect(certificationNotice(7)).toBe(7);
    expect(certificationNotice(1)).toBe(7);
    expect(certificationNotice(0)).toBe(0);
    expect(certificationNotice(-1)).toBeNull();
  });

  it('catches up with one notice, keyed by the threshold: 20 days left is the 30-day one, not the 90 as well', () => {
    const cert = { id: 'c1', expirationDate: '2027-01-21' };
    expect(certificationExpiringNotice(cert, '2027-01-01')).toEqual({ days: 30, daysLeft: 20, dedupeKey: 'c1:30' });
    // The next days keep the same key, so the run on each of them adds nothing.
    expect(certificationExpiringNotice(cert, '2027-01-02')?.dedupeKey).toBe('c1:30');
    expect(certificationExpiringNotice(cert, '2027-01-14')?.dedupeKey).toBe('c1:7');
    expect(certificationExpiringNotice(cert, '2027-01-21')?.dedupeKey).toBe('c1:0');
    expect(certificationExpiringNotice(cert, '2027-01-22')).toBeNull();
    expect(certificationExpiringNotice(cert, '2026-10-22')).toBeNull(); // 91 days
    expect(certificationExpiringNotice(cert, '2026-10-23')?.dedupeKey).toBe('c1:90');
  });

  it('tells the manager once, from 60 days left to the day itself', () => {
    const cert = { id: 'c2', expirationDate: '2027-03-02' };
    expect(managerCertificationNotice(cert, '2026-12-31')).toBeNull(); // 61 days
    expect(managerCertificationNotice(cert, '2027-01-01')).toEqual({ daysLeft: 60, dedupeKey: 'c2:60' });
    expect(managerCertificationNotice(cert, '2027-03-02')).toEqual({ daysLeft: 0, dedupeKey: 'c2:60' });
    expect(managerCertificationNotice(cert, '2027-03-03')).toBeNull();
  });
});

describe('due tomorrow in the technician zone', () => {
  it('is the day before the due day, whatever the hour', () => {
    expect(isDueTomorrow('2026-12-03', '2026-12-02')).toBe(true);
    expect(isDueTomorrow('2026-12-02', '2026-12-02')).toBe(false);
    expect(isDueTomorrow('2026-12-04', '2026-12-02')).toBe(false);
    expect(isDueTomorrow('2027-01-01', '2026-12-31')).toBe(true);
  });

  it('counts the days in the technician zone, not in UTC', () => {
    // Due at the end of 3 December in Chicago (05:59:59.999Z on the 4th).
    const due = endOfDay('2026-12-03', 'America/Chicago');
    // 23:30 on 2 December in Chicago is already 3 December in UTC.
    const now = new Date('2026-12-03T05:30:00Z');
    expect(isDueTomorrow(calendarDate(due, 'America/Chicago'), calendarDate(now, 'America/Chicago'))).toBe(true);
    expect(isDueTomorrow(calendarDate(due, 'UTC'), calendarDate(now, 'UTC'))).toBe(true);
    // An hour later it is 3 December in Chicago: due today, no longer tomorrow.
    const later = new Date('2026-12-03T06:30:00Z');
    expect(isDueTomorrow(calendarDate(due, 'America/Chicago'), calendarDate(later, 'America/Chicago'))).toBe(false);
  });
});

describe('overdue, grouped by due day', () => {
  it('starts the day after the due day and looks back a week', () => {
    expect(overdueNotice('2026-12-02', '2026-12-02')).toBeNull();
    expect(overdueNotice('2026-12-01', '2026-12-02')).toEqual({ dedupeKey: '2026-12-01' });
    expect(overdueNotice('2026-11-25', '2026-12-02')).toEqual({ dedupeKey: '2026-11-25' });
    expect(overdueNotice('2026-11-24', '2026-12-02')).toBeNull();
    expect(overdueNotice('2026-12-03', '2026-12-02')).toBeNull();
  });
});

describe('trial ending', () => {
  it('is told from 3 days before the trial ends, once per trial', () => {
    expect(trialEndingNotice('2026-12-06', '2026-12-02')).toBeNull();
    expect(trialEndingNotice('2026-12-05', '2026-12-02')).toEqual({ daysLeft: 3, dedupeKey: '2026-12-05' });
    expect(trialEndingNotice('2026-12-05', '2026-12-04')).toEqual({ daysLeft: 1, dedupeKey: '2026-12-05' });
    expect(trialEndingNotice('2026-12-05', '2026-12-05')).toEqual({ daysLeft: 0, dedupeKey: '2026-12-05' });
    expect(trialEndingNotice('2026-12-05', '2026-12-06')).toBeNull();
  });
});

describe('weekly messages on the digest day', () => {
  it('numbers weekdays the ISO way', () => {
    expect(isoWeekday('2026-11-30')).toBe(1); // Monday
    expect(isoWeekday('2026-12-06')).toBe(7); // Sunday
  });

  it('is due on the digest day and, to catch up, the day after, keyed by the digest day', () => {
    // 2026-11-30 is a Monday (digest day 1).
    expect(weeklyNotice(1, '2026-11-29')).toBeNull();
    expect(weeklyNotice(1, '2026-11-30')).toEqual({ dedupeKey: '2026-11-30' });
    expect(weeklyNotice(1, '2026-12-01')).toEqual({ dedupeKey: '2026-11-30' });
    expect(weeklyNotice(1, '2026-12-02')).toBeNull();
    expect(weeklyNotice(1, '2026-12-07')).toEqual({ dedupeKey: '2026-12-07' });
  });

  it('takes Sunday as 0 and wraps Saturday to Sunday', () => {
    expect(weeklyNotice(0, '2026-12-06')).toEqual({ dedupeKey: '2026-12-06' });
    expect(weeklyNotice(0, '2026-12-07')).toEqual({ dedupeKey: '2026-12-06' });
    expect(weeklyNotice(6, '2026-12-06')).toEqual({ dedupeKey: '2026-12-05' });
    expect(weeklyNotice(6, '2026-12-07')).toBeNull();
  });
});

describe('daily summary and Master at risk keys', () => {
  it('summarises yesterday', () => {
    expect(dailySummaryDay('2027-01-01')).toBe('2026-12-31');
  });

  it('keys Master at risk by the soonest certification', () => {
    expect(masterAtRiskKey({ code: 'A4', expirationDate: '2027-05-01' })).toBe('A4:2027-05-01');
  });
});
