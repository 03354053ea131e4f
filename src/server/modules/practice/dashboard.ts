import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { assignmentDisplayStatus, isDueSoon } from '../../../domain/assignment-status';
import { FALLBACK_TIME_ZONE } from '../../../domain/calendar-day';
import { isPassingScore } from '../../../domain/constants';
import type {
  AssignedTest,
  CategoryProgress,
  Dashboard,
  HistoryItem,
  OpenTest,
} from '../../../domain/contracts/practice';
import type { Database } from '../../db/client';
import { asColumn, columnOf, orNull, typedQuery } from '../../db/prepared';
import { aseCategories, testAssignments, testSessions } from '../../db/schema';
import { theRow } from '../../db/the-row';

const HISTORY_ROWS = 10;
const OPEN_TEST_ROWS = 5;

/** Performance Insights, Recent Test History, Assigned Tests, open tests and per-category progress. */
export async function getTechDashboard(
  db: Database,
  techId: string,
  shopId: string | null,
  options: { now?: Date; timeZone?: string | null } = {},
): Promise<Dashboard> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? FALLBACK_TIME_ZONE;
  const [statRows, recent, open, progress, assignments] = await Promise.all([
    db
      .select({
        taken: sql<number>`count(*)`.mapWith(Number),
        average: sql<number>`coalesce(round(avg(${testSessions.score})), 0)`.mapWith(Number),
        passed: sql<number>`count(*) filter (where ${testSessions.score} >= 70)`.mapWith(Number),
        best: sql<number>`coalesce(max(${testSessions.score}), 0)`.mapWith(Number),
        freeTestSaved: sql<boolean>`coalesce(bool_or(${testSessions.origin} = 'free_test'), false)`,
      })
      .from(testSessions)
      .where(and(eq(testSessions.techId, techId), isNotNull(testSessions.completedAt))),
    db
      .select({
        session: testSessions,
        code: aseCategories.code,
        name: aseCategories.name,
        // An ASE simulation is scored out of its scored items only (ADR 0021).
        scoredTotal: sql<number>`case when ${testSessions.origin} = 'simulation' then (select count(*)::int
          from test_answers a where a.session_id = ${testSessions.id} and a.scored) else ${testSessions.totalQuestions} end`,
      })
      .from(testSessions)
      .leftJoin(aseCategories, eq(aseCategories.id, testSessions.categoryId))
      .where(eq(testSessions.techId, techId))
      .orderBy(desc(testSessions.startedAt))
      .limit(HISTORY_ROWS),
    openTests(db, techId, now),
    categoryProgress(db, techId),
    shopId ? assignedTests(db, techId, shopId, now, timeZone) : null,
  ]);
  // An aggregate without GROUP BY: one row, even for a technician with no tests.
  const stats = theRow(statRows, 'dashboard stats');

  const history: HistoryItem[] = recent.map(({ session, code, name, scoredTotal }) => ({
    id: session.id,
    kind: session.kind,
    origin: session.origin,
    category: session.categoryId && code && name ? { id: session.categoryId, code, name } : null,
    chapter: session.chapterNumber,
    title:
      session.kind === 'exam'
        ? code
          ? `${code} ${name} Practice Exam`
          : 'Full Comprehensive Practice Exam'
        : code
          ? `${code} ${name}`
          : 'Practice Test',
    status: session.completedAt ? 'Completed' : 'In Progress',
    passed: session.completedAt && session.score !== null ? isPassingScore(session.score) : null,
    score: session.score,
    correct: session.correctAnswers,
    total: Number(scoredTotal),
    startedAt: session.startedAt.toISOString(),
    completedAt: session.completedAt?.toISOString() ?? null,
  }));

  return {
    openTests: open,
    categories: progress,
    freeTestSaved: Boolean(stats.freeTestSaved),
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

/** Tests started and not submitted, newest first; an exam only while its time runs. */
async function openTests(db: Database, techId: string, now: Date): Promise<OpenTest[]> {
  const rows = await typedQuery(
    db,
    {
      id: columnOf('s', testSessions.id),
      kind: columnOf('s', testSessions.kind),
      origin: columnOf('s', testSessions.origin),
      chapter: columnOf('s', testSessions.chapterNumber),
      total: columnOf('s', testSessions.totalQuestions),
      startedAt: columnOf('s', testSessions.startedAt),
      deadlineAt: columnOf('s', testSessions.deadlineAt),
      categoryId: orNull(columnOf('c', aseCategories.id)),
      code: orNull(columnOf('c', aseCategories.code)),
      name: orNull(columnOf('c', aseCategories.name)),
      answered: sql<number>`(select count(*) from test_answers ta
        where ta.session_id = s.id and ta.selected_answer is not null)::int`,
    },
    (columns) => sql`
    select ${columns}
    from test_sessions s
    left join ase_categories c on c.id = s.category_id
    where s.tech_id = ${techId} and s.completed_at is null
      and (s.deadline_at is null or s.deadline_at > ${now.toISOString()}::timestamptz)
    order by s.started_at desc
    limit ${OPEN_TEST_ROWS}`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    origin: r.origin,
    category: r.categoryId && r.code && r.name ? { id: r.categoryId, code: r.code, name: r.name } : null,
    chapter: r.chapter,
    answered: r.answered,
    total: r.total,
    startedAt: r.startedAt.toISOString(),
    deadlineAt: r.deadlineAt?.toISOString() ?? null,
  }));
}

/**
 * Per category: the score of the last full-length test or exam of that category (not quizzes or
 * warm-ups), and the open category test that Start Test resumes.
 */
async function categoryProgress(db: Database, techId: string): Promise<CategoryProgress[]> {
  const rows = await typedQuery(
    db,
    {
      categoryId: columnOf('c', aseCategories.id),
      lastScore: orNull(
        asColumn(
          testSessions.score,
          sql`(select s.score from test_sessions s
        where s.tech_id = ${techId} and s.category_id = c.id and s.completed_at is not null
          and s.origin in ('practice', 'assignment')
        order by s.completed_at desc limit 1)`,
        ),
      ),
      openSessionId: orNull(
        asColumn(
          testSessions.id,
          sql`(select s.id from test_sessions s
        where s.tech_id = ${techId} and s.category_id = c.id and s.completed_at is null
          and s.kind = 'category' and s.origin = 'practice'
          and not exists (select 1 from test_assignments a where a.test_session_id = s.id)
        order by s.started_at desc limit 1)`,
        ),
      ),
    },
    (columns) => sql`
    select ${columns}
    from ase_categories c
    order by c.code`,
  );
  return rows.map(({ categoryId, lastScore, openSessionId }) => ({
    categoryId,
    lastScore,
    lastPassed: lastScore === null ? null : isPassingScore(lastScore),
    openSessionId,
  }));
}

async function assignedTests(
  db: Database,
  techId: string,
  shopId: string,
  now: Date,
  timeZone: string,
): Promise<AssignedTest[]> {
  const rows = await db
    .select({
      a: testAssignments,
      code: aseCategories.code,
      name: aseCategories.name,
      linked: {
        id: testSessions.id,
        completedAt: testSessions.completedAt,
        total: testSessions.totalQuestions,
        correct: testSessions.correctAnswers,
      },
    })
    .from(testAssignments)
    .innerJoin(aseCategories, eq(aseCategories.id, testAssignments.categoryId))
    .leftJoin(testSessions, eq(testSessions.id, testAssignments.testSessionId))
    // The current shop's assignments only: a technician who changed shops leaves the old ones behind.
    .where(
      and(
        eq(testAssignments.techId, techId),
        eq(testAssignments.shopId, shopId),
        ne(testAssignments.status, 'completed'),
      ),
    )
    .orderBy(asc(testAssignments.dueDate));
  return rows.map(({ a, code, name, linked }) => {
    const openSessionId = linked?.id && !linked.completedAt ? linked.id : null;
    // The linked session, once submitted, is the latest attempt: the one whose misses "Practice first" drills.
    const submitted = linked?.id && linked.completedAt && a.lastScore !== null ? linked : null;
    return {
      id: a.id,
      category: { id: a.categoryId, code, name },
      dueDate: a.dueDate.toISOString(),
      notes: a.notes,
      status: assignmentDisplayStatus(a.status, a.dueDate, now, {
        submitted: a.attempts,
        open: openSessionId !== null,
      }),
      dueSoon: isDueSoon(a.dueDate, now, timeZone),
      testSessionId: a.testSessionId,
      openSessionId,
      attempts: a.attempts,
      lastAttempt:
        submitted && a.lastScore !== null
          ? { sessionId: submitted.id, score: a.lastScore, missed: submitted.total - submitted.correct }
          : null,
    };
  });
}
