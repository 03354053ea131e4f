import { addCalendarDays } from './calendar-day';
import { daysUntil, type IsoDate } from './certifications';

/**
 * When the scheduled notifications are due, in the recipient's own calendar: pure rules over
 * calendar dates ('YYYY-MM-DD', from `calendarDate(now, zone)` of calendar-day.ts) so the job only reads rows
 * and asks these. Each rule also names the message's dedupe key: the notifications table keeps one row per
 * (recipient, kind, key), so a second run, a second server or a catch-up after downtime adds nothing.
 */

/** A technician hears of their certification 90, 30 and 7 days before it expires, and on the day. */
export const CERTIFICATION_NOTICE_DAYS = [90, 30, 7, 0] as const;
export type CertificationNoticeDays = (typeof CERTIFICATION_NOTICE_DAYS)[number];
/** A manager hears once of a technician's certification entering its last 60 days. */
export const MANAGER_CERTIFICATION_NOTICE_DAYS = 60;
/** A manager hears of the shop's trial ending 3 days before. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;
/** Overdue assignments are looked for this far back: older ones were announced or are stale news. */
export const OVERDUE_LOOKBACK_DAYS = 7;
/** A weekly message missed on its day (the server down all of it) still goes out the day after, not later. */
export const WEEKLY_GRACE_DAYS = 1;

/**
 * The certification notice due at `daysLeft` days to expiry: the nearest threshold at or above it. After
 * downtime this catches up without flooding: a certification found at 20 days gets the 30-day notice once,
 * never the 90-day one as well (its key names the threshold, so the next run adds nothing). Null when no
 * notice is due (more than 90 days left, or already expired).
 */
export function certificationNotice(daysLeft: number): CertificationNoticeDays | null {
  if (daysLeft < 0) return null;
  let due: CertificationNoticeDays | null = null;
  for (const threshold of CERTIFICATION_NOTICE_DAYS) if (daysLeft <= threshold) due = threshold;
  return due;
}

/** The technician's certification notice for one certification on `today`, with its dedupe key. */
export function certificationExpiringNotice(
  certification: { id: string; expirationDate: IsoDate },
  today: IsoDate,
): { days: CertificationNoticeDays; daysLeft: number; dedupeKey: string } | null {
  const daysLeft = daysUntil(certification.expirationDate, today);
  const days = certificationNotice(daysLeft);
  return days === null ? null : { days, daysLeft, dedupeKey: `${certification.id}:${days}` };
}

/** The manager's notice: once, when the certification is in its last 60 days and not yet expired. */
export function managerCertificationNotice(
  certification: { id: string; expirationDate: IsoDate },
  today: IsoDate,
): { daysLeft: number; dedupeKey: string } | null {
  const daysLeft = daysUntil(certification.expirationDate, today);
  if (daysLeft < 0 || daysLeft > MANAGER_CERTIFICATION_NOTICE_DAYS) return null;
  return { daysLeft, dedupeKey: `${certification.id}:${MANAGER_CERTIFICATION_NOTICE_DAYS}` };
}

/**
 * "Due tomorrow": the due date falls on tomorrow in the technician's zone. One message per technician and
 * day lists them all (a manager assigning 20 tests due the same day makes one message), keyed by that day.
 */
export function isDueTomorrow(dueDay: IsoDate, today: IsoDate): boolean {
  return dueDay === addCalendarDays(today, 1);
}

/**
 * An assignment became overdue when its due day ended; those of one due day are announced together (they
 * lapsed at the same midnight), keyed by that day, and only for the last week of due days.
 */
export function overdueNotice(dueDay: IsoDate, today: IsoDate): { dedupeKey: string } | null {
  const daysPast = daysUntil(today, dueDay);
  if (daysPast < 1 || daysPast > OVERDUE_LOOKBACK_DAYS) return null;
  return { dedupeKey: dueDay };
}

/** The shop's trial ends within 3 days (and has not ended): keyed by the trial's end day, so once per trial. */
export function trialEndingNotice(
  trialEndDay: IsoDate,
  today: IsoDate,
): { daysLeft: number; dedupeKey: string } | null {
  const daysLeft = daysUntil(trialEndDay, today);
  if (daysLeft < 0 || daysLeft > TRIAL_ENDING_NOTICE_DAYS) return null;
  return { daysLeft, dedupeKey: trialEndDay };
}

/**
 * "Master at risk": a Master Technician with a Master certification within 180 days of expiry
 * (`masterStatus(...).atRisk`, certifications.ts). Keyed by the soonest one's category and expiry, so a
 * renewal that clears it and a later lapse are told apart, and the same risk is told once.
 */
export function masterAtRiskKey(soonest: { code: string; expirationDate: IsoDate }): string {
  return `${soonest.code}:${soonest.expirationDate}`;
}

/** ISO 8601 weekday, Monday 1 … Sunday 7, of a calendar date. */
export function isoWeekday(date: IsoDate): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * A weekly message (manager's digest, technician's study nudge) is due on the person's digest day
 * (0 = Sunday … 6 = Saturday, as the preferences store it), or the day after when the server missed the
 * day; keyed by the digest day's date so a week has one, whatever day of that week it went out.
 */
export function weeklyNotice(digestDay: number, today: IsoDate): { dedupeKey: string } | null {
  const todayIndex = isoWeekday(today) % 7; // back to 0 = Sunday
  const daysSince = (todayIndex - digestDay + 7) % 7;
  if (daysSince > WEEKLY_GRACE_DAYS) return null;
  return { dedupeKey: addCalendarDays(today, -daysSince) };
}

/**
 * The daily completion summary covers yesterday, the manager's last whole day, and goes out once that day
 * has ended; keyed by it.
 */
export function dailySummaryDay(today: IsoDate): IsoDate {
  return addCalendarDays(today, -1);
}
