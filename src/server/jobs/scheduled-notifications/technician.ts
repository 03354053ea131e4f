import { sql } from 'drizzle-orm';
import { calendarDate, resolveTimeZone } from '../../../domain/calendar-day';
import { certificationExpiringNotice, isDueTomorrow } from '../../../domain/notification-schedule';
import { groupBy } from '../../db/group-by';
import { columnOf, typedQuery } from '../../db/prepared';
import { aseCategories, profiles, techCertifications, testAssignments } from '../../db/schema';
import type { NotifyInput } from '../../notifications/notify';
import { idList, nextKey, type ScheduledKind, utcDate } from './rows';

/** Due dates are the end of a day in the manager's zone: tomorrow's end anywhere is under 50 hours away. */
const DUE_TOMORROW_HORIZON = sql`interval '50 hours'`;

/**
 * Technician: assigned tests due tomorrow in their own zone and not completed, one message per technician
 * and day listing them, keyed by that day. Pages over technicians, so one technician's tests are never split.
 */
const assignmentDueTomorrow: ScheduledKind = {
  name: 'assignment_due_tomorrow',
  async page(db, now, after, limit) {
    const window = sql`a.status <> 'completed' and a.due_date > ${now.toISOString()}::timestamptz
      and a.due_date < ${now.toISOString()}::timestamptz + ${DUE_TOMORROW_HORIZON}`;
    const techs = await typedQuery(
      db,
      { tech_id: columnOf('a', testAssignments.techId) },
      (columns) => sql`select distinct ${columns} from test_assignments a
        where ${window} and a.tech_id > ${after ?? ''} order by a.tech_id limit ${limit}`,
    );
    const ids = techs.map((t) => t.tech_id);
    if (ids.length === 0) return { messages: [], next: null };
    const rows = await typedQuery(
      db,
      {
        id: columnOf('a', testAssignments.id),
        tech_id: columnOf('a', testAssignments.techId),
        due_date: columnOf('a', testAssignments.dueDate),
        code: columnOf('c', aseCategories.code),
        name: columnOf('c', aseCategories.name),
        time_zone: columnOf('p', profiles.timeZone),
      },
      // Only a technician still in the assignment's shop (the manager's view drops the others too).
      (columns) => sql`select ${columns}
        from test_assignments a
        join profiles p on p.id = a.tech_id and p.shop_id = a.shop_id and p.role = 'tech'
        join ase_categories c on c.id = a.category_id
        where ${window} and a.tech_id in ${idList(ids)}
        order by a.tech_id, a.due_date, c.code, a.id`,
    );
    const messages: NotifyInput[] = [];
    for (const [techId, tests] of groupBy(rows, (r) => r.tech_id)) {
      const zone = resolveTimeZone(tests[0]?.time_zone);
      const today = calendarDate(now, zone);
      const due = tests.filter((t) => isDueTomorrow(calendarDate(t.due_date, zone), today));
      if (due.length === 0) continue;
      const dueDate = calendarDate((due[0] as (typeof due)[number]).due_date, zone);
      messages.push({
        recipientId: techId,
        kind: 'assignment_due_tomorrow',
        params: {
          dueDate,
          items: due.map((t) => ({ assignmentId: t.id, categoryCode: t.code, categoryName: t.name })),
        },
        link: due.length === 1 ? `/app?assignment=${(due[0] as (typeof due)[number]).id}` : '/app',
        dedupeKey: dueDate,
      });
    }
    return { messages, next: nextKey(ids, limit) };
  },
};

/**
 * Technician: each active certification at 90, 30 and 7 days before it expires and on the day, in their
 * zone; after downtime only the nearest threshold (certificationExpiringNotice), keyed by id and threshold.
 */
const certificationExpiring: ScheduledKind = {
  name: 'certification_expiring',
  async page(db, now, after, limit) {
    // Every zone's today is within a day of UTC's: the window is a day wider each side, the rule exact.
    const rows = await typedQuery(
      db,
      {
        id: columnOf('tc', techCertifications.id),
        tech_id: columnOf('tc', techCertifications.techId),
        expiration_date: columnOf('tc', techCertifications.expirationDate),
        code: columnOf('c', aseCategories.code),
        name: columnOf('c', aseCategories.name),
        time_zone: columnOf('p', profiles.timeZone),
      },
      (columns) => sql`select ${columns}
        from tech_certifications tc
        join profiles p on p.id = tc.tech_id and p.role = 'tech'
        join ase_categories c on c.id = tc.category_id
        where tc.is_active and tc.deleted_at is null
          and tc.expiration_date between ${utcDate(now)}::date - 1 and ${utcDate(now)}::date + 91
          and tc.id::text > ${after ?? ''}
        order by tc.id::text limit ${limit}`,
    );
    const messages: NotifyInput[] = [];
    for (const row of rows) {
      const expirationDate = row.expiration_date;
      const notice = certificationExpiringNotice(
        { id: row.id, expirationDate },
        calendarDate(now, resolveTimeZone(row.time_zone)),
      );
      if (!notice) continue;
      messages.push({
        recipientId: row.tech_id,
        kind: 'certification_expiring',
        params: {
          certificationId: row.id,
          categoryCode: row.code,
          categoryName: row.name,
          expirationDate,
          daysLeft: notice.daysLeft,
        },
        link: '/app/profile',
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

export const technicianKinds: readonly ScheduledKind[] = [assignmentDueTomorrow, certificationExpiring];
