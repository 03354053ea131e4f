import { and, asc, eq, sql } from 'drizzle-orm';
import type { SessionView, StartSessionRequest } from '../../../domain/contracts/practice';
import {
  assembleFullExam,
  CATEGORY_TEST_MAX_QUESTIONS,
  drawWithCopies,
  EXAM_QUESTION_COUNT,
} from '../../../domain/exam-assembly';
import type { Database, Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { aseCategories, questions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { getAdaptiveQuestions } from './adaptive';
import { findCategory } from './session-rows';

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

async function chooseQuestions(db: Database, techId: string, request: StartSessionRequest): Promise<string[]> {
  if (request.kind === 'category') {
    let chosen: string[] = [];
    try {
      chosen = await getAdaptiveQuestions(db, techId, request.categoryId, CATEGORY_TEST_MAX_QUESTIONS);
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
      where ${sql.placeholder('assignmentId')}::uuid is null or exists (select 1 from assignment)
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

/** Starts a category test or a full exam and returns it as the runner shows it. */
export async function startTestSession(
  db: Database,
  techId: string,
  request: StartSessionRequest,
  options: { examDurationSeconds: number; now?: Date },
): Promise<SessionView> {
  const now = options.now ?? new Date();
  const questionIds = await chooseQuestions(db, techId, request);
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
  if (rows.length === 0) throw notFound('Assignment');
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
  return {
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
}
