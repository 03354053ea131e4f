import { sql } from 'drizzle-orm';
import { isPassingScore } from '../../../domain/constants';
import { MANAGER_HISTORY_ROWS, type TestHistoryRow } from '../../../domain/contracts/manager';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';

/**
 * SPEC §9: the shop's 20 latest completed tests. Each current technician contributes at most their own
 * 20 latest (an index walk per technician), so the cost does not grow with the shop's history.
 */
const historyRows = preparedQuery<{
  id: string;
  kind: 'category' | 'exam';
  score: number;
  completed_at: Date | string;
  tech_id: string;
  full_name: string;
  category_id: string | null;
  code: string | null;
  name: string | null;
}>(
  'manager_test_history',
  sql`
    select s.id, s.kind, s.score, s.completed_at, p.id as tech_id, p.full_name,
      c.id as category_id, c.code, c.name
    from profiles p
    cross join lateral (
      select id, kind, score, completed_at, category_id from test_sessions
      where tech_id = p.id and completed_at is not null
      order by completed_at desc limit ${sql.raw(String(MANAGER_HISTORY_ROWS))}
    ) s
    left join ase_categories c on c.id = s.category_id
    where p.shop_id = ${sql.placeholder('shopId')}::uuid and p.role = 'tech'
    order by s.completed_at desc, s.id
    limit ${sql.raw(String(MANAGER_HISTORY_ROWS))}`,
);

export async function listShopTestHistory(db: Executor, shopId: string): Promise<TestHistoryRow[]> {
  const rows = await historyRows(db, { shopId });
  return rows.map((row) => ({
    id: row.id,
    technician: { id: row.tech_id, fullName: row.full_name },
    kind: row.kind,
    category: row.category_id ? { id: row.category_id, code: row.code ?? '', name: row.name ?? '' } : null,
    score: row.score ?? 0,
    passed: isPassingScore(row.score ?? 0),
    completedAt: new Date(row.completed_at).toISOString(),
  }));
}
