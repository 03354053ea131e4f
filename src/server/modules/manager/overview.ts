import { sql } from 'drizzle-orm';
import type { ManagerOverview } from '../../../domain/contracts/manager';
import type { Executor } from '../../db/client';
import { asColumn, orNull, preparedStatement } from '../../db/prepared';
import { type shops, subscriptionPlans } from '../../db/schema';
import { theRow } from '../../db/the-row';

type Shop = typeof shops.$inferSelect;

/**
 * The dashboard's stats over the shop's current technicians: completed tests from their
 * running totals, open tests from the open-session index, so the cost does not grow with history (ADR 0016).
 */
const overviewCounts = preparedStatement(
  'manager_overview',
  {
    technicians: sql<number>`(select count(*)::int from techs)`,
    completed: sql<number>`(select coalesce(sum(t.tests_completed), 0)::int
      from techs join tech_test_totals t on t.tech_id = techs.id)`,
    open: sql<number>`(select count(*)::int from techs join test_sessions s on s.tech_id = techs.id and s.completed_at is null)`,
    pending: sql<number>`(select count(*)::int from shop_change_requests
      where new_shop_id = ${sql.placeholder('shopId')}::uuid and status = 'pending')`,
    // No row when the shop has no subscription.
    max_technicians: orNull(
      asColumn(
        subscriptionPlans.maxTechnicians,
        sql`(select p.max_technicians from subscriptions s join subscription_plans p on p.id = s.plan_id
          where s.id = ${sql.placeholder('subscriptionId')}::uuid)`,
      ),
    ),
  },
  (columns) => sql`
    with techs as (
      select id from profiles where shop_id = ${sql.placeholder('shopId')}::uuid and role = 'tech'
    )
    select ${columns}`,
);

export async function getManagerOverview(db: Executor, shop: Shop): Promise<ManagerOverview> {
  const counts = theRow(
    await overviewCounts(db, { shopId: shop.id, subscriptionId: shop.subscriptionId }),
    'manager_overview_counts',
  );
  return {
    shop: { id: shop.id, name: shop.name, type: shop.type, shopCode: shop.shopCode },
    technicians: counts.technicians,
    maxTechnicians: counts.max_technicians ?? 0,
    totalTests: counts.completed + counts.open,
    completedTests: counts.completed,
    pendingApprovals: counts.pending,
  };
}
