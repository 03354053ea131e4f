import { sql } from 'drizzle-orm';
import type { ManagerOverview } from '../../../domain/contracts/manager';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import type { shops } from '../../db/schema';

type Shop = typeof shops.$inferSelect;

/**
 * The dashboard's stats (SPEC §2) over the shop's current technicians: completed tests from their
 * running totals, open tests from the open-session index, so the cost does not grow with history (ADR 0016).
 */
const overviewCounts = preparedQuery<{
  technicians: number;
  completed: number;
  open: number;
  pending: number;
  max_technicians: number | null;
}>(
  'manager_overview',
  sql`
    with techs as (
      select id from profiles where shop_id = ${sql.placeholder('shopId')}::uuid and role = 'tech'
    )
    select
      (select count(*)::int from techs) as technicians,
      (select coalesce(sum(t.tests_completed), 0)::int from techs join tech_test_totals t on t.tech_id = techs.id) as completed,
      (select count(*)::int from techs join test_sessions s on s.tech_id = techs.id and s.completed_at is null) as open,
      (select count(*)::int from shop_change_requests
        where new_shop_id = ${sql.placeholder('shopId')}::uuid and status = 'pending') as pending,
      (select p.max_technicians from subscriptions s join subscription_plans p on p.id = s.plan_id
        where s.id = ${sql.placeholder('subscriptionId')}::uuid) as max_technicians`,
);

export async function getManagerOverview(db: Executor, shop: Shop): Promise<ManagerOverview> {
  const [counts] = await overviewCounts(db, { shopId: shop.id, subscriptionId: shop.subscriptionId });
  return {
    shop: { id: shop.id, name: shop.name, type: shop.type, shopCode: shop.shopCode },
    technicians: counts.technicians,
    maxTechnicians: counts.max_technicians ?? 0,
    totalTests: counts.completed + counts.open,
    completedTests: counts.completed,
    pendingApprovals: counts.pending,
  };
}
