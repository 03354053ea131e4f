import { sql } from 'drizzle-orm';
import { passRate } from '../../../domain/analytics';
import { PASS_MARK } from '../../../domain/constants';
import type { ShopAnalytics } from '../../../domain/contracts/analytics';
import { STRONG_AREA_MIN } from '../../../domain/mastery';
import type { Executor } from '../../db/client';

/** Shop-wide trends cover the last 12 weeks. */
export const SHOP_TREND_WEEKS = 12;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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

  const [technicians, categories, weeks] = await Promise.all([
    db.execute(sql`
      select p.id, p.full_name, count(s.id)::int as tests, coalesce(sum(s.score), 0)::int as total,
        round(avg(s.score))::int as average,
        (count(s.id) filter (where s.score >= ${PASS_MARK}))::int as passed, max(s.score)::int as best,
        max(s.completed_at) as last_test_at,
        (select c.code from user_category_mastery m join ase_categories c on c.id = m.category_id
          where m.user_id = p.id and m.questions_attempted > 0 and m.mastery_score < ${STRONG_AREA_MIN}
          order by m.mastery_score, c.code limit 1) as weakest
      from profiles p
      left join test_sessions s on s.tech_id = p.id and s.completed_at is not null
      where p.shop_id = ${shopId} and p.role = 'tech'
      group by p.id
      order by p.full_name, p.id`),
    db.execute(sql`
      select c.id, c.code, c.name, count(s.id)::int as tests, round(avg(s.score))::int as average,
        (count(s.id) filter (where s.score >= ${PASS_MARK}))::int as passed, count(distinct s.tech_id)::int as technicians
      from ase_categories c
      left join (test_sessions s join profiles p on p.id = s.tech_id and p.shop_id = ${shopId} and p.role = 'tech')
        on s.category_id = c.id and s.completed_at is not null
      group by c.id
      order by c.code`),
    db.execute(sql`
      select to_char(date_trunc('week', s.completed_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as tests,
        round(avg(s.score))::int as average
      from test_sessions s join profiles p on p.id = s.tech_id and p.shop_id = ${shopId} and p.role = 'tech'
      where s.completed_at >= ${firstWeek.toISOString()}::timestamptz
      group by 1`),
  ]);

  const techRows = rowsOf<{
    id: string;
    full_name: string;
    tests: number;
    total: number;
    average: number | null;
    passed: number;
    best: number | null;
    last_test_at: Date | string | null;
    weakest: string | null;
  }>(technicians);
  const categoryRows = rowsOf<{
    id: string;
    code: string;
    name: string;
    tests: number;
    average: number | null;
    passed: number;
    technicians: number;
  }>(categories);
  const weekRows = rowsOf<{ week: string; tests: number; average: number | null }>(weeks);

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
      lastTestAt: t.last_test_at ? new Date(t.last_test_at).toISOString() : null,
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
