import { sql } from 'drizzle-orm';
import { assignmentDisplayStatus, dueSoonCheck } from '../../../domain/assignment-status';
import { FALLBACK_TIME_ZONE } from '../../../domain/calendar-day';
import { isPassingScore, PASS_MARK } from '../../../domain/constants';
import type { AssignedTest, Dashboard, HistoryItem, OpenTest } from '../../../domain/contracts/practice';
import { freeTestImportOpen } from '../../../domain/free-test';
import type { Executor } from '../../db/client';
import { asColumn, columnOf, jsonObject, jsonTime, orNull, preparedStatement, type SqlType } from '../../db/prepared';
import { aseCategories, testAssignments, testSessions } from '../../db/schema';
import { theRow } from '../../db/the-row';

const HISTORY_ROWS = 10;
const OPEN_TEST_ROWS = 5;

/** One of the latest tests, started or completed. */
const recentTest = jsonObject({
  id: columnOf('r', testSessions.id),
  kind: columnOf('r', testSessions.kind),
  origin: columnOf('r', testSessions.origin),
  category_id: columnOf('r', testSessions.categoryId),
  chapter_number: columnOf('r', testSessions.chapterNumber),
  score: columnOf('r', testSessions.score),
  correct_answers: columnOf('r', testSessions.correctAnswers),
  scored_total: sql<number>`r.scored_total`,
  started_at: columnOf('r', testSessions.startedAt),
  completed_at: columnOf('r', testSessions.completedAt),
  code: orNull(columnOf('r', aseCategories.code)),
  name: orNull(columnOf('r', aseCategories.name)),
});

/** A test started and not submitted. */
const openTest = jsonObject({
  id: columnOf('o', testSessions.id),
  kind: columnOf('o', testSessions.kind),
  origin: columnOf('o', testSessions.origin),
  chapter_number: columnOf('o', testSessions.chapterNumber),
  total_questions: columnOf('o', testSessions.totalQuestions),
  started_at: columnOf('o', testSessions.startedAt),
  deadline_at: columnOf('o', testSessions.deadlineAt),
  category_id: orNull(columnOf('o', testSessions.categoryId)),
  code: orNull(columnOf('o', aseCategories.code)),
  name: orNull(columnOf('o', aseCategories.name)),
  answered: sql<number>`o.answered`,
});

/** A category's last full-length score and the open category test that Start Test resumes. */
const categoryLine = jsonObject({
  category_id: columnOf('p', aseCategories.id),
  last_score: orNull(asColumn(testSessions.score, sql`p.last_score`)),
  open_session_id: orNull(asColumn(testSessions.id, sql`p.open_session_id`)),
});

/** An assignment not yet completed, with the session linked to it. */
const assignedTest = jsonObject({
  id: columnOf('a', testAssignments.id),
  category_id: columnOf('a', testAssignments.categoryId),
  code: columnOf('a', aseCategories.code),
  name: columnOf('a', aseCategories.name),
  due_date: columnOf('a', testAssignments.dueDate),
  notes: columnOf('a', testAssignments.notes),
  status: columnOf('a', testAssignments.status),
  test_session_id: columnOf('a', testAssignments.testSessionId),
  attempts: columnOf('a', testAssignments.attempts),
  last_score: columnOf('a', testAssignments.lastScore),
  linked_completed_at: orNull(asColumn(testSessions.completedAt, sql`a.linked_completed_at`)),
  linked_total: orNull(asColumn(testSessions.totalQuestions, sql`a.linked_total`)),
  linked_correct: orNull(asColumn(testSessions.correctAnswers, sql`a.linked_correct`)),
});

/**
 * The whole dashboard in one statement, one row, planned once per connection: Performance Insights
 * over the technician's completed tests, the latest tests, the open ones, each category's last
 * full-length score and open test, and the current shop's assignments not yet completed. Every part
 * reads the technician's own rows through their indexes.
 */
const readDashboard = preparedStatement(
  'tech_dashboard',
  {
    taken: sql<number>`(select taken from done)`,
    average: sql<number>`(select average from done)`,
    passed: sql<number>`(select passed from done)`,
    best: sql<number>`(select best from done)`,
    free_test_saved: sql<boolean>`(select free_test_saved from done)`,
    recent: sql<
      SqlType<typeof recentTest>[]
    >`(select coalesce(jsonb_agg(${recentTest} order by r.started_at desc), '[]')
      from recent r)`,
    open: sql<SqlType<typeof openTest>[]>`(select coalesce(jsonb_agg(${openTest} order by o.started_at desc), '[]')
      from open o)`,
    categories: sql<SqlType<typeof categoryLine>[]>`(select coalesce(jsonb_agg(${categoryLine} order by p.code), '[]')
      from progress p)`,
    assigned: sql<
      SqlType<typeof assignedTest>[]
    >`(select coalesce(jsonb_agg(${assignedTest} order by a.due_date, a.id), '[]') from assigned a)`,
  },
  (columns) => sql`
    with done as (
      select count(*)::int as taken, coalesce(round(avg(score)), 0)::int as average,
        (count(*) filter (where score >= ${sql.raw(String(PASS_MARK))}))::int as passed,
        coalesce(max(score), 0)::int as best, coalesce(bool_or(origin = 'free_test'), false) as free_test_saved
      from test_sessions
      where tech_id = ${sql.placeholder('techId')} and completed_at is not null
    ), recent as (
      select s.*, c.code, c.name,
        -- An ASE simulation is scored out of its scored items only (ADR 0021).
        case when s.origin = 'simulation' then (select count(*)::int from test_answers a
          where a.session_id = s.id and a.scored) else s.total_questions end as scored_total
      from test_sessions s left join ase_categories c on c.id = s.category_id
      where s.tech_id = ${sql.placeholder('techId')}
      order by s.started_at desc
      limit ${sql.raw(String(HISTORY_ROWS))}
    ), open as (
      -- An exam only while its time runs.
      select s.*, c.code, c.name, (select count(*) from test_answers ta
          where ta.session_id = s.id and ta.selected_answer is not null)::int as answered
      from test_sessions s left join ase_categories c on c.id = s.category_id
      where s.tech_id = ${sql.placeholder('techId')} and s.completed_at is null
        and (s.deadline_at is null or s.deadline_at > ${sql.placeholder('now')}::timestamptz)
      order by s.started_at desc
      limit ${sql.raw(String(OPEN_TEST_ROWS))}
    ), progress as (
      -- The last full-length test or exam of the category (not quizzes or warm-ups).
      select c.id, c.code,
        (select s.score from test_sessions s
          where s.tech_id = ${sql.placeholder('techId')} and s.category_id = c.id and s.completed_at is not null
            and s.origin in ('practice', 'assignment')
          order by s.completed_at desc limit 1) as last_score,
        (select s.id from test_sessions s
          where s.tech_id = ${sql.placeholder('techId')} and s.category_id = c.id and s.completed_at is null
            and s.kind = 'category' and s.origin = 'practice'
            and not exists (select 1 from test_assignments a where a.test_session_id = s.id)
          order by s.started_at desc limit 1) as open_session_id
      from ase_categories c
    ), assigned as (
      -- The current shop's assignments only: a technician who changed shops leaves the old ones behind.
      select ta.*, c.code, c.name, s.completed_at as linked_completed_at, s.total_questions as linked_total,
        s.correct_answers as linked_correct
      from test_assignments ta
      join ase_categories c on c.id = ta.category_id
      left join test_sessions s on s.id = ta.test_session_id
      where ta.tech_id = ${sql.placeholder('techId')} and ta.shop_id = ${sql.placeholder('shopId')}::uuid
        and ta.status <> 'completed'
    )
    select ${columns}`,
);

/** Performance Insights, Recent Test History, Assigned Tests, open tests and per-category progress. */
export async function getTechDashboard(
  db: Executor,
  techId: string,
  shopId: string | null,
  /** `accountCreatedAt`: the profile's creation, which bounds the free test's import (FREE_TEST_IMPORT_DAYS). */
  options: { now?: Date; timeZone?: string | null; accountCreatedAt: Date },
): Promise<Dashboard> {
  const now = options.now ?? new Date();
  const row = theRow(await readDashboard(db, { techId, shopId, now: now.toISOString() }), 'dashboard');
  const category = (id: string | null, code: string | null, name: string | null) =>
    id && code && name ? { id, code, name } : null;

  const history: HistoryItem[] = row.recent.map((r) => ({
    id: r.id,
    kind: r.kind,
    origin: r.origin,
    category: category(r.category_id, r.code, r.name),
    chapter: r.chapter_number,
    title:
      r.kind === 'exam'
        ? r.code
          ? `${r.code} ${r.name} Practice Exam`
          : 'Full Comprehensive Practice Exam'
        : r.code
          ? `${r.code} ${r.name}`
          : 'Practice Test',
    status: r.completed_at ? 'Completed' : 'In Progress',
    passed: r.completed_at && r.score !== null ? isPassingScore(r.score) : null,
    score: r.score,
    correct: r.correct_answers,
    total: r.scored_total,
    startedAt: jsonTime(r.started_at),
    completedAt: r.completed_at ? jsonTime(r.completed_at) : null,
  }));
  const openTests: OpenTest[] = row.open.map((o) => ({
    id: o.id,
    kind: o.kind,
    origin: o.origin,
    category: category(o.category_id, o.code, o.name),
    chapter: o.chapter_number,
    answered: o.answered,
    total: o.total_questions,
    startedAt: jsonTime(o.started_at),
    deadlineAt: o.deadline_at ? jsonTime(o.deadline_at) : null,
  }));

  return {
    openTests,
    categories: row.categories.map((p) => ({
      categoryId: p.category_id,
      lastScore: p.last_score,
      lastPassed: p.last_score === null ? null : isPassingScore(p.last_score),
      openSessionId: p.open_session_id,
    })),
    freeTestSaved: row.free_test_saved,
    freeTestImportOpen: !row.free_test_saved && freeTestImportOpen(options.accountCreatedAt, now),
    insights: {
      testsTaken: row.taken,
      averageScore: row.average,
      testsPassed: row.passed,
      bestScore: row.best,
    },
    history,
    assignments: shopId ? assignedTests(row.assigned, now, options.timeZone ?? FALLBACK_TIME_ZONE) : null,
  };
}

function assignedTests(rows: SqlType<typeof assignedTest>[], now: Date, timeZone: string): AssignedTest[] {
  const dueSoon = dueSoonCheck(now, timeZone);
  return rows.map((a) => {
    const dueDate = new Date(a.due_date);
    const linked = a.test_session_id && a.linked_total !== null;
    const openSessionId = linked && !a.linked_completed_at ? a.test_session_id : null;
    // The linked session, once submitted, is the latest attempt: the one whose misses "Practice first" drills.
    const submitted = linked && a.linked_completed_at && a.last_score !== null;
    return {
      id: a.id,
      category: { id: a.category_id, code: a.code, name: a.name },
      dueDate: dueDate.toISOString(),
      notes: a.notes,
      status: assignmentDisplayStatus(a.status, dueDate, now, {
        submitted: a.attempts,
        open: openSessionId !== null,
      }),
      dueSoon: dueSoon(dueDate),
      testSessionId: a.test_session_id,
      openSessionId,
      attempts: a.attempts,
      lastAttempt:
        submitted && a.test_session_id && a.last_score !== null
          ? {
              sessionId: a.test_session_id,
              score: a.last_score,
              missed: (a.linked_total ?? 0) - (a.linked_correct ?? 0),
            }
          : null,
    };
  });
}
