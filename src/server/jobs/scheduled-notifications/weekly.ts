import { sql } from 'drizzle-orm';
import { addCalendarDays, calendarDate, resolveTimeZone, startOfDay } from '../../../domain/calendar-day';
import { CRITICAL_DAYS } from '../../../domain/certifications';
import { PASS_MARK } from '../../../domain/constants';
import { weeklyNotice } from '../../../domain/notification-schedule';
import { passRate } from '../../../domain/technician-progress';
import type { Database } from '../../db/client';
import { getPracticeStreak } from '../../modules/achievements';
import { listTechnicianProgress } from '../../modules/manager';
import { getMasteryDashboard } from '../../modules/mastery';
import { getDeckSummary } from '../../modules/review';
import type { NotifyInput } from '../../notifications/notify';
import { isoDate, nextKey, rowsOf, type ScheduledKind } from './rows';

/**
 * The weekly messages, on each person's digest day in their zone (or the day after, to catch up),
 * keyed by that day: the manager's digest and the technician's opt-in study nudge.
 */

/** Pages are smaller: each due digest reads its shop's figures. */
const WEEKLY_PAGE_LIMIT = 50;

/** The digest's week: tests since the same day a week before the digest day, in the manager's calendar. */
async function shopWeek(db: Database, shopId: string, since: Date, now: Date) {
  const [week] = await rowsOf<{ taken: number; passed: number }>(
    db,
    sql`select count(*)::int as taken, (count(*) filter (where s.score >= ${PASS_MARK}))::int as passed
      from test_sessions s join profiles p on p.id = s.tech_id and p.shop_id = ${shopId}::uuid and p.role = 'tech'
      where s.completed_at >= ${since.toISOString()}::timestamptz and s.completed_at <= ${now.toISOString()}::timestamptz`,
  );
  const behind = await rowsOf<{ full_name: string; overdue: number }>(
    db,
    sql`select p.full_name, count(*)::int as overdue
      from test_assignments a join profiles p on p.id = a.tech_id and p.shop_id = a.shop_id and p.role = 'tech'
      where a.shop_id = ${shopId}::uuid and a.status <> 'completed' and a.due_date < ${now.toISOString()}::timestamptz
      group by p.id, p.full_name order by count(*) desc, p.full_name`,
  );
  const expiring = await rowsOf<{ full_name: string; code: string; name: string; expiration_date: string | Date }>(
    db,
    sql`select p.full_name, c.code, c.name, tc.expiration_date
      from tech_certifications tc
      join profiles p on p.id = tc.tech_id and p.shop_id = ${shopId}::uuid and p.role = 'tech'
      join ase_categories c on c.id = tc.category_id
      where tc.is_active and tc.deleted_at is null
        and tc.expiration_date between ${calendarDate(now, 'UTC')}::date
          and ${calendarDate(now, 'UTC')}::date + ${CRITICAL_DAYS}::int
      order by tc.expiration_date, p.full_name, c.code`,
  );
  return { week: week ?? { taken: 0, passed: 0 }, behind, expiring };
}

/** Manager: the weekly digest of their shop. */
const weeklyDigest: ScheduledKind = {
  name: 'weekly_digest',
  async page(db, now, after) {
    const shops = await rowsOf<{
      id: string;
      name: string;
      manager_id: string;
      time_zone: string | null;
      digest_day: number | null;
    }>(
      db,
      sql`select s.id::text, s.name, s.manager_id, m.time_zone, np.digest_day
        from shops s
        join profiles m on m.id = s.manager_id
        left join notification_preferences np on np.user_id = s.manager_id
        where s.id::text > ${after ?? ''}
        order by 1 limit ${WEEKLY_PAGE_LIMIT}`,
    );
    const messages: NotifyInput[] = [];
    for (const shop of shops) {
      const zone = resolveTimeZone(shop.time_zone);
      const notice = weeklyNotice(shop.digest_day ?? 1, calendarDate(now, zone));
      if (!notice) continue;
      const sinceDay = addCalendarDays(notice.dedupeKey, -7);
      const [{ week, behind, expiring }, technicians] = await Promise.all([
        shopWeek(db, shop.id, startOfDay(sinceDay, zone), now),
        listTechnicianProgress(db, shop.id),
      ]);
      messages.push({
        recipientId: shop.manager_id,
        kind: 'weekly_digest',
        params: {
          shopName: shop.name,
          since: sinceDay,
          testsTaken: week.taken,
          passRate: passRate(week.passed, week.taken),
          behind: behind.map((b) => ({ technicianName: b.full_name, overdue: b.overdue })),
          expiring: expiring.map((c) => ({
            technicianName: c.full_name,
            code: c.code,
            name: c.name,
            expirationDate: isoDate(c.expiration_date),
          })),
          technicians: technicians.map((t) => ({ name: t.fullName, categoryBest: t.categoryBest })),
        },
        link: '/manager',
        dedupeKey: `${shop.id}:${notice.dedupeKey}`,
      });
    }
    return {
      messages,
      next: nextKey(
        shops.map((s) => s.id),
        WEEKLY_PAGE_LIMIT,
      ),
    };
  },
};

/**
 * Technician, opt-in (their study nudge e-mail turned on; off by default): their streak, the review cards due
 * today and their weakest practised area, from the same reads as the dashboard, review and mastery screens.
 */
const studyNudge: ScheduledKind = {
  name: 'study_nudge',
  async page(db, now, after) {
    const techs = await rowsOf<{ id: string; time_zone: string | null; digest_day: number }>(
      db,
      sql`select p.id, p.time_zone, np.digest_day
        from notification_preferences np join profiles p on p.id = np.user_id and p.role = 'tech'
        where np.email->>'study_nudge' = 'true' and p.id > ${after ?? ''}
        order by p.id limit ${WEEKLY_PAGE_LIMIT}`,
    );
    const messages: NotifyInput[] = [];
    for (const tech of techs) {
      const zone = resolveTimeZone(tech.time_zone);
      const notice = weeklyNotice(tech.digest_day, calendarDate(now, zone));
      if (!notice) continue;
      const [streak, deck, mastery] = await Promise.all([
        getPracticeStreak(db, tech.id, zone, now),
        getDeckSummary(db, tech.id, zone, now),
        getMasteryDashboard(db, tech.id),
      ]);
      const weakest = mastery.categories.find((c) => c.code === mastery.weakAreas[0]);
      messages.push({
        recipientId: tech.id,
        kind: 'study_nudge',
        params: {
          streakDays: streak.days,
          cardsDue: deck.dueToday,
          weakArea: weakest ? { code: weakest.code, name: weakest.name, masteryScore: weakest.readiness } : null,
        },
        link: deck.dueToday > 0 ? '/app/review' : '/app/practice',
        dedupeKey: notice.dedupeKey,
      });
    }
    return {
      messages,
      next: nextKey(
        techs.map((t) => t.id),
        WEEKLY_PAGE_LIMIT,
      ),
    };
  },
};

export const weeklyKinds: readonly ScheduledKind[] = [weeklyDigest, studyNudge];
