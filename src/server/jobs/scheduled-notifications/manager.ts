import { sql } from 'drizzle-orm';
import { calendarDate, resolveTimeZone } from '../../../domain/calendar-day';
import { MASTER_CATEGORIES, masterStatus, WARNING_DAYS } from '../../../domain/certifications';
import { isPassingScore } from '../../../domain/constants';
import {
  dailySummaryDay,
  managerCertificationNotice,
  masterAtRiskKey,
  OVERDUE_LOOKBACK_DAYS,
  overdueNotice,
  trialEndingNotice,
} from '../../../domain/notification-schedule';
import { groupBy } from '../../db/group-by';
import { asColumn, columnOf, typedQuery } from '../../db/prepared';
import {
  aseCategories,
  profiles,
  shops as shopsTable,
  subscriptions,
  techCertifications,
  testAssignments,
} from '../../db/schema';
import type { NotifyInput } from '../../notifications/notify';
import { idList, nextKey, type ScheduledKind, utcDate } from './rows';

/**
 * The manager's scheduled messages. The recipient is the shop's manager now (shops.manager_id),
 * each day is the manager's own (their profile's zone), and only technicians still in the shop are named.
 */

/** Overdue assignments of the last week of due days, one message per manager and due day (its key). */
const assignmentOverdue: ScheduledKind = {
  name: 'assignment_overdue',
  async page(db, now, after, limit) {
    const window = sql`a.status <> 'completed' and a.due_date < ${now.toISOString()}::timestamptz
      and a.due_date > ${now.toISOString()}::timestamptz - ${`${OVERDUE_LOOKBACK_DAYS + 2} days`}::interval`;
    const shops = await typedQuery(
      db,
      { shop_id: asColumn(testAssignments.shopId, sql`a.shop_id::text`) },
      (columns) => sql`select distinct ${columns} from test_assignments a
        where ${window} and a.shop_id::text > ${after ?? ''} order by 1 limit ${limit}`,
    );
    const ids = shops.map((s) => s.shop_id);
    if (ids.length === 0) return { messages: [], next: null };
    const rows = await typedQuery(
      db,
      {
        id: columnOf('a', testAssignments.id),
        due_date: columnOf('a', testAssignments.dueDate),
        manager_id: columnOf('s', shopsTable.managerId),
        time_zone: columnOf('m', profiles.timeZone),
        full_name: columnOf('p', profiles.fullName),
        code: columnOf('c', aseCategories.code),
        name: columnOf('c', aseCategories.name),
      },
      (columns) => sql`select ${columns}
        from test_assignments a
        join shops s on s.id = a.shop_id
        join profiles m on m.id = s.manager_id
        join profiles p on p.id = a.tech_id and p.shop_id = a.shop_id and p.role = 'tech'
        join ase_categories c on c.id = a.category_id
        where ${window} and a.shop_id::text in ${idList(ids)}
        order by a.due_date, p.full_name, c.code, a.id`,
    );
    const messages: NotifyInput[] = [];
    const byDay = groupBy(rows, (r) => `${r.manager_id} ${calendarDate(r.due_date, resolveTimeZone(r.time_zone))}`);
    for (const [key, tests] of byDay) {
      const [managerId, dueDay] = key.split(' ') as [string, string];
      const notice = overdueNotice(dueDay, calendarDate(now, resolveTimeZone(tests[0]?.time_zone)));
      if (!notice) continue;
      messages.push({
        recipientId: managerId,
        kind: 'assignment_overdue',
        params: {
          dueDate: dueDay,
          items: tests.map((t) => ({
            assignmentId: t.id,
            technicianName: t.full_name,
            categoryCode: t.code,
            categoryName: t.name,
          })),
        },
        link: '/manager',
        dedupeKey: notice.dedupeKey,
      });
    }
    return { messages, next: nextKey(ids, limit) };
  },
};

/** A technician's certification entering its last 60 days: once per certification (its key). */
const technicianCertificationExpiring: ScheduledKind = {
  name: 'technician_certification_expiring',
  async page(db, now, after, limit) {
    const rows = await typedQuery(
      db,
      {
        id: columnOf('tc', techCertifications.id),
        tech_id: columnOf('tc', techCertifications.techId),
        full_name: columnOf('p', profiles.fullName),
        expiration_date: columnOf('tc', techCertifications.expirationDate),
        code: columnOf('c', aseCategories.code),
        name: columnOf('c', aseCategories.name),
        manager_id: columnOf('s', shopsTable.managerId),
        time_zone: columnOf('m', profiles.timeZone),
      },
      (columns) => sql`select ${columns}
        from tech_certifications tc
        join profiles p on p.id = tc.tech_id and p.role = 'tech'
        join shops s on s.id = p.shop_id
        join profiles m on m.id = s.manager_id
        join ase_categories c on c.id = tc.category_id
        where tc.is_active and tc.deleted_at is null
          and tc.expiration_date between ${utcDate(now)}::date - 1 and ${utcDate(now)}::date + 61
          and tc.id::text > ${after ?? ''}
        order by tc.id::text limit ${limit}`,
    );
    const messages: NotifyInput[] = [];
    for (const row of rows) {
      const expirationDate = row.expiration_date;
      const notice = managerCertificationNotice(
        { id: row.id, expirationDate },
        calendarDate(now, resolveTimeZone(row.time_zone)),
      );
      if (!notice) continue;
      messages.push({
        recipientId: row.manager_id,
        kind: 'technician_certification_expiring',
        params: {
          certificationId: row.id,
          technicianId: row.tech_id,
          technicianName: row.full_name,
          categoryCode: row.code,
          categoryName: row.name,
          expirationDate,
          daysLeft: notice.daysLeft,
        },
        link: '/manager/certifications',
        dedupeKey: notice.dedupeKey,
      });
    }
    return {
      messages,
      next: nextKey(
        rows.map((r) => r.id),
        limit,
      ),
    };
  },
};

/**
 * "Master at risk": a technician holding all eight of A1–A8 (masterStatus) with one of them within 180 days of
 * expiry. Pages over technicians with such a certification; keyed by the soonest one (masterAtRiskKey).
 */
const masterAtRisk: ScheduledKind = {
  name: 'master_at_risk',
  async page(db, now, after, limit) {
    const masterCodes = idList(MASTER_CATEGORIES);
    const techs = await typedQuery(
      db,
      { tech_id: columnOf('tc', techCertifications.techId) },
      (columns) => sql`select distinct ${columns} from tech_certifications tc
        join profiles p on p.id = tc.tech_id and p.role = 'tech' and p.shop_id is not null
        join ase_categories c on c.id = tc.category_id and c.code in ${masterCodes}
        where tc.is_active and tc.deleted_at is null
          and tc.expiration_date between ${utcDate(now)}::date - 1 and ${utcDate(now)}::date + ${WARNING_DAYS + 1}::int
          and tc.tech_id > ${after ?? ''}
        order by tc.tech_id limit ${limit}`,
    );
    const ids = techs.map((t) => t.tech_id);
    if (ids.length === 0) return { messages: [], next: null };
    const rows = await typedQuery(
      db,
      {
        tech_id: columnOf('tc', techCertifications.techId),
        full_name: columnOf('p', profiles.fullName),
        manager_id: columnOf('s', shopsTable.managerId),
        time_zone: columnOf('m', profiles.timeZone),
        code: columnOf('c', aseCategories.code),
        name: columnOf('c', aseCategories.name),
        expiration_date: columnOf('tc', techCertifications.expirationDate),
      },
      (columns) => sql`select ${columns}
        from tech_certifications tc
        join profiles p on p.id = tc.tech_id and p.role = 'tech'
        join shops s on s.id = p.shop_id
        join profiles m on m.id = s.manager_id
        join ase_categories c on c.id = tc.category_id and c.code in ${masterCodes}
        where tc.is_active and tc.deleted_at is null and tc.tech_id in ${idList(ids)}
        order by tc.tech_id, c.code`,
    );
    const messages: NotifyInput[] = [];
    for (const [techId, certs] of groupBy(rows, (r) => r.tech_id)) {
      const first = certs[0] as (typeof certs)[number];
      const names = new Map(certs.map((c) => [c.code, c.name]));
      const today = calendarDate(now, resolveTimeZone(first.time_zone));
      const status = masterStatus(
        certs.map((c) => ({ code: c.code, active: true, expirationDate: c.expiration_date })),
        today,
      );
      const soonest = status.atRisk[0];
      if (!status.master || !soonest) continue;
      messages.push({
        recipientId: first.manager_id,
        kind: 'master_at_risk',
        params: {
          technicianId: techId,
          technicianName: first.full_name,
          atRisk: status.atRisk.map((c) => ({ ...c, name: names.get(c.code) ?? c.code })),
        },
        link: `/manager/technicians/${techId}`,
        dedupeKey: `${techId}:${masterAtRiskKey(soonest)}`,
      });
    }
    return { messages, next: nextKey(ids, limit) };
  },
};

/** The shop's trial ending within 3 days of the manager's calendar, once per trial (its end day). */
const shopTrialEnding: ScheduledKind = {
  name: 'shop_trial_ending',
  async page(db, now, after, limit) {
    const rows = await typedQuery(
      db,
      {
        id: asColumn(shopsTable.id, sql`s.id::text`),
        name: columnOf('s', shopsTable.name),
        manager_id: columnOf('s', shopsTable.managerId),
        time_zone: columnOf('m', profiles.timeZone),
        // Never null here: the statement keeps trials ending within the next days.
        trial_end: asColumn(subscriptions.trialEnd, sql`sub.trial_end`),
      },
      (columns) => sql`select ${columns}
        from shops s
        join subscriptions sub on sub.id = s.subscription_id
        join profiles m on m.id = s.manager_id
        where sub.status = 'trial' and sub.trial_end > ${now.toISOString()}::timestamptz
          and sub.trial_end < ${now.toISOString()}::timestamptz + interval '5 days'
          and s.id::text > ${after ?? ''}
        order by 1 limit ${limit}`,
    );
    const messages: NotifyInput[] = [];
    for (const row of rows) {
      const zone = resolveTimeZone(row.time_zone);
      const trialEnd = row.trial_end;
      const notice = trialEndingNotice(calendarDate(trialEnd, zone), calendarDate(now, zone));
      if (!notice) continue;
      messages.push({
        recipientId: row.manager_id,
        kind: 'shop_trial_ending',
        params: { shopName: row.name, trialEnd: trialEnd.toISOString(), daysLeft: notice.daysLeft },
        link: '/manager/subscription',
        dedupeKey: `${row.id}:${notice.dedupeKey}`,
      });
    }
    return {
      messages,
      next: nextKey(
        rows.map((r) => r.id),
        limit,
      ),
    };
  },
};

/**
 * The daily summary, for managers who chose it (the default): yesterday's completed assigned tests in their
 * calendar, with the latest score and whether it passed; keyed by that day. Managers on 'each' got a message
 * per test at the submit instead.
 */
const assignmentDailySummary: ScheduledKind = {
  name: 'assignment_daily_summary',
  async page(db, now, after, limit) {
    const window = sql`a.status = 'completed' and a.completed_at < ${now.toISOString()}::timestamptz
      and a.completed_at > ${now.toISOString()}::timestamptz - interval '3 days'`;
    const shops = await typedQuery(
      db,
      { shop_id: asColumn(testAssignments.shopId, sql`a.shop_id::text`) },
      (columns) => sql`select distinct ${columns} from test_assignments a
        where ${window} and a.shop_id::text > ${after ?? ''} order by 1 limit ${limit}`,
    );
    const ids = shops.map((s) => s.shop_id);
    if (ids.length === 0) return { messages: [], next: null };
    const rows = await typedQuery(
      db,
      {
        id: columnOf('a', testAssignments.id),
        // Never null here: the window keeps completed assignments.
        completed_at: asColumn(testAssignments.completedAt, sql`a.completed_at`),
        last_score: columnOf('a', testAssignments.lastScore),
        manager_id: columnOf('s', shopsTable.managerId),
        time_zone: columnOf('m', profiles.timeZone),
        full_name: columnOf('p', profiles.fullName),
        code: columnOf('c', aseCategories.code),
        name: columnOf('c', aseCategories.name),
      },
      (columns) => sql`select ${columns}
        from test_assignments a
        join shops s on s.id = a.shop_id
        join profiles m on m.id = s.manager_id
        left join notification_preferences np on np.user_id = s.manager_id
        join profiles p on p.id = a.tech_id
        join ase_categories c on c.id = a.category_id
        where ${window} and a.shop_id::text in ${idList(ids)}
          and coalesce(np.completion_emails, 'daily') = 'daily'
        order by a.completed_at, a.id`,
    );
    const messages: NotifyInput[] = [];
    for (const [managerId, tests] of groupBy(rows, (r) => r.manager_id)) {
      const zone = resolveTimeZone(tests[0]?.time_zone);
      const day = dailySummaryDay(calendarDate(now, zone));
      const done = tests.filter((t) => calendarDate(t.completed_at, zone) === day);
      if (done.length === 0) continue;
      messages.push({
        recipientId: managerId,
        kind: 'assignment_daily_summary',
        params: {
          day,
          items: done.map((t) => ({
            assignmentId: t.id,
            technicianName: t.full_name,
            categoryCode: t.code,
            categoryName: t.name,
            score: t.last_score ?? 0,
            passed: isPassingScore(t.last_score ?? 0),
          })),
        },
        link: '/manager',
        dedupeKey: day,
      });
    }
    return { messages, next: nextKey(ids, limit) };
  },
};

export const managerKinds: readonly ScheduledKind[] = [
  assignmentOverdue,
  technicianCertificationExpiring,
  masterAtRisk,
  shopTrialEnding,
  assignmentDailySummary,
];
