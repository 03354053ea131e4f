import { and, eq, sql } from 'drizzle-orm';
import { assignmentDisplayStatus, dueSoonCheck } from '../../../domain/assignment-status';
import {
  ASSIGNMENTS_SHOWN,
  type AssignmentRow,
  type CreateAssignmentPayload,
  MANAGER_MESSAGES,
} from '../../../domain/contracts/manager';
import { endOfDay, FALLBACK_TIME_ZONE, latestDueDate, today } from '../../../domain/due-date';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { aseCategories, profiles, testAssignments } from '../../db/schema';
import { notFound, validationFailed } from '../../errors';

type AssignmentStatus = (typeof testAssignments.$inferSelect)['status'];

interface AssignmentDbRow {
  id: string;
  due_date: Date | string;
  notes: string | null;
  status: AssignmentStatus;
  completed_at: Date | string | null;
  attempts: number;
  last_score: number | null;
  attempt_open: boolean;
  tech_id: string;
  full_name: string;
  code: string;
  name: string;
}

/**
 * The Test Assignments table: the current technicians' open assignments by due date, then the
 * latest completed ones. Status and due soon are worked out now, in the manager's time zone.
 */
const assignmentRows = preparedQuery<AssignmentDbRow>(
  'manager_assignments',
  sql`
    select a.id, a.due_date, a.notes, a.status, a.completed_at, a.attempts, a.last_score,
      (s.id is not null and s.completed_at is null) as attempt_open, p.id as tech_id, p.full_name, c.code, c.name
    from test_assignments a
    join profiles p on p.id = a.tech_id and p.shop_id = a.shop_id and p.role = 'tech'
    join ase_categories c on c.id = a.category_id
    left join test_sessions s on s.id = a.test_session_id
    where a.shop_id = ${sql.placeholder('shopId')}::uuid
    order by a.status = 'completed', case when a.status <> 'completed' then a.due_date end, a.completed_at desc, a.id
    limit ${sql.raw(String(ASSIGNMENTS_SHOWN))}`,
);

function toRow(row: AssignmentDbRow, now: Date, dueSoon: (dueDate: Date) => boolean): AssignmentRow {
  const dueDate = new Date(row.due_date);
  return {
    id: row.id,
    technician: { id: row.tech_id, fullName: row.full_name },
    category: { code: row.code, name: row.name },
    dueDate: dueDate.toISOString(),
    notes: row.notes,
    status: assignmentDisplayStatus(row.status, dueDate, now, { submitted: row.attempts, open: row.attempt_open }),
    dueSoon: row.status !== 'completed' && dueSoon(dueDate),
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
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
 * SPEC §5 assign form: to one of this shop's technicians, a category, a due date from today on (in the
 * manager's time zone), stored as the end of that day there; notes optional.
 */
export async function createAssignment(
  db: Executor,
  manager: { id: string; shopId: string; timeZone: string | null },
  request: CreateAssignmentPayload,
  now = new Date(),
): Promise<AssignmentRow> {
  const timeZone = manager.timeZone ?? FALLBACK_TIME_ZONE;
  if (request.dueDate < today(now, timeZone)) throw validationFailed(MANAGER_MESSAGES.dueDateBeforeToday);
  if (request.dueDate > latestDueDate(now, timeZone)) throw validationFailed(MANAGER_MESSAGES.dueDateTooFar);

  const [tech] = await db
    .select({ id: profiles.id, fullName: profiles.fullName })
    .from(profiles)
    .where(and(eq(profiles.id, request.techId), eq(profiles.shopId, manager.shopId), eq(profiles.role, 'tech')));
  if (!tech) throw notFound('Technician');
  const [category] = await db
    .select({ id: aseCategories.id, code: aseCategories.code, name: aseCategories.name })
    .from(aseCategories)
    .where(eq(aseCategories.id, request.categoryId));
  if (!category) throw notFound('Category');

  const [created] = await db
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
    .returning();
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
