import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { assignmentDisplayStatus, isDueSoon } from '../../../domain/assignment-status';
import { isPassingScore, PASS_MARK } from '../../../domain/constants';
import type { Letter } from '../../../domain/content/schemas';
import type {
  AssignedTest,
  Dashboard,
  HistoryItem,
  Results,
  SessionView,
  StartSessionRequest,
  StudyGuide,
} from '../../../domain/contracts/practice';
import { PRACTICE_MESSAGES } from '../../../domain/contracts/practice';
import {
  assembleFullExam,
  CATEGORY_TEST_MAX_QUESTIONS,
  drawWithCopies,
  EXAM_GRACE_SECONDS,
  EXAM_QUESTION_COUNT,
  isBeforeDeadline,
  studyChapterFor,
} from '../../../domain/exam-assembly';
import type { Database, Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { aseCategories, questions, studyChapters, studySections, testAssignments, testSessions } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { getAdaptiveQuestions } from './adaptive';

type SessionRow = typeof testSessions.$inferSelect;
const HISTORY_ROWS = 10;

const testNotFound = () => new AppError('NOT_FOUND', 404, 'Test not found');
const alreadySubmitted = () => new AppError('ALREADY_SUBMITTED', 409, PRACTICE_MESSAGES.alreadySubmitted);
const timeUp = () => new AppError('TIME_UP', 409, PRACTICE_MESSAGES.timeUp);

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

type CategoryRef = { id: string; code: string; name: string };

/** One question slot of a session with its question, as the runner and the results show it. */
interface SlotRow {
  position: number;
  selected: Letter | null;
  flagged: boolean;
  isCorrect: boolean | null;
  question: {
    id: string;
    text: string;
    options: Record<Letter, string>;
    correctAnswer: Letter;
    explanation: string;
    whyWrong: Partial<Record<Letter, string>>;
  };
  categoryCode: string;
  categoryName: string;
}

async function findCategory(db: Executor, categoryId: string): Promise<CategoryRef> {
  const [category] = await db
    .select({ id: aseCategories.id, code: aseCategories.code, name: aseCategories.name })
    .from(aseCategories)
    .where(eq(aseCategories.id, categoryId));
  if (!category) throw notFound('Category');
  return category;
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
 * assignment of the category, it creates nothing and returns no rows.
 */
const insertSession = preparedQuery<PublicQuestionRow & { session_id: string }>(
  'start_test_session',
  sql`
    with assignment as (
      select id from test_assignments
      where id = ${sql.placeholder('assignmentId')}::uuid and tech_id = ${sql.placeholder('techId')}
        and category_id = ${sql.placeholder('categoryId')}::uuid and status <> 'completed'
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

/** A session's slot with its question and category, as the session read and the submit return it. */
interface SlotDbRow {
  position: number;
  selected_answer: Letter | null;
  flagged: boolean;
  is_correct: boolean | null;
  question_id: string;
  question_text: string;
  option_a: string;
  option_b: string;
  option_c: string;
  option_d: string;
  correct_answer: Letter;
  explanation: string;
  why_wrong: Partial<Record<Letter, string>>;
  code: string;
  name: string;
}

function toSlotRow(r: SlotDbRow): SlotRow {
  return {
    position: r.position,
    selected: r.selected_answer,
    flagged: r.flagged,
    isCorrect: r.is_correct,
    question: {
      id: r.question_id,
      text: r.question_text,
      options: { A: r.option_a, B: r.option_b, C: r.option_c, D: r.option_d },
      correctAnswer: r.correct_answer,
      explanation: r.explanation,
      whyWrong: r.why_wrong,
    },
    categoryCode: r.code,
    categoryName: r.name,
  };
}

async function loadSlotRows(db: Executor, sessionId: string): Promise<SlotRow[]> {
  const result = (await db.execute(sql`
    select ta.position, ta.selected_answer, ta.flagged, ta.is_correct, ta.question_id, q.question_text, q.option_a,
      q.option_b, q.option_c, q.option_d, q.correct_answer, q.explanation, q.why_wrong, c.code, c.name
    from test_answers ta
    join questions q on q.id = ta.question_id
    join ase_categories c on c.id = q.category_id
    where ta.session_id = ${sessionId}
    order by ta.position`)) as unknown as { rows: SlotDbRow[] };
  return result.rows.map(toSlotRow);
}

async function loadOwnSession(db: Executor, techId: string, sessionId: string): Promise<SessionRow> {
  const [session] = await db
    .select()
    .from(testSessions)
    .where(and(eq(testSessions.id, sessionId), eq(testSessions.techId, techId)));
  if (!session) throw testNotFound();
  return session;
}

function isExpired(session: SessionRow, now: Date) {
  return session.completedAt === null && !isBeforeDeadline(now, session.deadlineAt);
}

/** The session as the runner shows it; keys and explanations only once it is completed. */
export async function getTestSession(
  db: Database,
  techId: string,
  sessionId: string,
  now = new Date(),
): Promise<SessionView> {
  const session = await loadOwnSession(db, techId, sessionId);
  if (isExpired(session, now)) {
    // Reopened after time ran out: the server submits it as of the deadline.
    await submitTestSession(db, techId, sessionId, now);
    return getTestSession(db, techId, sessionId, now);
  }
  const [rows, category, [assignment]] = await Promise.all([
    loadSlotRows(db, sessionId),
    session.categoryId ? findCategory(db, session.categoryId) : null,
    db.select({ id: testAssignments.id }).from(testAssignments).where(eq(testAssignments.testSessionId, sessionId)),
  ]);
  return toView(session, rows, { category, assignmentId: assignment?.id ?? null, now });
}

function toView(
  session: Pick<
    SessionRow,
    'id' | 'kind' | 'startedAt' | 'deadlineAt' | 'completedAt' | 'score' | 'correctAnswers' | 'totalQuestions'
  >,
  rows: SlotRow[],
  context: { category: CategoryRef | null; assignmentId: string | null; now: Date },
): SessionView {
  const completed = session.completedAt !== null;
  return {
    id: session.id,
    kind: session.kind,
    category: context.category,
    assignmentId: context.assignmentId,
    startedAt: session.startedAt.toISOString(),
    deadlineAt: session.deadlineAt?.toISOString() ?? null,
    remainingSeconds:
      session.deadlineAt && !completed
        ? Math.max(0, Math.floor((session.deadlineAt.getTime() - context.now.getTime()) / 1000))
        : null,
    status: completed ? 'completed' : 'in_progress',
    slots: rows.map((r) => ({
      position: r.position,
      question: { id: r.question.id, question: r.question.text, options: r.question.options },
      categoryCode: r.categoryCode,
      selected: r.selected,
      flagged: r.flagged,
    })),
    results: completed ? buildResults(session, rows) : null,
  };
}

function buildResults(
  session: Pick<SessionRow, 'completedAt' | 'score' | 'correctAnswers' | 'totalQuestions'>,
  rows: SlotRow[],
): Results {
  const breakdown = new Map<string, { categoryCode: string; categoryName: string; correct: number; total: number }>();
  for (const r of rows) {
    const b = breakdown.get(r.categoryCode) ?? {
      categoryCode: r.categoryCode,
      categoryName: r.categoryName,
      correct: 0,
      total: 0,
    };
    b.total += 1;
    if (r.isCorrect) b.correct += 1;
    breakdown.set(r.categoryCode, b);
  }
  const score = session.score ?? 0;
  return {
    score,
    passed: isPassingScore(score),
    correct: session.correctAnswers,
    total: session.totalQuestions,
    completedAt: (session.completedAt as Date).toISOString(),
    breakdown: [...breakdown.values()].sort((a, b) => a.categoryCode.localeCompare(b.categoryCode)),
    review: rows.map((r) => {
      const correct = r.isCorrect === true;
      return {
        position: r.position,
        questionId: r.question.id,
        question: r.question.text,
        options: r.question.options,
        categoryCode: r.categoryCode,
        selected: r.selected,
        correctAnswer: r.question.correctAnswer,
        correct,
        explanation: r.question.explanation,
        whyWrong: !correct && r.selected ? (r.question.whyWrong[r.selected] ?? null) : null,
        studyChapter: studyChapterFor(r.position),
      };
    }),
  };
}

/**
 * Saves one choice or flag as it is made, in one statement. It writes nothing for another user's
 * session, a submitted one (is_correct is set at submit, so a write racing the submit loses), or
 * an exam past its deadline plus grace; then it returns null and `explainUnsavedAnswer` says why.
 */
export async function saveAnswer(
  db: Database,
  userId: string,
  sessionId: string,
  position: number,
  change: { answer?: Letter; flagged?: boolean },
  now = new Date(),
) {
  const [saved] = await saveAnswerStatement(db, {
    sessionId,
    position,
    userId,
    answer: change.answer ?? null,
    flagged: change.flagged ?? null,
    now: now.toISOString(),
    graceCutoff: new Date(now.getTime() - EXAM_GRACE_SECONDS * 1000).toISOString(),
  });
  return saved ?? null;
}

/** One statement per click; a null answer or flag leaves that column as it is. */
const saveAnswerStatement = preparedQuery<{ position: number; selected: Letter | null; flagged: boolean }>(
  'save_answer',
  sql`
    with saved as (
      update test_answers ta set
        selected_answer = coalesce(${sql.placeholder('answer')}::varchar, ta.selected_answer),
        answered_at = case when ${sql.placeholder('answer')}::varchar is null then ta.answered_at
          else ${sql.placeholder('now')}::timestamptz end,
        flagged = coalesce(${sql.placeholder('flagged')}::boolean, ta.flagged)
      where ta.session_id = ${sql.placeholder('sessionId')}::uuid and ta.position = ${sql.placeholder('position')}::int
        and ta.is_correct is null
        and exists (select 1 from test_sessions s where s.id = ta.session_id and s.tech_id = ${sql.placeholder('userId')}
          and s.completed_at is null
          and (s.deadline_at is null or s.deadline_at >= ${sql.placeholder('graceCutoff')}::timestamptz))
      returning ta.position, ta.selected_answer as selected, ta.flagged
    )
    -- A draft answer does not wait for its commit to reach the disk (ADR 0008): after a database crash
    -- the last fraction of a second of clicks may need repeating; a submit is always durable.
    select saved.* from saved, set_config('synchronous_commit', 'off', true) as asynchronous`,
);

/** Why `saveAnswer` wrote nothing for this technician: the error to answer with. */
export async function explainUnsavedAnswer(db: Database, techId: string, sessionId: string, now = new Date()) {
  const session = await loadOwnSession(db, techId, sessionId);
  if (session.completedAt) return alreadySubmitted();
  if (isExpired(session, now)) return timeUp();
  return new AppError('NOT_FOUND', 404, 'Question not found in this test');
}

/**
 * Scores and completes a session, in one statement (so one transaction and one round trip, and
 * the locks it takes end with it): marks every answer right or wrong, completes the session with
 * its score, and updates per-question progress, difficulty stats, category mastery and (at 70 or
 * more, SPEC §4) the linked assignment. It locks the session row and acts only on the caller's
 * own open session whose questions are all answered (exams may have blanks), so double or
 * concurrent submits complete it once; when it does nothing, the stored result or the reason is
 * returned instead.
 */
export async function submitTestSession(
  db: Database,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<Results> {
  const rows = await completeSession(db, { userId, sessionId, now: now.toISOString() });
  const [first] = rows;
  if (!first) {
    const session = await loadOwnSession(db, userId, sessionId);
    if (session.completedAt) return (await getTestSession(db, userId, sessionId, now)).results as Results;
    throw new AppError('NOT_ALL_ANSWERED', 400, PRACTICE_MESSAGES.notAllAnswered);
  }
  return buildResults(
    {
      completedAt: new Date(first.completed_at),
      score: first.score,
      correctAnswers: first.correct,
      totalQuestions: first.total,
    },
    rows.map(toSlotRow).sort((a, b) => a.position - b.position),
  );
}

/**
 * The submit statement. Its parts see one snapshot, so each reads the scored answers from
 * `scored`'s RETURNING rather than the table. Shared rows (difficulty stats, the user's progress
 * and mastery) are upserted in key order so concurrent submits lock them in the same order.
 * The score is `percentScore` in integer SQL; after the deadline an exam counts as submitted at it.
 */
const completeSession = preparedQuery<
  SlotDbRow & { completed_at: Date | string; score: number; correct: number; total: number }
>(
  'submit_test_session',
  sql`
    with session as (
      select id, total_questions,
        case when deadline_at < ${sql.placeholder('now')}::timestamptz then deadline_at
          else ${sql.placeholder('now')}::timestamptz end as completed_at
      from test_sessions
      where id = ${sql.placeholder('sessionId')} and tech_id = ${sql.placeholder('userId')} and completed_at is null
        and (kind = 'exam' or not exists
          (select 1 from test_answers where session_id = ${sql.placeholder('sessionId')} and selected_answer is null))
      for update
    ), scored as (
      update test_answers ta
      set is_correct = (ta.selected_answer is not null and ta.selected_answer = q.correct_answer)
      from session, questions q
      where ta.session_id = session.id and q.id = ta.question_id
      returning ta.position, ta.selected_answer, ta.flagged, ta.is_correct, ta.question_id, q.category_id
    ), outcome as (
      select session.id, session.completed_at, session.total_questions as total, counted.correct,
        (200 * counted.correct + session.total_questions) / (2 * session.total_questions) as score
      from session, (select count(*) filter (where is_correct)::int as correct from scored) counted
    ), completed as (
      update test_sessions ts
      set completed_at = outcome.completed_at, score = outcome.score, correct_answers = outcome.correct
      from outcome where ts.id = outcome.id
    ), answered as (
      select question_id, category_id, is_correct, outcome.completed_at
      from scored, outcome where scored.selected_answer is not null
    ), progress as (
      insert into user_question_progress (user_id, question_id, times_answered, times_correct, last_answered_at)
      select ${sql.placeholder('userId')}, question_id, count(*), count(*) filter (where is_correct), min(completed_at)
      from answered group by question_id order by question_id
      on conflict (user_id, question_id) do update set
        times_answered = user_question_progress.times_answered + excluded.times_answered,
        times_correct = user_question_progress.times_correct + excluded.times_correct,
        last_answered_at = excluded.last_answered_at
    ), difficulty as (
      insert into question_difficulty_stats (question_id, difficulty, times_answered, times_correct, updated_at)
      select question_id, 1 - (count(*) filter (where is_correct))::real / count(*), count(*),
        count(*) filter (where is_correct), min(completed_at)
      from answered group by question_id order by question_id
      on conflict (question_id) do update set
        times_answered = question_difficulty_stats.times_answered + excluded.times_answered,
        times_correct = question_difficulty_stats.times_correct + excluded.times_correct,
        difficulty = 1 - (question_difficulty_stats.times_correct + excluded.times_correct)::real
          / (question_difficulty_stats.times_answered + excluded.times_answered),
        updated_at = excluded.updated_at
    ), mastery as (
      insert into user_category_mastery
        (user_id, category_id, mastery_score, questions_attempted, correct_answers, recent_performance, updated_at)
      select ${sql.placeholder('userId')}, category_id, (count(*) filter (where is_correct))::real / count(*), count(*),
        count(*) filter (where is_correct), (count(*) filter (where is_correct))::real / count(*), min(completed_at)
      from answered group by category_id order by category_id
      on conflict (user_id, category_id) do update set
        questions_attempted = user_category_mastery.questions_attempted + excluded.questions_attempted,
        correct_answers = user_category_mastery.correct_answers + excluded.correct_answers,
        mastery_score = (user_category_mastery.correct_answers + excluded.correct_answers)::real
          / (user_category_mastery.questions_attempted + excluded.questions_attempted),
        recent_performance = excluded.recent_performance,
        updated_at = excluded.updated_at
    ), assignment as (
      update test_assignments ta set status = 'completed', completed_at = outcome.completed_at
      from outcome
      where ta.test_session_id = outcome.id and ta.status <> 'completed' and outcome.score >= ${PASS_MARK}
    )
    select outcome.completed_at, outcome.score, outcome.correct, outcome.total, scored.position,
      scored.selected_answer, scored.flagged, scored.is_correct, scored.question_id, q.question_text,
      q.option_a, q.option_b, q.option_c, q.option_d, q.correct_answer, q.explanation, q.why_wrong, c.code, c.name
    from outcome, scored
    join questions q on q.id = scored.question_id
    join ase_categories c on c.id = q.category_id`,
);

/** Performance Insights, Recent Test History and Assigned Tests for the technician dashboard. */
export async function getTechDashboard(
  db: Database,
  techId: string,
  shopId: string | null,
  now = new Date(),
): Promise<Dashboard> {
  const [stats] = await db
    .select({
      taken: sql<number>`count(*)`.mapWith(Number),
      average: sql<number>`coalesce(round(avg(${testSessions.score})), 0)`.mapWith(Number),
      passed: sql<number>`count(*) filter (where ${testSessions.score} >= 70)`.mapWith(Number),
      best: sql<number>`coalesce(max(${testSessions.score}), 0)`.mapWith(Number),
    })
    .from(testSessions)
    .where(and(eq(testSessions.techId, techId), isNotNull(testSessions.completedAt)));

  const recent = await db
    .select({ session: testSessions, code: aseCategories.code, name: aseCategories.name })
    .from(testSessions)
    .leftJoin(aseCategories, eq(aseCategories.id, testSessions.categoryId))
    .where(eq(testSessions.techId, techId))
    .orderBy(desc(testSessions.startedAt))
    .limit(HISTORY_ROWS);
  const history: HistoryItem[] = recent.map(({ session, code, name }) => ({
    id: session.id,
    kind: session.kind,
    title:
      session.kind === 'exam'
        ? code
          ? `${code} ${name} Practice Exam`
          : 'Full Comprehensive Practice Exam'
        : `${code} ${name}`,
    status: session.completedAt ? 'Completed' : 'In Progress',
    score: session.score,
    correct: session.correctAnswers,
    total: session.totalQuestions,
    startedAt: session.startedAt.toISOString(),
    completedAt: session.completedAt?.toISOString() ?? null,
  }));

  let assignments: AssignedTest[] | null = null;
  if (shopId) {
    const rows = await db
      .select({
        a: testAssignments,
        code: aseCategories.code,
        name: aseCategories.name,
        openSessionId: testSessions.id,
      })
      .from(testAssignments)
      .innerJoin(aseCategories, eq(aseCategories.id, testAssignments.categoryId))
      .leftJoin(testSessions, and(eq(testSessions.id, testAssignments.testSessionId), isNull(testSessions.completedAt)))
      .where(and(eq(testAssignments.techId, techId), ne(testAssignments.status, 'completed')))
      .orderBy(asc(testAssignments.dueDate));
    assignments = rows.map(({ a, code, name, openSessionId }) => ({
      id: a.id,
      category: { id: a.categoryId, code, name },
      dueDate: a.dueDate.toISOString(),
      notes: a.notes,
      status: assignmentDisplayStatus(a.status, a.dueDate, now),
      dueSoon: isDueSoon(a.dueDate, now),
      testSessionId: a.testSessionId,
      openSessionId,
    }));
  }
  return {
    insights: {
      testsTaken: stats.taken,
      averageScore: stats.average,
      testsPassed: stats.passed,
      bestScore: stats.best,
    },
    history,
    assignments,
  };
}

export async function getStudyGuide(db: Database, code: string): Promise<StudyGuide> {
  const [category] = await db
    .select({ id: aseCategories.id, code: aseCategories.code, name: aseCategories.name })
    .from(aseCategories)
    .where(eq(aseCategories.code, code.toUpperCase()));
  if (!category) throw notFound('Study guide');
  const chapters = await db
    .select()
    .from(studyChapters)
    .where(eq(studyChapters.categoryId, category.id))
    .orderBy(asc(studyChapters.chapterNumber));
  const sections = chapters.length
    ? await db
        .select()
        .from(studySections)
        .where(
          inArray(
            studySections.chapterId,
            chapters.map((c) => c.id),
          ),
        )
        .orderBy(asc(studySections.sectionNumber))
    : [];
  return {
    category,
    chapters: chapters.map((c) => ({
      number: c.chapterNumber,
      title: c.title,
      description: c.description,
      sections: sections
        .filter((s) => s.chapterId === c.id)
        .map((s) => ({ number: s.sectionNumber, title: s.title, content: s.content })),
    })),
  };
}
