import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  OPEN_EXAMS_MAX,
  PRACTICE_MESSAGES,
  type SessionView,
  type StartSessionRequest,
} from '../../../domain/contracts/practice';
import {
  assembleFullExam,
  CATEGORY_TEST_MAX_QUESTIONS,
  drawWithCopies,
  EXAM_QUESTION_COUNT,
  isBeforeDeadline,
} from '../../../domain/exam-assembly';
import type { Database, Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { aseCategories, questions, testAssignments, testSessions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { getAdaptiveQuestions } from './adaptive';
import { getTestSession } from './read';
import { findCategory } from './session-rows';
import { submitTestSession } from './submit';

async function practicePool(db: Executor, categoryId: string): Promise<string[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.categoryId, categoryId), eq(questions.pool, 'practice'), eq(questions.active, true)));
  return rows.map((r) => r.id);
}

function randomPick(pool: string[], count: number): string[] {
  return drawWithCopies(pool, Math.min(count, pool.length));
}

async function chooseQuestions(
  db: Database,
  techId: string,
  request: StartSessionRequest,
  now: Date,
): Promise<string[]> {
  if (request.kind === 'category') {
    let chosen: string[] = [];
    try {
      chosen = await getAdaptiveQuestions(db, techId, request.categoryId, CATEGORY_TEST_MAX_QUESTIONS, {
        // An assigned test prefers questions whose key this technician has not seen lately (issue 14).
        ...(request.assignmentId ? { assignedAt: now } : {}),
      });
    } catch {
      // SPEC §9: adaptive selection preferred, random fallback.
    }
    return chosen.length > 0
      ? chosen
      : randomPick(await practicePool(db, request.categoryId), CATEGORY_TEST_MAX_QUESTIONS);
  }
  if (request.categoryId) return drawWithCopies(await practicePool(db, request.categoryId), EXAM_QUESTION_COUNT);
  const categories = await db.select({ id: aseCategories.id }).from(aseCategories).orderBy(asc(aseCategories.code));
  const pools = await Promise.all(categories.map((c) => practicePool(db, c.id)));
  return assembleFullExam(pools, EXAM_QUESTION_COUNT);
}

interface PublicQuestionRow {
  id: string;
  question_text: string;
  option_a: string;
  option_b: string;
  option_c: string;
  option_d: string;
  code: string;
  name: string;
}

/**
 * Creates the session, one answer row per question slot and (for an assignment, SPEC §4) marks the
 * assignment in_progress with the session id, all in one statement, so all or nothing; returns the
 * chosen questions as the runner shows them. With an assignment that is not this technician's open
 * assignment of the category from their current shop, it creates nothing and returns no rows.
 */
const insertSession = preparedQuery<PublicQuestionRow & { session_id: string }>(
  'start_test_session',
  sql`
    with assignment as (
      select id from test_assignments
      where id = ${sql.placeholder('assignmentId')}::uuid and tech_id = ${sql.placeholder('techId')}
        and category_id = ${sql.placeholder('categoryId')}::uuid and status <> 'completed'
        and shop_id = (select shop_id from profiles where id = ${sql.placeholder('techId')})
      for update
    ), session as (
      insert into test_sessions (tech_id, category_id, kind, total_questions, correct_answers, started_at, deadline_at)
      select ${sql.placeholder('techId')}, ${sql.placeholder('categoryId')}::uuid, ${sql.placeholder('kind')},
        cardinality(${sql.placeholder('questionIds')}::text[]), 0, ${sql.placeholder('startedAt')}::timestamptz,
        ${sql.placeholder('deadlineAt')}::timestamptz
      where (${sql.placeholder('assignmentId')}::uuid is null or exists (select 1 from assignment))
        -- one open session per test: a start that lost a race to an identical one creates nothing
        and not exists (select 1 from test_sessions o
          where o.tech_id = ${sql.placeholder('techId')} and o.kind = ${sql.placeholder('kind')}
            and o.category_id is not distinct from ${sql.placeholder('categoryId')}::uuid and o.completed_at is null
            and (o.deadline_at is null or o.deadline_at > ${sql.placeholder('startedAt')}::timestamptz))
      returning id
    ), slots as (
      insert into test_answers (session_id, position, question_id)
      select session.id, slot.n - 1, slot.question_id
      from session, unnest(${sql.placeholder('questionIds')}::text[]) with ordinality as slot(question_id, n)
    ), linked as (
      update test_assignments set status = 'in_progress', test_session_id = session.id
      from session, assignment where test_assignments.id = assignment.id
    )
    select session.id as session_id, q.id, q.question_text, q.option_a, q.option_b, q.option_c, q.option_d, c.code, c.name
    from session, questions q join ase_categories c on c.id = q.category_id
    where q.id = any(${sql.placeholder('questionIds')}::text[])`,
);

/**
 * The technician's open session of this kind for the same category (or the same full exam) to resume
 * instead of starting another (issue 14, ADR 0010): one open category test per category, one open exam
 * per exam choice and at most OPEN_EXAMS_MAX open exams. Exams past their deadline are submitted here, as
 * of the deadline, so they no longer count. Starting a category test for an assignment while an unlinked
 * test of that category is open links it to the assignment (SPEC §4: the assignment becomes in_progress).
 */
async function openSessionToResume(
  db: Database,
  techId: string,
  request: StartSessionRequest,
  now: Date,
): Promise<string | null> {
  const rows = await db
    .select({
      id: testSessions.id,
      categoryId: testSessions.categoryId,
      deadlineAt: testSessions.deadlineAt,
      assignmentId: testAssignments.id,
    })
    .from(testSessions)
    .leftJoin(testAssignments, eq(testAssignments.testSessionId, testSessions.id))
    .where(and(eq(testSessions.techId, techId), eq(testSessions.kind, request.kind), isNull(testSessions.completedAt)))
    .orderBy(desc(testSessions.startedAt));
  const open: typeof rows = [];
  for (const row of rows) {
    if (isBeforeDeadline(now, row.deadlineAt)) open.push(row);
    else await submitTestSession(db, techId, row.id, now);
  }
  const same = open.find((row) => row.categoryId === (request.categoryId ?? null));
  if (request.kind === 'exam') {
    if (same) return same.id;
    if (open.length >= OPEN_EXAMS_MAX) throw new AppError('OPEN_EXAMS_LIMIT', 409, PRACTICE_MESSAGES.openExamsLimit);
    return null;
  }
  if (!same) return null;
  if (request.assignmentId && same.assignmentId === null) {
    await linkAssignment(db, techId, request.assignmentId, request.categoryId, same.id);
  }
  return same.id;
}

/** Links this technician's open assignment of the category to a session; 404 for any other assignment. */
async function linkAssignment(
  db: Database,
  techId: string,
  assignmentId: string,
  categoryId: string,
  sessionId: string,
) {
  const linked = await db
    .update(testAssignments)
    .set({ status: 'in_progress', testSessionId: sessionId })
    .where(
      and(
        eq(testAssignments.id, assignmentId),
        eq(testAssignments.techId, techId),
        eq(testAssignments.categoryId, categoryId),
        ne(testAssignments.status, 'completed'),
      ),
    )
    .returning({ id: testAssignments.id });
  if (linked.length === 0) throw notFound('Assignment');
}

export interface StartOutcome {
  session: SessionView;
  /** True when an open session was returned instead of a new one. */
  resumed: boolean;
}

/**
 * Starts a category test or a full exam and returns it as the runner shows it, or returns the open one
 * to resume (see `openSessionToResume`). `beforeCreate` runs only when a new session is about to be made
 * (the per-user creation limit), so resuming never counts against it.
 */
export async function startTestSession(
  db: Database,
  techId: string,
  request: StartSessionRequest,
  options: { examDurationSeconds: number; now?: Date; beforeCreate?: () => Promise<void> },
): Promise<StartOutcome> {
  const now = options.now ?? new Date();
  const open = await openSessionToResume(db, techId, request, now);
  if (open) return { session: await getTestSession(db, techId, open, now), resumed: true };
  await options.beforeCreate?.();
  const questionIds = await chooseQuestions(db, techId, request, now);
  if (questionIds.length === 0) {
    if (request.categoryId) await findCategory(db, request.categoryId); // 404 for an unknown category
    throw new AppError('NO_QUESTIONS', 409, 'No questions are available for this category yet.');
  }

  const values = {
    techId,
    categoryId: request.categoryId ?? null,
    kind: request.kind,
    startedAt: now,
    deadlineAt: request.kind === 'exam' ? new Date(now.getTime() + options.examDurationSeconds * 1000) : null,
  };
  const assignmentId = request.kind === 'category' ? (request.assignmentId ?? null) : null;
  const rows = await insertSession(db, {
    ...values,
    startedAt: now.toISOString(),
    deadlineAt: values.deadlineAt?.toISOString() ?? null,
    assignmentId,
    questionIds,
  });
  if (rows.length === 0) {
    // Another start of the same test won the race: resume that one. Otherwise the assignment is not ours.
    const raced = await openSessionToResume(db, techId, request, now);
    if (raced) return { session: await getTestSession(db, techId, raced, now), resumed: true };
    throw notFound('Assignment');
  }
  const sessionId = rows[0].session_id;
  const chosen = new Map(rows.map((row) => [row.id, row]));

  const slots = questionIds.map((id, position) => {
    const q = chosen.get(id) as PublicQuestionRow;
    return {
      position,
      question: {
        id,
        question: q.question_text,
        options: { A: q.option_a, B: q.option_b, C: q.option_c, D: q.option_d },
      },
      categoryCode: q.code,
      selected: null,
      flagged: false,
    };
  });
  // Every question of a category test or a one-category exam belongs to that category.
  const first = chosen.get(questionIds[0]) as PublicQuestionRow;
  const session: SessionView = {
    id: sessionId,
    kind: request.kind,
    category: values.categoryId ? { id: values.categoryId, code: first.code, name: first.name } : null,
    assignmentId,
    startedAt: now.toISOString(),
    deadlineAt: values.deadlineAt?.toISOString() ?? null,
    remainingSeconds: values.deadlineAt ? Math.floor((values.deadlineAt.getTime() - now.getTime()) / 1000) : null,
    status: 'in_progress',
    slots,
    results: null,
  };
  return { session, resumed: false };
}
