import { sql } from 'drizzle-orm';
import { passRate } from '../../../domain/analytics';
import { PASS_MARK } from '../../../domain/constants';
import type { ShopAnalytics } from '../../../domain/contracts/analytics';
import { STRONG_AREA_MIN } from '../../../domain/mastery';
import type { Executor } from '../../db/client';
import { asColumn, columnOf, orNull, typedQuery } from '../../db/prepared';
import { aseCategories, profiles, testSessions } from '../../db/schema';

/** Shop-wide trends cover the last 12 weeks. */
export const SHOP_TREND_WEEKS = 12;

/** Monday 00:00 UTC of the week `now` falls in. */
export function weekStartUtc(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day;
}

/**
 * Shop-wide analytics for the manager of `shopId`: the shop's technicians (role tech in the shop) with
 * their completed tests and weakest category, the categories across the shop, and the last 12 weeks.
 */
export async function getShopAnalytics(db: Executor, shopId: string, now = new Date()): Promise<ShopAnalytics> {
  const firstWeek = weekStartUtc(now);
  firstWeek.setUTCDate(firstWeek.getUTCDate() - 7 * (SHOP_TREND_WEEKS - 1));

  // Each statement reads the shop's technicians' completed tests one technician at a time, through
  // test_sessions_tech_completed_idx: a plain join let the planner hash-join every completed test in the
  // database (a sequential scan that grows with all shops). Grouping inside the lateral keeps
  // PostgreSQL from flattening it back into that join.
  const [techRows, categoryRows, weekRows] = await Promise.all([
    typedQuery(
      db,
      {
        id: columnOf('p', profiles.id),
        full_name: columnOf('p', profiles.fullName),
        tests: sql<number>`s.tests`,
        total: sql<number>`s.total`,
        average: sql<number | null>`s.average`,
        passed: sql<number>`s.passed`,
        best: orNull(asColumn(testSessions.score, sql`s.best`)),
        last_test_at: orNull(asColumn(testSessions.completedAt, sql`s.last_test_at`)),
        weakest: orNull(
          asColumn(
            aseCategories.code,
            sql`(select c.code from user_category_mastery m join ase_categories c on c.id = m.category_id
          where m.user_id = p.id and m.questions_attempted > 0 and m.mastery_score < ${STRONG_AREA_MIN}
          order by m.mastery_score, c.code limit 1)`,
          ),
        ),
      },
      (columns) => sql`
      select ${columns}
      from profiles p
      cross join lateral (
        select count(*)::int as tests, coalesce(sum(s.score), 0)::int as total, round(avg(s.score))::int as average,
          (count(*) filter (where s.score >= ${PASS_MARK}))::int as passed, max(s.score)::int as best,
          max(s.completed_at) as last_test_at
        from test_sessions s
        where s.tech_id = p.id and s.completed_at is not null) s
      where p.shop_id = ${shopId} and p.role = 'tech'
      order by p.full_name, p.id`,
    ),
    typedQuery(
      db,
      {
        id: columnOf('c', aseCategories.id),
        code: columnOf('c', aseCategories.code),
        name: columnOf('c', aseCategories.name),
        tests: sql<number>`coalesce(sum(t.tests), 0)::int`,
        average: sql<number | null>`round(sum(t.total) / nullif(sum(t.scored), 0))::int`,
        passed: sql<number>`coalesce(sum(t.passed), 0)::int`,
        technicians: sql<number>`count(t.category_id)::int`,
      },
      (columns) => sql`
      with per_tech as (
        select t.category_id, t.tests, t.total, t.scored, t.passed
        from profiles p
        cross join lateral (
          select s.category_id, count(*) as tests, sum(s.score) as total, count(s.score) as scored,
            count(*) filter (where s.score >= ${PASS_MARK}) as passed
          from test_sessions s
          where s.tech_id = p.id and s.completed_at is not null and s.category_id is not null
          group by s.category_id) t
        where p.shop_id = ${shopId} and p.role = 'tech')
      select ${columns}
      from ase_categories c
      left join per_tech t on t.category_id = c.id
      group by c.id
      order by c.code`,
    ),
    typedQuery(
      db,
      {
        // The week's Monday as 'YYYY-MM-DD'.
        week: sql<string>`w.week`,
        tests: sql<number>`sum(w.tests)::int`,
        average: sql<number | null>`round(sum(w.total) / nullif(sum(w.scored), 0))::int`,
      },
      (columns) => sql`
      select ${columns}
      from profiles p
      cross join lateral (
        select to_char(date_trunc('week', s.completed_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*) as tests,
          sum(s.score) as total, count(s.score) as scored
        from test_sessions s
        where s.tech_id = p.id and s.completed_at >= ${firstWeek.toISOString()}::timestamptz
        group by 1) w
      where p.shop_id = ${shopId} and p.role = 'tech'
      group by w.week`,
    ),
  ]);

  const testsTaken = techRows.reduce((n, t) => n + t.tests, 0);
  const passed = techRows.reduce((n, t) => n + t.passed, 0);
  const scoreTotal = techRows.reduce((n, t) => n + t.total, 0);
  const byWeek = new Map(weekRows.map((w) => [w.week, w]));
  return {
    overview: {
      technicians: techRows.length,
      activeTechnicians: techRows.filter((t) => t.tests > 0).length,
      testsTaken,
      averageScore: testsTaken > 0 ? Math.round(scoreTotal / testsTaken) : 0,
      passRate: passRate(passed, testsTaken),
    },
    technicians: techRows.map((t) => ({
      id: t.id,
      fullName: t.full_name,
      testsTaken: t.tests,
      averageScore: t.tests > 0 ? t.average : null,
      passRate: t.tests > 0 ? passRate(t.passed, t.tests) : null,
      bestScore: t.tests > 0 ? t.best : null,
      lastTestAt: t.last_test_at?.toISOString() ?? null,
      weakestCategory: t.weakest,
    })),
    categories: categoryRows.map((c) => ({
      id: c.id,
      code: c.code,
      name: c.name,
      tests: c.tests,
      averageScore: c.tests > 0 ? c.average : null,
      passRate: c.tests > 0 ? passRate(c.passed, c.tests) : null,
      technicians: c.technicians,
    })),
    weeks: Array.from({ length: SHOP_TREND_WEEKS }, (_, i) => {
      const weekStart = new Date(firstWeek.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10);
      const found = byWeek.get(weekStart);
      return {
        weekStart,
        tests: found?.tests ?? 0,
        averageScore: found ? found.average : null,
      };
    }),
  };
}
