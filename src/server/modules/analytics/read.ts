import { sql } from 'drizzle-orm';
import {
  averageOf,
  categoryTrend,
  MAX_COUNTED_SECONDS_PER_TEST,
  movingAverage,
  passRate,
  TREND_TESTS,
  trendInsight,
} from '../../../domain/analytics';
import { PASS_MARK } from '../../../domain/constants';
import type { TechAnalytics } from '../../../domain/contracts/analytics';
import type { Executor } from '../../db/client';
import { asColumn, columnOf, jsonObject, jsonTime, orNull, preparedStatement, type SqlType } from '../../db/prepared';
import { aseCategories, testSessions } from '../../db/schema';
import { theRow } from '../../db/the-row';

/** Latest scores kept per category for its trend (the latest 3 against the 3 before). */
const TREND_SCORES = 6;

/**
 * A category's line (or the full exams' line, without a category): the technician's completed tests
 * there, or none (the full join keeps every category, tested or not).
 */
const categoryLine = jsonObject({
  id: orNull(columnOf('lines', aseCategories.id)),
  code: orNull(columnOf('lines', aseCategories.code)),
  name: orNull(columnOf('lines', aseCategories.name)),
  tests: sql<number | null>`lines.tests`,
  total: sql<number | null>`lines.total`,
  passed: sql<number | null>`lines.passed`,
  best: orNull(asColumn(testSessions.score, sql`lines.best`)),
  seconds: sql<number | null>`lines.seconds`,
  recent: sql<number[] | null>`lines.recent`,
});

/** One of the latest completed tests (completed, so its score and time are set). */
const lastTest = jsonObject({
  id: columnOf('last', testSessions.id),
  kind: columnOf('last', testSessions.kind),
  origin: columnOf('last', testSessions.origin),
  code: orNull(columnOf('last', aseCategories.code)),
  score: asColumn(testSessions.score, sql`last.score`),
  completed_at: asColumn(testSessions.completedAt, sql`last.completed_at`),
});

/**
 * One statement, one row: per category (and one line for full exams, without a category) the
 * technician's completed tests — count, score total, passes, best, time practised (each test at most an
 * hour) and the latest scores, newest first — with every category, tested or not; and the last 20
 * completed tests, newest first. Both read the technician's completed sessions through their index.
 */
const readAnalytics = preparedStatement(
  'analytics_read',
  {
    totals: sql<
      SqlType<typeof categoryLine>[]
    >`(select coalesce(json_agg(${categoryLine} order by lines.code nulls last), '[]')
      from lines)`,
    last: sql<SqlType<typeof lastTest>[]>`(select coalesce(json_agg(${lastTest} order by last.completed_at desc), '[]')
      from last)`,
  },
  (columns) => sql`
    with totals as (
      select category_id, count(*)::int as tests, sum(score)::int as total,
        (count(*) filter (where score >= ${PASS_MARK}))::int as passed, max(score)::int as best,
        sum(least(extract(epoch from completed_at - started_at), ${MAX_COUNTED_SECONDS_PER_TEST}))::int as seconds,
        (array_agg(score order by completed_at desc))[1:${TREND_SCORES}] as recent
      from test_sessions
      where tech_id = ${sql.placeholder('techId')} and completed_at is not null
      group by category_id
    ), lines as (
      select c.id, c.code, c.name, t.tests, t.total, t.passed, t.best, t.seconds, t.recent
      from totals t full join ase_categories c on c.id = t.category_id
    ), last as (
      select s.id, s.kind, s.origin, c.code, s.score, s.completed_at
      from test_sessions s left join ase_categories c on c.id = s.category_id
      where s.tech_id = ${sql.placeholder('techId')} and s.completed_at is not null
      order by s.completed_at desc
      limit ${TREND_TESTS}
    )
    select ${columns}`,
);

/**
 * A technician's analytics: Overview, Trends (the last 20 tests with a moving average and the
 * insight) and By Category (A1–A8: average, attempts, trend). One statement.
 */
export async function getTechAnalytics(db: Executor, techId: string): Promise<TechAnalytics> {
  const { totals, last } = theRow(await readAnalytics(db, { techId }), 'analytics');

  let testsTaken = 0;
  let scoreTotal = 0;
  let testsPassed = 0;
  let bestScore = 0;
  let secondsPractised = 0;
  let fullExams = 0;
  const categories: TechAnalytics['categories'] = [];
  for (const row of totals) {
    const tests = row.tests ?? 0;
    testsTaken += tests;
    scoreTotal += row.total ?? 0;
    testsPassed += row.passed ?? 0;
    bestScore = Math.max(bestScore, row.best ?? 0);
    secondsPractised += row.seconds ?? 0;
    if (row.id === null) {
      fullExams += tests;
      continue;
    }
    const recent = row.recent ?? [];
    categories.push({
      id: row.id,
      code: row.code as string,
      name: row.name as string,
      tests,
      averageScore: tests > 0 ? Math.round((row.total ?? 0) / tests) : null,
      bestScore: tests > 0 ? row.best : null,
      lastScore: recent[0] ?? null,
      trend: categoryTrend([...recent].reverse()),
    });
  }

  const chronological = [...last].reverse();
  const scores = chronological.map((t) => t.score);
  const averages = movingAverage(scores);
  const average = averageOf(scores);
  return {
    overview: {
      testsTaken,
      averageScore: testsTaken > 0 ? Math.round(scoreTotal / testsTaken) : 0,
      testsPassed,
      passRate: passRate(testsPassed, testsTaken),
      bestScore,
      secondsPractised,
      fullExams,
    },
    trend: {
      points: chronological.map((t, i) => ({
        id: t.id,
        kind: t.kind,
        origin: t.origin,
        categoryCode: t.code,
        completedAt: jsonTime(t.completed_at),
        score: t.score,
        movingAverage: averages[i]!, // one average per score, so per test
      })),
      average,
      insight: scores.length > 0 ? trendInsight(average) : 'neutral',
    },
    categories,
  };
}
