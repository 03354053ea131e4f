import { sql } from 'drizzle-orm';
import { ASE_AREAS } from '../../../domain/ase-areas';
import type { TechnicianProgress } from '../../../domain/contracts/manager';
import { averageScore, passRate } from '../../../domain/technician-progress';
import type { Executor } from '../../db/client';
import { asColumn, columnOf, orNull, preparedStatement } from '../../db/prepared';
import { profiles, techTestTotals } from '../../db/schema';

/**
 * One row per current technician from their running totals (ADR 0016), which carry the A1–A8 heat
 * row; last activity is the later of their last completed test and their latest open one. Both are
 * read per technician (lateral, on tech_test_totals' key and test_sessions_open_idx), so the cost is
 * the shop's own technicians: a hash join would read every technician's totals in the database.
 */
const progressRows = preparedStatement(
  'manager_technician_progress',
  {
    id: columnOf('p', profiles.id),
    full_name: columnOf('p', profiles.fullName),
    email: columnOf('p', profiles.email),
    // A technician without totals yet has taken nothing (a left join).
    tests_completed: asColumn(techTestTotals.testsCompleted, sql`coalesce(t.tests_completed, 0)`),
    tests_passed: asColumn(techTestTotals.testsPassed, sql`coalesce(t.tests_passed, 0)`),
    score_sum: asColumn(techTestTotals.scoreSum, sql`coalesce(t.score_sum, 0)`),
    last_activity_at: orNull(
      asColumn(techTestTotals.lastCompletedAt, sql`greatest(t.last_completed_at, o.last_started_at)`),
    ),
    /** A1–A8: the best of each category's latest scores (null before the first test there). */
    category_best: orNull(columnOf('t', techTestTotals.categoryBest)),
  },
  (columns) => sql`
    select ${columns}
    from profiles p
    left join lateral (
      select tt.tests_completed, tt.tests_passed, tt.score_sum, tt.last_completed_at, tt.category_best
      from tech_test_totals tt where tt.tech_id = p.id
      -- One row (the key); the limit also keeps PostgreSQL from flattening this into a hash join.
      limit 1
    ) t on true
    left join lateral (
      select max(s.started_at) as last_started_at from test_sessions s
      where s.tech_id = p.id and s.completed_at is null
    ) o on true
    where p.shop_id = ${sql.placeholder('shopId')}::uuid and p.role = 'tech'
    order by p.full_name, p.id`,
);

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
      lastActivityAt: row.last_activity_at?.toISOString() ?? null,
      categoryBest: ASE_AREAS.map((_, i) => row.category_best?.[i] ?? null),
    };
  });
}
