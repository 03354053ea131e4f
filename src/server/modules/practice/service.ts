import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { assignmentDisplayStatus, isDueSoon } from '../../../domain/assignment-status';
import { isPassingScore, percentScore } from '../../../domain/constants';
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
import {
  aseCategories,
  questions,
  studyChapters,
  studySections,
  testAnswers,
  testAssignments,
  testSessions,
} from '../../db/schema';
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

/** Starts a category test or a full exam: the session and one answer row per question slot, in one transaction. */
export async function startTestSession(
  db: Database,
  techId: string,
  request: StartSessionRequest,
  options: { examDurationSeconds: number; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  if (request.categoryId) {
    const [category] = await db
      .select({ id: aseCategories.id })
      .from(aseCategories)
      .where(eq(aseCategories.id, request.categoryId));
    if (!category) throw notFound('Category');
  }

  let questionIds: string[];
  if (request.kind === 'category') {
    try {
      questionIds = await getAdaptiveQuestions(db, techId, request.categoryId, CATEGORY_TEST_MAX_QUESTIONS);
    } catch {
      // SPEC §9: adaptive selection preferred, random fallback.
      questionIds = [];
    }
    if (questionIds.length === 0)
      questionIds = randomPick(await practicePool(db, request.categoryId), CATEGORY_TEST_MAX_QUESTIONS);
  } else if (request.categoryId) {
    questionIds = drawWithCopies(await practicePool(db, request.categoryId), EXAM_QUESTION_COUNT);
  } else {
    const categories = await db.select({ id: aseCategories.id }).from(aseCategories).orderBy(asc(aseCategories.code));
    const pools = await Promise.all(categories.map((c) => practicePool(db, c.id)));
    questionIds = assembleFullExam(pools, EXAM_QUESTION_COUNT);
  }
  if (questionIds.length === 0) {
    throw new AppError('NO_QUESTIONS', 409, 'No questions are available for this category yet.');
  }

  return db.transaction(async (tx) => {
    const [session] = await tx
      .insert(testSessions)
      .values({
        techId,
        categoryId: request.categoryId,
        kind: request.kind,
        totalQuestions: questionIds.length,
        correctAnswers: 0,
        startedAt: now,
        deadlineAt: request.kind === 'exam' ? new Date(now.getTime() + options.examDurationSeconds * 1000) : null,
      })
      .returning({ id: testSessions.id });
    await tx
      .insert(testAnswers)
      .values(questionIds.map((questionId, position) => ({ sessionId: session.id, position, questionId })));
    if (request.kind === 'category' && request.assignmentId) {
      // SPEC §4: the assignment becomes in_progress with the session id.
      const linked = await tx
        .update(testAssignments)
        .set({ status: 'in_progress', testSessionId: session.id })
        .where(
          and(
            eq(testAssignments.id, request.assignmentId),
            eq(testAssignments.techId, techId),
            eq(testAssignments.categoryId, request.categoryId),
            ne(testAssignments.status, 'completed'),
          ),
        )
        .returning({ id: testAssignments.id });
      if (linked.length === 0) throw notFound('Assignment');
    }
    return session.id;
  });
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
  let session = await loadOwnSession(db, techId, sessionId);
  if (isExpired(session, now)) {
    // Reopened after time ran out: the server submits it as of the deadline.
    await submitTestSession(db, techId, sessionId, now);
    session = await loadOwnSession(db, techId, sessionId);
  }
  const rows = await db
    .select({ answer: testAnswers, question: questions, code: aseCategories.code, categoryName: aseCategories.name })
    .from(testAnswers)
    .innerJoin(questions, eq(questions.id, testAnswers.questionId))
    .innerJoin(aseCategories, eq(aseCategories.id, questions.categoryId))
    .where(eq(testAnswers.sessionId, sessionId))
    .orderBy(asc(testAnswers.position));
  const [category] = session.categoryId
    ? await db
        .select({ id: aseCategories.id, code: aseCategories.code, name: aseCategories.name })
        .from(aseCategories)
        .where(eq(aseCategories.id, session.categoryId))
    : [null];
  const [assignment] = await db
    .select({ id: testAssignments.id })
    .from(testAssignments)
    .where(eq(testAssignments.testSessionId, sessionId));
  const completed = session.completedAt !== null;
  return {
    id: session.id,
    kind: session.kind,
    category: category ?? null,
    assignmentId: assignment?.id ?? null,
    startedAt: session.startedAt.toISOString(),
    deadlineAt: session.deadlineAt?.toISOString() ?? null,
    remainingSeconds:
      session.deadlineAt && !completed
        ? Math.max(0, Math.floor((session.deadlineAt.getTime() - now.getTime()) / 1000))
        : null,
    status: completed ? 'completed' : 'in_progress',
    slots: rows.map((r) => ({
      position: r.answer.position,
      question: {
        id: r.question.id,
        question: r.question.questionText,
        options: { A: r.question.optionA, B: r.question.optionB, C: r.question.optionC, D: r.question.optionD },
      },
      categoryCode: r.code,
      selected: r.answer.selectedAnswer,
      flagged: r.answer.flagged,
    })),
    results: completed ? buildResults(session, rows) : null,
  };
}

function buildResults(
  session: SessionRow,
  rows: {
    answer: typeof testAnswers.$inferSelect;
    question: typeof questions.$inferSelect;
    code: string;
    categoryName: string;
  }[],
): Results {
  const breakdown = new Map<string, { categoryCode: string; categoryName: string; correct: number; total: number }>();
  for (const r of rows) {
    const b = breakdown.get(r.code) ?? { categoryCode: r.code, categoryName: r.categoryName, correct: 0, total: 0 };
    b.total += 1;
    if (r.answer.isCorrect) b.correct += 1;
    breakdown.set(r.code, b);
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
      const selected = r.answer.selectedAnswer;
      const correct = r.answer.isCorrect === true;
      return {
        position: r.answer.position,
        questionId: r.question.id,
        question: r.question.questionText,
        options: { A: r.question.optionA, B: r.question.optionB, C: r.question.optionC, D: r.question.optionD },
        categoryCode: r.code,
        selected,
        correctAnswer: r.question.correctAnswer,
        correct,
        explanation: r.question.explanation,
        whyWrong: !correct && selected ? (r.question.whyWrong[selected] ?? null) : null,
        studyChapter: studyChapterFor(r.answer.position),
      };
    }),
  };
}

/**
 * Saves one choice or flag as it is made. One statement in the happy path; it writes nothing for
 * another user's session, a submitted one (is_correct is set at submit, so a write racing the
 * submit loses), or an exam past its deadline plus grace.
 */
export async function saveAnswer(
  db: Database,
  techId: string,
  sessionId: string,
  position: number,
  change: { answer?: Letter; flagged?: boolean },
  now = new Date(),
) {
  const set: Record<string, unknown> = {};
  if (change.answer !== undefined) {
    set.selectedAnswer = change.answer;
    set.answeredAt = now;
  }
  if (change.flagged !== undefined) set.flagged = change.flagged;
  const graceCutoff = new Date(now.getTime() - EXAM_GRACE_SECONDS * 1000);
  const updated = await db
    .update(testAnswers)
    .set(set)
    .where(
      and(
        eq(testAnswers.sessionId, sessionId),
        eq(testAnswers.position, position),
        sql`${testAnswers.isCorrect} is null`,
        sql`exists (select 1 from ${testSessions} s where s.id = ${testAnswers.sessionId} and s.tech_id = ${techId}
          and s.completed_at is null and (s.deadline_at is null or s.deadline_at >= ${graceCutoff.toISOString()}::timestamptz))`,
      ),
    )
    .returning({ position: testAnswers.position, selected: testAnswers.selectedAnswer, flagged: testAnswers.flagged });
  if (updated[0]) return updated[0];
  // Nothing written: say why.
  const session = await loadOwnSession(db, techId, sessionId);
  if (session.completedAt) throw alreadySubmitted();
  if (isExpired(session, now)) throw timeUp();
  throw new AppError('NOT_FOUND', 404, 'Question not found in this test');
}

/**
 * Scores and completes a session in one transaction: answers, session, per-question progress,
 * difficulty stats, category mastery and the linked assignment. Idempotent: the session row is
 * locked, and a session already completed returns its stored result, so double or concurrent
 * submits give one result.
 */
export async function submitTestSession(db: Database, techId: string, sessionId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const [session] = await tx
      .select()
      .from(testSessions)
      .where(and(eq(testSessions.id, sessionId), eq(testSessions.techId, techId)))
      .for('update');
    if (!session) throw testNotFound();
    if (session.completedAt) return;
    if (session.kind === 'category') {
      const [open] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(testAnswers)
        .where(and(eq(testAnswers.sessionId, sessionId), sql`${testAnswers.selectedAnswer} is null`));
      if (open.n > 0) throw new AppError('NOT_ALL_ANSWERED', 400, PRACTICE_MESSAGES.notAllAnswered);
    }
    // SPEC issue: after the deadline the exam counts as submitted at the deadline.
    const completedAt = session.deadlineAt && now > session.deadlineAt ? session.deadlineAt : now;

    const scored = (await tx.execute(sql`
      update test_answers ta
      set is_correct = (ta.selected_answer is not null and ta.selected_answer = q.correct_answer)
      from questions q
      where q.id = ta.question_id and ta.session_id = ${sessionId}
      returning ta.is_correct`)) as unknown as { rows: { is_correct: boolean }[] };
    const correct = scored.rows.filter((r) => r.is_correct).length;
    const score = percentScore(correct, session.totalQuestions);
    await tx
      .update(testSessions)
      .set({ completedAt, score, correctAnswers: correct })
      .where(eq(testSessions.id, sessionId));

    const at = completedAt.toISOString();
    // Counts per question (an exam may hold copies); ordered so concurrent submits lock rows in one order.
    await tx.execute(sql`
      insert into user_question_progress (user_id, question_id, times_answered, times_correct, last_answered_at)
      select ${techId}, question_id, count(*), count(*) filter (where is_correct), ${at}::timestamptz
      from test_answers where session_id = ${sessionId} and selected_answer is not null
      group by question_id order by question_id
      on conflict (user_id, question_id) do update set
        times_answered = user_question_progress.times_answered + excluded.times_answered,
        times_correct = user_question_progress.times_correct + excluded.times_correct,
        last_answered_at = excluded.last_answered_at`);
    await tx.execute(sql`
      insert into question_difficulty_stats (question_id, difficulty, times_answered, times_correct, updated_at)
      select question_id, 1 - (count(*) filter (where is_correct))::real / count(*), count(*),
        count(*) filter (where is_correct), ${at}::timestamptz
      from test_answers where session_id = ${sessionId} and selected_answer is not null
      group by question_id order by question_id
      on conflict (question_id) do update set
        times_answered = question_difficulty_stats.times_answered + excluded.times_answered,
        times_correct = question_difficulty_stats.times_correct + excluded.times_correct,
        difficulty = 1 - (question_difficulty_stats.times_correct + excluded.times_correct)::real
          / (question_difficulty_stats.times_answered + excluded.times_answered),
        updated_at = excluded.updated_at`);
    await tx.execute(sql`
      insert into user_category_mastery
        (user_id, category_id, mastery_score, questions_attempted, correct_answers, recent_performance, updated_at)
      select ${techId}, q.category_id,
        (count(*) filter (where ta.is_correct))::real / count(*), count(*),
        count(*) filter (where ta.is_correct), (count(*) filter (where ta.is_correct))::real / count(*),
        ${at}::timestamptz
      from test_answers ta join questions q on q.id = ta.question_id
      where ta.session_id = ${sessionId} and ta.selected_answer is not null
      group by q.category_id order by q.category_id
      on conflict (user_id, category_id) do update set
        questions_attempted = user_category_mastery.questions_attempted + excluded.questions_attempted,
        correct_answers = user_category_mastery.correct_answers + excluded.correct_answers,
        mastery_score = (user_category_mastery.correct_answers + excluded.correct_answers)::real
          / (user_category_mastery.questions_attempted + excluded.questions_attempted),
        recent_performance = excluded.recent_performance,
        updated_at = excluded.updated_at`);
    if (isPassingScore(score)) {
      // SPEC §4: the assignment is completed only at 70 or more.
      await tx
        .update(testAssignments)
        .set({ status: 'completed', completedAt })
        .where(and(eq(testAssignments.testSessionId, sessionId), ne(testAssignments.status, 'completed')));
    }
  });
  const view = await getTestSession(db, techId, sessionId, now);
  return view.results as Results;
}

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
      .select({ a: testAssignments, code: aseCategories.code, name: aseCategories.name })
      .from(testAssignments)
      .innerJoin(aseCategories, eq(aseCategories.id, testAssignments.categoryId))
      .where(and(eq(testAssignments.techId, techId), ne(testAssignments.status, 'completed')))
      .orderBy(asc(testAssignments.dueDate));
    assignments = rows.map(({ a, code, name }) => ({
      id: a.id,
      category: { id: a.categoryId, code, name },
      dueDate: a.dueDate.toISOString(),
      notes: a.notes,
      status: assignmentDisplayStatus(a.status, a.dueDate, now),
      dueSoon: isDueSoon(a.dueDate, now),
      testSessionId: a.testSessionId,
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
