import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { simulationSeconds } from '../../../domain/ase-simulation';
import { OPEN_EXAMS_MAX, type SessionView, type StartSessionRequest } from '../../../domain/contracts/practice';
import { isBeforeDeadline } from '../../../domain/exam-assembly';
import { spanishQuestion } from '../../../domain/translation';
import type { Database } from '../../db/client';
import { columnOf, preparedStatement } from '../../db/prepared';
import { shownQuestionColumns } from '../../db/question-columns';
import { aseCategories, questions, testAssignments, testSessions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { assignmentView, getTestSession, readAssignment } from './read';
import { findCategory } from './session-rows';
import { type Plan, plan } from './start-plan';
import { submitTestSession } from './submit';

/**
 * Creates the session, one answer row per question slot and (for an assignment, docs/PRODUCT.md#assignments) marks the
 * assignment in_progress with the session id, all in one statement, so all or nothing; returns the
 * chosen questions as the runner shows them. With an assignment that is not this technician's open
 * assignment of the category from their current shop, it creates nothing and returns no rows; a start that lost a race to an
 * identical one (the same open test, see `openSessionToResume`) creates nothing either. Instant feedback
 * follows the technician's setting, for self-started category tests only (never exams or assigned tests).
 */
const insertSession = preparedStatement(
  'start_test_session',
  {
    session_id: columnOf('session', testSessions.id),
    instant_feedback: columnOf('session', testSessions.instantFeedback),
    id: columnOf('q', questions.id),
    ...shownQuestionColumns('q'),
    code: columnOf('c', aseCategories.code),
    name: columnOf('c', aseCategories.name),
  },
  (columns) => sql`
    with assignment as (
      select id from test_assignments
      where id = ${sql.placeholder('assignmentId')}::uuid and tech_id = ${sql.placeholder('techId')}
        and category_id = ${sql.placeholder('categoryId')}::uuid and status <> 'completed'
        and shop_id = (select shop_id from profiles where id = ${sql.placeholder('techId')})
      for update
    ), session as (
      insert into test_sessions (tech_id, category_id, kind, total_questions, correct_answers, started_at, deadline_at,
        origin, chapter_number, source_session_id, instant_feedback)
      select ${sql.placeholder('techId')}, ${sql.placeholder('categoryId')}::uuid, ${sql.placeholder('kind')},
        cardinality(${sql.placeholder('questionIds')}::text[]), 0, ${sql.placeholder('startedAt')}::timestamptz,
        ${sql.placeholder('deadlineAt')}::timestamptz, ${sql.placeholder('origin')}, ${sql.placeholder('chapter')}::int,
        ${sql.placeholder('sourceSessionId')}::uuid,
        -- Practising the questions just missed always explains each answer; other self-started
        -- category tests follow the technician's choice.
        ${sql.placeholder('kind')} = 'category' and ${sql.placeholder('origin')} <> 'assignment'
          and (${sql.placeholder('origin')} = 'missed'
            or coalesce((select p.instant_feedback from profiles p where p.id = ${sql.placeholder('techId')}), false))
      where (${sql.placeholder('assignmentId')}::uuid is null or exists (select 1 from assignment))
        -- one open session per test: a start that lost a race to an identical one creates nothing
        and not exists (select 1 from test_sessions o
          where o.tech_id = ${sql.placeholder('techId')} and o.kind = ${sql.placeholder('kind')}
            and o.category_id is not distinct from ${sql.placeholder('categoryId')}::uuid and o.completed_at is null
            and (o.deadline_at is null or o.deadline_at > ${sql.placeholder('startedAt')}::timestamptz)
            and ((${sql.placeholder('kind')} = 'exam' and o.origin = ${sql.placeholder('origin')})
              or (${sql.placeholder('kind')} <> 'exam' and o.origin = ${sql.placeholder('origin')}
              and o.chapter_number is not distinct from ${sql.placeholder('chapter')}::int
              and o.source_session_id is not distinct from ${sql.placeholder('sourceSessionId')}::uuid
              and (${sql.placeholder('assignmentId')}::uuid is null or exists (select 1 from test_assignments a
                where a.id = ${sql.placeholder('assignmentId')}::uuid and a.test_session_id = o.id)))))
      returning id, instant_feedback
    ), slots as (
      insert into test_answers (session_id, position, question_id, scored)
      select session.id, slot.n - 1, slot.question_id,
        not (slot.n - 1 = any(${sql.placeholder('unscored')}::int[]))
      from session, unnest(${sql.placeholder('questionIds')}::text[]) with ordinality as slot(question_id, n)
    ), linked as (
      update test_assignments set status = 'in_progress', test_session_id = session.id
      from session, assignment where test_assignments.id = assignment.id
    )
    select ${columns}
    from session, questions q join ase_categories c on c.id = q.category_id
    where q.id = any(${sql.placeholder('questionIds')}::text[])`,
);

/** A chosen question as the start statement returns it. */
type PublicQuestionRow = Awaited<ReturnType<typeof insertSession>>[number];

/**
 * The technician's open session to resume instead of starting another (ADR 0010,
 * ADR 0013): one open exam per exam choice and at most OPEN_EXAMS_MAX open exams; one open self-started
 * category test of each sort (category, origin, chapter, source test); an assignment's own open test.
 * Exams past their deadline are submitted here, as of the deadline, so they no longer count. Starting an
 * assigned test while a plain open test of that category (without instant feedback) is under way links
 * that test to the assignment (docs/PRODUCT.md#assignments: the assignment becomes in_progress).
 */
async function openSessionToResume(db: Database, techId: string, p: Plan, now: Date): Promise<string | null> {
  const rows = await db
    .select({
      id: testSessions.id,
      categoryId: testSessions.categoryId,
      deadlineAt: testSessions.deadlineAt,
      origin: testSessions.origin,
      chapter: testSessions.chapterNumber,
      sourceSessionId: testSessions.sourceSessionId,
      instantFeedback: testSessions.instantFeedback,
      assignmentId: testAssignments.id,
    })
    .from(testSessions)
    .leftJoin(testAssignments, eq(testAssignments.testSessionId, testSessions.id))
    .where(and(eq(testSessions.techId, techId), eq(testSessions.kind, p.kind), isNull(testSessions.completedAt)))
    .orderBy(desc(testSessions.startedAt));
  const open: typeof rows = [];
  for (const row of rows) {
    if (isBeforeDeadline(now, row.deadlineAt)) open.push(row);
    else await submitTestSession(db, techId, row.id, now);
  }
  const sameCategory = open.filter((row) => row.categoryId === p.categoryId);
  if (p.kind === 'exam') {
    // One open exam per exam choice: a category exam and that category's ASE simulation are two choices.
    const sameExam = sameCategory.find((row) => row.origin === p.origin);
    if (sameExam) return sameExam.id;
    if (open.length >= OPEN_EXAMS_MAX) throw new AppError('OPEN_EXAMS_LIMIT', 409);
    return null;
  }
  if (p.assignmentId) {
    const own = sameCategory.find((row) => row.assignmentId === p.assignmentId);
    if (own) return own.id;
    // Never an instant-feedback test: an assigned test does not reveal keys before submit.
    const plain = sameCategory.find((row) => row.origin === 'practice' && !row.assignmentId && !row.instantFeedback);
    if (!plain) return null;
    await linkAssignment(db, techId, p.assignmentId, p.categoryId as string, plain.id);
    return plain.id;
  }
  const same = sameCategory.find(
    (row) =>
      row.origin === p.origin &&
      row.assignmentId === null &&
      row.chapter === (p.chapter?.number ?? null) &&
      row.sourceSessionId === p.sourceSessionId,
  );
  return same?.id ?? null;
}

/**
 * Links this technician's open assignment of the category to a session, which becomes the assignment's
 * test; 404 for any other assignment.
 */
async function linkAssignment(
  db: Database,
  techId: string,
  assignmentId: string,
  categoryId: string,
  sessionId: string,
) {
  await db.transaction(async (tx) => {
    const linked = await tx
      .update(testAssignments)
      .set({ status: 'in_progress', testSessionId: sessionId })
      .where(
        and(
          eq(testAssignments.id, assignmentId),
          eq(testAssignments.techId, techId),
          eq(testAssignments.categoryId, categoryId),
          ne(testAssignments.status, 'completed'),
          // Only an assignment of the technician's current shop (a shop change leaves the old ones behind).
          sql`${testAssignments.shopId} = (select shop_id from profiles where id = ${techId})`,
        ),
      )
      .returning({ id: testAssignments.id });
    if (linked.length === 0) throw notFound('NOT_FOUND.assignment');
    await tx.update(testSessions).set({ origin: 'assignment' }).where(eq(testSessions.id, sessionId));
  });
}

export interface StartOutcome {
  session: SessionView;
  /** True when an open session was returned instead of a new one. */
  resumed: boolean;
}

/**
 * Starts a test and returns it as the runner shows it, or returns the open one of the same sort to
 * resume (see `openSessionToResume`). `beforeCreate` runs only when a new session is about to be made
 * (the per-user creation limit), so resuming never counts against it.
 */
export async function startTestSession(
  db: Database,
  techId: string,
  request: StartSessionRequest,
  options: { examDurationSeconds: number; now?: Date; beforeCreate?: () => Promise<void> },
): Promise<StartOutcome> {
  const now = options.now ?? new Date();
  const p = await plan(db, techId, request);
  const open = await openSessionToResume(db, techId, p, now);
  if (open) return { session: await getTestSession(db, techId, open, now), resumed: true };
  await options.beforeCreate?.();
  const drawn = await p.questions(now);
  const questionIds = Array.isArray(drawn) ? drawn : drawn.questionIds;
  const unscored = Array.isArray(drawn) ? [] : drawn.unscored;
  const [firstId] = questionIds;
  if (firstId === undefined) {
    if (p.categoryId) await findCategory(db, p.categoryId); // 404 for an unknown category
    throw new AppError('NO_QUESTIONS', 409);
  }

  const seconds = p.simulationMinutes
    ? simulationSeconds(p.simulationMinutes, options.examDurationSeconds)
    : options.examDurationSeconds;
  const deadlineAt = p.kind === 'exam' ? new Date(now.getTime() + seconds * 1000) : null;
  const rows = await insertSession(db, {
    techId,
    categoryId: p.categoryId,
    kind: p.kind,
    origin: p.origin,
    chapter: p.chapter?.number ?? null,
    sourceSessionId: p.sourceSessionId,
    startedAt: now.toISOString(),
    deadlineAt: deadlineAt?.toISOString() ?? null,
    assignmentId: p.assignmentId,
    questionIds,
    unscored,
  });
  const [firstRow] = rows;
  if (!firstRow) {
    // Another start of the same test won the race: resume that one. Otherwise the assignment is not ours.
    const raced = await openSessionToResume(db, techId, p, now);
    if (raced) return { session: await getTestSession(db, techId, raced, now), resumed: true };
    throw notFound('NOT_FOUND.assignment');
  }
  const sessionId = firstRow.session_id;
  const chosen = new Map(rows.map((row) => [row.id, row]));

  const slots = questionIds.map((id, position) => {
    const q = chosen.get(id) as PublicQuestionRow;
    return {
      position,
      question: {
        id,
        question: q.question_text,
        options: { A: q.option_a, B: q.option_b, C: q.option_c, D: q.option_d },
        exhibit: q.exhibit,
        es: spanishQuestion(q.es),
      },
      categoryCode: q.code,
      selected: null,
      flagged: false,
      reveal: null,
    };
  });
  // Every question of a session with a category belongs to that category.
  const first = chosen.get(firstId) as PublicQuestionRow;
  // An assigned test's runner names the manager and the due date from its first question on.
  const [assignment] = p.assignmentId ? await readAssignment(db, eq(testAssignments.id, p.assignmentId)) : [];
  const session: SessionView = {
    id: sessionId,
    kind: p.kind,
    origin: p.origin,
    category: p.categoryId ? { id: p.categoryId, code: first.code, name: first.name } : null,
    chapter: p.chapter,
    assignmentId: p.assignmentId,
    assignment: assignment ? assignmentView(assignment) : null,
    instantFeedback: firstRow.instant_feedback,
    startedAt: now.toISOString(),
    deadlineAt: deadlineAt?.toISOString() ?? null,
    remainingSeconds: deadlineAt ? Math.floor((deadlineAt.getTime() - now.getTime()) / 1000) : null,
    status: 'in_progress',
    slots,
    results: null,
  };
  return { session, resumed: false };
}
