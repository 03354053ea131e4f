import { and, eq, sql } from 'drizzle-orm';
import { assignmentDisplayStatus, dueSoonCheck } from '../../../domain/assignment-status';
import { endOfDay, FALLBACK_TIME_ZONE, today } from '../../../domain/calendar-day';
import { ASSIGNMENTS_SHOWN, type AssignmentRow, type CreateAssignmentPayload } from '../../../domain/contracts/manager';
import { latestDueDate } from '../../../domain/due-date';
import type { Database, Executor } from '../../db/client';
import { columnOf, preparedStatement, type RowOf } from '../../db/prepared';
import { aseCategories, profiles, testAssignments } from '../../db/schema';
import { theRow } from '../../db/the-row';
import { notFound, validationFailed } from '../../errors';
import { notifyAssignmentCreated } from '../../notifications/events';

/**
 * The Test Assignments table: the current technicians' open assignments by due date, then the
 * latest completed ones. Status and due soon are worked out now, in the manager's time zone.
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
  tech_id: columnOf('p', profiles.id),
  full_name: columnOf('p', profiles.fullName),
  code: columnOf('c', aseCategories.code),
  name: columnOf('c', aseCategories.name),
};

type AssignmentDbRow = RowOf<typeof assignmentFields>;

const assignmentRows = preparedStatement(
  'manager_assignments',
  assignmentFields,
  (columns) => sql`
    select ${columns}
    from test_assignments a
    join profiles p on p.id = a.tech_id and p.shop_id = a.shop_id and p.role = 'tech'
    join ase_categories c on c.id = a.category_id
    left join test_sessions s on s.id = a.test_session_id
    where a.shop_id = ${sql.placeholder('shopId')}::uuid
    order by a.status = 'completed', case when a.status <> 'completed' then a.due_date end, a.completed_at desc, a.id
    limit ${sql.raw(String(ASSIGNMENTS_SHOWN))}`,
);

function toRow(row: AssignmentDbRow, now: Date, dueSoon: (dueDate: Date) => boolean): AssignmentRow {
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

export async function listAssignments(
  db: Executor,
  shopId: string,
  options: { now?: Date; timeZone?: string | null } = {},
): Promise<AssignmentRow[]> {
  const rows = await assignmentRows(db, { shopId });
  const now = options.now ?? new Date();
  const dueSoon = dueSoonCheck(now, options.timeZone ?? FALLBACK_TIME_ZONE);
  return rows.map((row) => toRow(row, now, dueSoon));
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
