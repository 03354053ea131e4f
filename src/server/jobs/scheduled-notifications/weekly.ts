import { sql } from 'drizzle-orm';
import { addCalendarDays, calendarDate, resolveTimeZone, startOfDay } from '../../../domain/calendar-day';
import { CRITICAL_DAYS } from '../../../domain/certifications';
import { PASS_MARK } from '../../../domain/constants';
import { weeklyNotice } from '../../../domain/notification-schedule';
import { passRate } from '../../../domain/technician-progress';
import type { Database } from '../../db/client';
import { asColumn, columnOf, orNull, typedQuery } from '../../db/prepared';
import {
  aseCategories,
  notificationPreferences,
  profiles,
  shops as shopsTable,
  techCertifications,
} from '../../db/schema';
import { getPracticeStreak } from '../../modules/achievements';
import { listTechnicianProgress } from '../../modules/manager';
import { getMasteryDashboard } from '../../modules/mastery';
import { getDeckSummary } from '../../modules/review';
import type { NotifyInput } from '../../notifications/notify';
import { nextKey, type ScheduledKind } from './rows';

/**
 * The weekly messages, on each person's digest day in their zone (or the day after, to catch up),
 * keyed by that day: the manager's digest and the technician's opt-in study nudge.
 */

/** Pages are smaller: each due digest reads its shop's figures. */
const WEEKLY_PAGE_LIMIT = 50;

/** The digest's week: tests since the same day a week before the digest day, in the manager's calendar. */
async function shopWeek(db: Database, shopId: string, since: Date, now: Date) {
  const [week] = await typedQuery(
    db,
    {
      taken: sql<number>`count(*)::int`,
      passed: sql<number>`(count(*) filter (where s.score >= ${PASS_MARK}))::int`,
    },
    (columns) => sql`select ${columns}
      from test_sessions s join profiles p on p.id = s.tech_id and p.shop_id = ${shopId}::uuid and p.role = 'tech'
      where s.completed_at >= ${since.toISOString()}::timestamptz and s.completed_at <= ${now.toISOString()}::timestamptz`,
  );
  const behind = await typedQuery(
    db,
    { full_name: columnOf('p', profiles.fullName), overdue: sql<number>`count(*)::int` },
    (columns) => sql`select ${columns}
      from test_assignments a join profiles p on p.id = a.tech_id and p.shop_id = a.shop_id and p.role = 'tech'
      where a.shop_id = ${shopId}::uuid and a.status <> 'completed' and a.due_date < ${now.toISOString()}::timestamptz
      group by p.id, p.full_name order by count(*) desc, p.full_name`,
  );
  const expiring = await typedQuery(
    db,
    {
      full_name: columnOf('p', profiles.fullName),
      code: columnOf('c', aseCategories.code),
      name: columnOf('c', aseCategories.name),
      expiration_date: columnOf('tc', techCertifications.expirationDate),
    },
    (columns) => sql`select ${columns}
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
    const shops = await typedQuery(
      db,
      {
        id: asColumn(shopsTable.id, sql`s.id::text`),
        name: columnOf('s', shopsTable.name),
        manager_id: columnOf('s', shopsTable.managerId),
        time_zone: columnOf('m', profiles.timeZone),
        digest_day: orNull(columnOf('np', notificationPreferences.digestDay)),
      },
      (columns) => sql`select ${columns}
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
            expirationDate: c.expiration_date,
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
    const techs = await typedQuery(
      db,
      {
        id: columnOf('p', profiles.id),
        time_zone: columnOf('p', profiles.timeZone),
        digest_day: columnOf('np', notificationPreferences.digestDay),
      },
      (columns) => sql`select ${columns}
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
