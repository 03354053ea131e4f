import { sql } from 'drizzle-orm';
import { ASE_AREAS } from '../../../domain/ase-areas';
import type { TechnicianProgress } from '../../../domain/contracts/manager';
import { averageScore, bestRecentScore, passRate } from '../../../domain/technician-progress';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';

interface ProgressDbRow {
  id: string;
  full_name: string;
  email: string;
  tests_completed: number;
  tests_passed: number;
  score_sum: number;
  last_activity_at: Date | string | null;
  categories: { code: string; recent: number[] }[] | null;
}

/**
 * One row per current technician from their running totals and latest category scores (ADR 0010);
 * last activity is the later of their last completed test and their latest open one.
 */
const progressRows = preparedQuery<ProgressDbRow>(
  'manager_technician_progress',
  sql`
    select p.id, p.full_name, p.email,
      coalesce(t.tests_completed, 0)::int as tests_completed,
      coalesce(t.tests_passed, 0)::int as tests_passed,
      coalesce(t.score_sum, 0)::int as score_sum,
      greatest(t.last_completed_at, o.last_started_at) as last_activity_at,
      c.categories
    from profiles p
    left join tech_test_totals t on t.tech_id = p.id
    left join lateral (
      select max(s.started_at) as last_started_at from test_sessions s
      where s.tech_id = p.id and s.completed_at is null
    ) o on true
    left join lateral (
      select json_agg(json_build_object('code', ac.code, 'recent', cs.recent_scores)) as categories
      from tech_category_scores cs join ase_categories ac on ac.id = cs.category_id
      where cs.tech_id = p.id
    ) c on true
    where p.shop_id = ${sql.placeholder('shopId')}::uuid and p.role = 'tech'
    order by p.full_name, p.id`,
);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function listTechnicianProgress(db: Executor, shopId: string): Promise<TechnicianProgress[]> {
  const rows = await progressRows(db, { shopId });
  return rows.map((row) => {
    const recent = new Map((row.categories ?? []).map((c) => [c.code, c.recent]));
    return {
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      testsTaken: row.tests_completed,
      averageScore: averageScore(row.score_sum, row.tests_completed),
      passRate: passRate(row.tests_passed, row.tests_completed),
      lastActivityAt: iso(row.last_activity_at),
      categories: ASE_AREAS.map(({ code }) => ({ code, best: bestRecentScore(recent.get(code) ?? []) })),
    };
  });
}
