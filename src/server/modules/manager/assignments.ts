import { and, eq, type SQL, sql } from 'drizzle-orm';
import { assignmentDisplayStatus, dueSoonCheck } from '../../../domain/assignment-status';
import { endOfDay, FALLBACK_TIME_ZONE, today } from '../../../domain/calendar-day';
import {
  ASSIGNMENTS_PAGE_SIZE,
  type AssignmentRow,
  type AssignmentsResponse,
  type CreateAssignmentPayload,
} from '../../../domain/contracts/manager';
import { latestDueDate } from '../../../domain/due-date';
import type { Database, Executor } from '../../db/client';
import { asColumn, columnOf, preparedStatement, type RowOf } from '../../db/prepared';
import { aseCategories, profiles, testAssignments } from '../../db/schema';
import { theRow } from '../../db/the-row';
import { notFound, validationFailed } from '../../errors';
import { notifyAssignmentCreated } from '../../notifications/events';
import { encodeAssignmentCursor, parseAssignmentCursor } from './assignment-cursor';

/**
 * The Test Assignments table, a page at a time: the current technicians' open assignments by due date,
 * then the completed ones, newest first. Status and due soon are worked out now, in the manager's time zone.
 */
const assignmentFields = {
  id: columnOf('a', testAssignments.id),
  due_date: columnOf('a', testAssignments.dueDate),
  notes: columnOf('a', testAssignments.notes),
  status: columnOf('a', testAssignments.status),
  completed_at: columnOf('a', testAssignments.completedAt),
  attempts: columnOf('a', testAssignments.attempts),
  last_score: columnOf('a', testAssignments.lastScore),
  // The assignment's test is started and not yet submitted.
  attempt_open: sql<boolean>`(s.id is not null and s.completed_at is null)`,
  tech_id: columnOf('a', testAssignments.techId),
  full_name: asColumn(profiles.fullName, sql`a.technician_name`),
  code: columnOf('c', aseCategories.code),
  name: columnOf('c', aseCategories.name),
  /** The row's place in its section (due or completion time, to the microsecond), for the next page's cursor. */
  keyset_at: sql<string>`to_char(
    (case when a.status = 'completed' then a.completed_at else a.due_date end) at time zone 'UTC',
    'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

type AssignmentDbRow = RowOf<typeof assignmentFields>;

/**
 * A page: the section's rows in index order from the cursor, `rows` at most, then their category and
 * test session (so only the page's rows are joined, never the shop's whole history or every session). Assignments of
 * technicians who have left the shop are not shown.
 */
const pageRowsFrom = (where: SQL, order: SQL) => (columns: SQL) =>
  sql`
    select ${columns}
    from (
      select a.*, p.full_name as technician_name
      from test_assignments a
      join profiles p on p.id = a.tech_id and p.shop_id = a.shop_id and p.role = 'tech'
      where a.shop_id = ${sql.placeholder('shopId')}::uuid and ${where}
      order by ${order}
      limit ${sql.placeholder('rows')}::int
    ) a
    join ase_categories c on c.id = a.category_id
    -- One key lookup per row of the page (lateral): a join may hash all of test_sessions instead.
    left join lateral (
      select ts.id, ts.completed_at from test_sessions ts where ts.id = a.test_session_id limit 1
    ) s on true
    order by ${order}`;

/** Open assignments after (due date, id), on test_assignments_shop_open_idx in its order. */
const openPageRows = preparedStatement(
  'manager_assignments_open',
  assignmentFields,
  pageRowsFrom(
    sql`a.status <> 'completed' and (a.due_date, a.id) > (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`,
    sql`a.due_date, a.id`,
  ),
);

/**
 * Completed assignments before (completed at, id), newest first, on test_assignments_shop_completed_idx
 * read backwards. The submit sets the status and the completion time together.
 */
const completedPageRows = preparedStatement(
  'manager_assignments_completed',
  assignmentFields,
  pageRowsFrom(
    sql`a.status = 'completed' and (a.completed_at, a.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`,
    sql`a.completed_at desc, a.id desc`,
  ),
);

/** Before every open row, and after every completed one. */
const OPEN_START = { at: '-infinity', id: '00000000-0000-0000-0000-000000000000' };
const COMPLETED_START = { at: 'infinity', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

function toRow(row: Omit<AssignmentDbRow, 'keyset_at'>, now: Date, dueSoon: (dueDate: Date) => boolean): AssignmentRow {
  const dueDate = row.due_date;
  return {
    id: row.id,
    technician: { id: row.tech_id, fullName: row.full_name },
    category: { code: row.code, name: row.name },
    dueDate: dueDate.toISOString(),
    notes: row.notes,
    status: assignmentDisplayStatus(row.status, dueDate, now, { submitted: row.attempts, open: row.attempt_open }),
    dueSoon: row.status !== 'completed' && dueSoon(dueDate),
    completedAt: row.completed_at?.toISOString() ?? null,
    attempts: row.attempts,
    lastScore: row.last_score,
  };
}

type PageOptions = { limit?: number; cursor?: string; now?: Date; timeZone?: string | null };

/**
 * One page of Test Assignments and the cursor of the next (null on the last page). A page that ends
 * the open ones goes on with the newest completed ones; each statement reads at most `limit + 1` rows.
 */
export async function listAssignmentPage(
  db: Executor,
  shopId: string,
  options: PageOptions = {},
): Promise<AssignmentsResponse> {
  const limit = options.limit ?? ASSIGNMENTS_PAGE_SIZE;
  const cursor = options.cursor === undefined ? null : parseAssignmentCursor(options.cursor);
  const rows: AssignmentDbRow[] = [];
  if (cursor?.section !== 'completed') {
    const after = cursor ?? OPEN_START;
    rows.push(...(await openPageRows(db, { shopId, at: after.at, id: after.id, rows: limit + 1 })));
  }
  if (rows.length <= limit) {
    const before = cursor?.section === 'completed' ? cursor : COMPLETED_START;
    rows.push(
      ...(await completedPageRows(db, { shopId, at: before.at, id: before.id, rows: limit + 1 - rows.length })),
    );
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const now = options.now ?? new Date();
  const dueSoon = dueSoonCheck(now, options.timeZone ?? FALLBACK_TIME_ZONE);
  return {
    assignments: page.map((row) => toRow(row, now, dueSoon)),
    nextCursor:
      rows.length > limit && last
        ? encodeAssignmentCursor({
            section: last.status === 'completed' ? 'completed' : 'open',
            at: last.keyset_at,
            id: last.id,
          })
        : null,
  };
}

/** The first page's rows (ASSIGNMENTS_PAGE_SIZE unless `limit` says otherwise). */
export async function listAssignments(
  db: Executor,
  shopId: string,
  options: PageOptions = {},
): Promise<AssignmentRow[]> {
  return (await listAssignmentPage(db, shopId, options)).assignments;
}

/**
 * Assign form (docs/PRODUCT.md#assignments): to one of this shop's technicians, a category, a due date from today on (in the
 * manager's time zone), stored as the end of that day there; notes optional.
 */
export async function createAssignment(
  db: Database,
  manager: { id: string; shopId: string; timeZone: string | null; fullName: string },
  request: CreateAssignmentPayload,
  now = new Date(),
): Promise<AssignmentRow> {
  const timeZone = manager.timeZone ?? FALLBACK_TIME_ZONE;
  if (request.dueDate < today(now, timeZone)) throw validationFailed('VALIDATION_FAILED.dueDateBeforeToday');
  if (request.dueDate > latestDueDate(now, timeZone)) throw validationFailed('VALIDATION_FAILED.dueDateTooFar');

  const [tech] = await db
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(profiles)
    .where(and(eq(profiles.id, request.techId), eq(profiles.shopId, manager.shopId), eq(profiles.role, 'tech')));
  if (!tech) throw notFound('NOT_FOUND.technician');
  const [category] = await db
    .select({ id: aseCategories.id, code: aseCategories.code, name: aseCategories.name })
    .from(aseCategories)
    .where(eq(aseCategories.id, request.categoryId));
  if (!category) throw notFound('NOT_FOUND.category');

  // The technician's message is written with the assignment, or neither is (ADR 0042).
  const created = await db.transaction(async (tx) => {
    const row = theRow(
      await tx
        .insert(testAssignments)
        .values({
          managerId: manager.id,
          techId: tech.id,
          shopId: manager.shopId,
          categoryId: category.id,
          dueDate: endOfDay(request.dueDate, timeZone),
          notes: request.notes,
          assignedAt: now,
        })
        .returning(),
      'insert assignment',
    );
    await notifyAssignmentCreated(
      tx,
      {
        techId: tech.id,
        manager: { id: manager.id, fullName: manager.fullName },
        test: {
          assignmentId: row.id,
          categoryCode: category.code,
          categoryName: category.name,
          dueDate: request.dueDate,
        },
      },
      now,
    );
    return row;
  });
  return toRow(
    {
      id: created.id,
      due_date: created.dueDate,
      notes: created.notes,
      status: created.status,
      completed_at: created.completedAt,
      attempts: created.attempts,
      last_score: created.lastScore,
      attempt_open: false,
      tech_id: tech.id,
      full_name: tech.fullName,
      code: category.code,
      name: category.name,
    },
    now,
    dueSoonCheck(now, timeZone),
  );
}
