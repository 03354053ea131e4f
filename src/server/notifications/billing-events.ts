import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { shops } from '../db/schema';
import { notify } from './notify';

/**
 * The billing messages, written where the billing code changes a subscription's state and in its
 * transaction. Each is keyed by the subscription and its billing period, so a webhook Stripe delivers again
 * (or a lifecycle run repeated) tells the person once per period.
 */

/** Manager: the shop plan's renewal charge failed and it is now past due. */
export async function notifyShopPaymentFailed(
  tx: Executor,
  input: { shopId: string; subscriptionId: string; period: string },
  now = new Date(),
): Promise<void> {
  const [shop] = await tx
    .select({ name: shops.name, managerId: shops.managerId })
    .from(shops)
    .where(eq(shops.id, input.shopId));
  if (!shop) return;
  await notify(
    tx,
    {
      recipientId: shop.managerId,
      kind: 'shop_payment_failed',
      params: { shopName: shop.name },
      link: '/manager/subscription',
      dedupeKey: `${input.subscriptionId}:${input.period}`,
    },
    now,
  );
}

/** Technician: their personal subscription's renewal failed, or it ended. */
export async function notifySubscriptionProblem(
  tx: Executor,
  input: {
    techId: string;
    problem: 'payment_failed' | 'ended';
    subscriptionId: string;
    period: string;
    periodEnd: Date | null;
  },
  now = new Date(),
): Promise<void> {
  await notify(
    tx,
    {
      recipientId: input.techId,
      kind: 'subscription_problem',
      params: { problem: input.problem, periodEnd: input.periodEnd?.toISOString() ?? null },
      link: '/app/adaptive-mastery',
      dedupeKey: `${input.subscriptionId}:${input.problem}:${input.period}`,
    },
    now,
  );
}
