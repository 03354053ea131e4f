import { sql } from 'drizzle-orm';
import { ASE_AREAS } from '../../../domain/ase-areas';
import type { TechnicianProgress } from '../../../domain/contracts/manager';
import { averageScore, passRate } from '../../../domain/technician-progress';
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
  /** A1–A8: the best of each category's latest scores (null before the first test there). */
  category_best: (number | null)[] | null;
}

/**
 * One row per current technician from their running totals (ADR 0016), which carry the A1–A8 heat
 * row; last activity is the later of their last completed test and their latest open one.
 */
const progressRows = preparedQuery<ProgressDbRow>(
  'manager_technician_progress',
  sql`
    select p.id, p.full_name, p.email,
      coalesce(t.tests_completed, 0)::int as tests_completed,
      coalesce(t.tests_passed, 0)::int as tests_passed,
      coalesce(t.score_sum, 0)::int as score_sum,
      greatest(t.last_completed_at, o.last_started_at) as last_activity_at,
      t.category_best
    from profiles p
    left join tech_test_totals t on t.tech_id = p.id
    left join lateral (
      select max(s.started_at) as last_started_at from test_sessions s
      where s.tech_id = p.id and s.completed_at is null
    ) o on true
    where p.shop_id = ${sql.placeholder('shopId')}::uuid and p.role = 'tech'
    order by p.full_name, p.id`,
);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export async function listTechnicianProgress(db: Executor, shopId: string): Promise<TechnicianProgress[]> {
  const rows = await progressRows(db, { shopId });
  return rows.map((row) => {
    return {
      id: row.id,
      fullName: row.full_name,
      email: row.email,
      testsTaken: row.tests_completed,
      averageScore: averageScore(row.score_sum, row.tests_completed),
      passRate: passRate(row.tests_passed, row.tests_completed),
      lastActivityAt: iso(row.last_activity_at),
      categoryBest: ASE_AREAS.map((_, i) => row.category_best?.[i] ?? null),
    };
  });
}
