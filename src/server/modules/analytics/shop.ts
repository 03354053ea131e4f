import { sql } from 'drizzle-orm';
import { passRate } from '../../../domain/analytics';
import { PASS_MARK } from '../../../domain/constants';
import type { ShopAnalytics } from '../../../domain/contracts/analytics';
import { STRONG_AREA_MIN } from '../../../domain/mastery';
import type { Executor } from '../../db/client';
import { asColumn, columnOf, jsonObject, jsonTime, orNull, preparedStatement, type SqlType } from '../../db/prepared';
import { aseCategories, profiles, testSessions } from '../../db/schema';
import { theRow } from '../../db/the-row';

/** Shop-wide trends cover the last 12 weeks. */
export const SHOP_TREND_WEEKS = 12;

/** Monday 00:00 UTC of the week `now` falls in. */
export function weekStartUtc(now: Date): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day;
}

/** A technician of the shop with their completed tests and weakest category. */
const technicianLine = jsonObject({
  id: columnOf('t', profiles.id),
  full_name: columnOf('t', profiles.fullName),
  tests: sql<number>`t.tests`,
  total: sql<number>`t.total`,
  average: sql<number | null>`t.average`,
  passed: sql<number>`t.passed`,
  best: orNull(asColumn(testSessions.score, sql`t.best`)),
  last_test_at: orNull(asColumn(testSessions.completedAt, sql`t.last_test_at`)),
  weakest: orNull(asColumn(aseCategories.code, sql`t.weakest`)),
});

/** A category across the shop. */
const categoryLine = jsonObject({
  id: columnOf('c', aseCategories.id),
  code: columnOf('c', aseCategories.code),
  name: columnOf('c', aseCategories.name),
  tests: sql<number>`c.tests`,
  average: sql<number | null>`c.average`,
  passed: sql<number>`c.passed`,
  technicians: sql<number>`c.technicians`,
});

/** A week with completed tests: its Monday as 'YYYY-MM-DD'. */
const weekLine = jsonObject({
  week: sql<string>`w.week`,
  tests: sql<number>`w.tests`,
  average: sql<number | null>`w.average`,
});

/**
 * One statement, one row, planned once per connection (planning the three reads apart cost more than
 * running them). Each part reads the shop's technicians' completed tests one technician at a time,
 * through test_sessions_tech_completed_idx: a plain join let the planner hash-join every completed test
 * in the database (a sequential scan that grows with all shops). Grouping inside the lateral keeps
 * PostgreSQL from flattening it back into that join.
 */
const readShopAnalytics = preparedStatement(
  'shop_analytics',
  {
    technicians: sql<SqlType<typeof technicianLine>[]>`(select coalesce(jsonb_agg(${technicianLine}
      order by t.full_name, t.id), '[]') from per_technician t)`,
    categories: sql<SqlType<typeof categoryLine>[]>`(select coalesce(jsonb_agg(${categoryLine}
      order by c.code), '[]') from per_category c)`,
    weeks: sql<SqlType<typeof weekLine>[]>`(select coalesce(jsonb_agg(${weekLine}), '[]') from per_week w)`,
  },
  (columns) => sql`
    with shop_techs as (
      select p.id, p.full_name from profiles p
      where p.shop_id = ${sql.placeholder('shopId')}::uuid and p.role = 'tech'
    ), per_technician as (
      select p.id, p.full_name, s.*,
        (select c.code from user_category_mastery m join ase_categories c on c.id = m.category_id
          where m.user_id = p.id and m.questions_attempted > 0 and m.mastery_score < ${sql.raw(String(STRONG_AREA_MIN))}
          order by m.mastery_score, c.code limit 1) as weakest
      from shop_techs p
      cross join lateral (
        select count(*)::int as tests, coalesce(sum(s.score), 0)::int as total, round(avg(s.score))::int as average,
          (count(*) filter (where s.score >= ${sql.raw(String(PASS_MARK))}))::int as passed, max(s.score)::int as best,
          max(s.completed_at) as last_test_at
        from test_sessions s
        where s.tech_id = p.id and s.completed_at is not null) s
    ), per_tech_category as (
      select t.category_id, t.tests, t.total, t.scored, t.passed
      from shop_techs p
      cross join lateral (
        select s.category_id, count(*) as tests, sum(s.score) as total, count(s.score) as scored,
          count(*) filter (where s.score >= ${sql.raw(String(PASS_MARK))}) as passed
        from test_sessions s
        where s.tech_id = p.id and s.completed_at is not null and s.category_id is not null
        group by s.category_id) t
    ), per_category as (
      select c.id, c.code, c.name, coalesce(sum(t.tests), 0)::int as tests,
        round(sum(t.total) / nullif(sum(t.scored), 0))::int as average, coalesce(sum(t.passed), 0)::int as passed,
        count(t.category_id)::int as technicians
      from ase_categories c
      left join per_tech_category t on t.category_id = c.id
      group by c.id
    ), per_week as (
      select w.week, sum(w.tests)::int as tests, round(sum(w.total) / nullif(sum(w.scored), 0))::int as average
      from shop_techs p
      cross join lateral (
        select to_char(date_trunc('week', s.completed_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*) as tests,
          sum(s.score) as total, count(s.score) as scored
        from test_sessions s
        where s.tech_id = p.id and s.completed_at >= ${sql.placeholder('firstWeek')}::timestamptz
        group by 1) w
      group by w.week
    )
    select ${columns}`,
);

/**
 * Shop-wide analytics for the manager of `shopId`: the shop's technicians (role tech in the shop) with
 * their completed tests and weakest category, the categories across the shop, and the last 12 weeks.
 */
export async function getShopAnalytics(db: Executor, shopId: string, now = new Date()): Promise<ShopAnalytics> {
  const firstWeek = weekStartUtc(now);
  firstWeek.setUTCDate(firstWeek.getUTCDate() - 7 * (SHOP_TREND_WEEKS - 1));
  const {
    technicians: techRows,
    categories: categoryRows,
    weeks: weekRows,
  } = theRow(await readShopAnalytics(db, { shopId, firstWeek: firstWeek.toISOString() }), 'shop analytics');

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
      lastTestAt: t.last_test_at ? jsonTime(t.last_test_at) : null,
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
