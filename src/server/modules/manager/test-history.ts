import { sql } from 'drizzle-orm';
import { isPassingScore } from '../../../domain/constants';
import { MANAGER_HISTORY_ROWS, type TestHistoryRow } from '../../../domain/contracts/manager';
import type { Executor } from '../../db/client';
import { asColumn, columnOf, orNull, preparedStatement } from '../../db/prepared';
import { aseCategories, profiles, testSessions } from '../../db/schema';

/**
 * The shop's 20 latest completed tests. Only technicians whose last completed test is among
 * the 20 latest "last tests" can hold one of the 20 latest tests (each of those 20 technicians has one
 * at least that recent), and each contributes at most their own 20 latest (an index walk). So the cost
 * stays the same however long the shop's history grows (ADR 0016).
 */
const historyRows = preparedStatement(
  'manager_test_history',
  {
    id: columnOf('s', testSessions.id),
    kind: columnOf('s', testSessions.kind),
    origin: columnOf('s', testSessions.origin),
    score: columnOf('s', testSessions.score),
    // Completed sessions only (the lateral's filter).
    completed_at: asColumn(testSessions.completedAt, sql`s.completed_at`),
    tech_id: asColumn(profiles.id, sql`techs.id`),
    full_name: asColumn(profiles.fullName, sql`techs.full_name`),
    // A category test's category; null for an exam (a left join).
    category_id: orNull(columnOf('c', aseCategories.id)),
    code: orNull(columnOf('c', aseCategories.code)),
    name: orNull(columnOf('c', aseCategories.name)),
  },
  (columns) => sql`
    with techs as (
      select p.id, p.full_name, t.last_completed_at
      from profiles p join tech_test_totals t on t.tech_id = p.id
      where p.shop_id = ${sql.placeholder('shopId')}::uuid and p.role = 'tech' and t.last_completed_at is not null
    ), cutoff as (
      select last_completed_at from techs order by last_completed_at desc
      offset ${sql.raw(String(MANAGER_HISTORY_ROWS - 1))} limit 1
    )
    select ${columns}
    from techs
    cross join lateral (
      select id, kind, origin, score, completed_at, category_id from test_sessions
      where tech_id = techs.id and completed_at is not null
      order by completed_at desc limit ${sql.raw(String(MANAGER_HISTORY_ROWS))}
    ) s
    left join ase_categories c on c.id = s.category_id
    where techs.last_completed_at >= coalesce((select last_completed_at from cutoff), '-infinity')
    order by s.completed_at desc, s.id
    limit ${sql.raw(String(MANAGER_HISTORY_ROWS))}`,
);

export async function listShopTestHistory(db: Executor, shopId: string): Promise<TestHistoryRow[]> {
  const rows = await historyRows(db, { shopId });
  return rows.map((row) => ({
    id: row.id,
    technician: { id: row.tech_id, fullName: row.full_name },
    kind: row.kind,
    origin: row.origin,
    category: row.category_id ? { id: row.category_id, code: row.code ?? '', name: row.name ?? '' } : null,
    score: row.score ?? 0,
    passed: isPassingScore(row.score ?? 0),
    completedAt: row.completed_at.toISOString(),
  }));
}
