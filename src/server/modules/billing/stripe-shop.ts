import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { checkoutFailure } from '../../../domain/adaptive-mastery';
import { addDays, addMonths, shopStatusFromStripe } from '../../../domain/billing';
import { type SubscriptionStatus, TRIAL_DAYS } from '../../../domain/constants';
import { isShopEntitled } from '../../../domain/gate';
import type { ProfileRow } from '../../authz';
import { type BillingProvider, CheckoutError } from '../../billing/provider';
import type { Database, Executor } from '../../db/client';
import { shops, subscriptionPlans, subscriptions } from '../../db/schema';
import { AppError } from '../../errors';
import { notifyShopPaymentFailed } from '../../notifications/billing-events';
import { assertNotSubscribed, loadManagerShop, planForShop } from './service';

/**
 * Shop plans on Stripe Billing (ADR 0033): the checkout that starts one, and the webhook handlers that
 * drive the shop's subscription row through the lifecycle the mock drives (trial → active → past_due,
 * cancelled). The row is the same `subscriptions` row the gate reads; Stripe renews it, so the
 * lifecycle job leaves rows with a stripe_subscription_id alone.
 */

/** Where Stripe Checkout sends the manager back: built from BASE_URL, never taken from the client. */
export function shopCheckoutReturnUrls(baseUrl: string) {
  return {
    successUrl: `${baseUrl}/manager/plans?checkout=success`,
    cancelUrl: `${baseUrl}/manager/plans?checkout=cancelled`,
  };
}

/**
 * Starts Stripe Checkout for `planId`: the 14-day trial for a shop that has not had one (ADR 0005),
 * else the first month is paid at once. A shop already on a trial or active plan is not sent to pay.
 */
export async function startShopCheckout(
  db: Database,
  provider: BillingProvider,
  profile: ProfileRow,
  planId: string,
  baseUrl: string,
): Promise<{ url: string }> {
  if (!provider.createShopCheckout) {
    throw new AppError('NOT_FOUND.checkoutUnavailable', 404);
  }
  const shop = await loadManagerShop(db, profile);
  const plan = await planForShop(db, shop, planId);
  await assertNotSubscribed(db, shop);
  await assertNoPaymentDue(db, shop.subscriptionId);
  let url: string | null;
  try {
    ({ url } = await provider.createShopCheckout({
      managerId: profile.id,
      email: profile.email,
      shopId: shop.id,
      planId: plan.id,
      planCode: plan.code,
      trialDays: shop.trialEndsAt === null ? TRIAL_DAYS : null,
      ...shopCheckoutReturnUrls(baseUrl),
    }));
  } catch (error) {
    if (error instanceof CheckoutError) {
      // Stripe's own words only where they are all there is to say (not for a product not set up yet).
      const id = checkoutFailure(error.message);
      throw new AppError(id, 502, id === 'CHECKOUT_FAILED' ? { reason: error.message } : undefined);
    }
    throw error;
  }
  if (!url) throw new AppError('CHECKOUT_FAILED.noUrl', 502);
  return { url };
}

/**
 * A Stripe plan past due is still Stripe's to collect (it retries the card): the manager updates the card
 * in the portal rather than starting a second subscription beside it.
 */
async function assertNoPaymentDue(db: Database, subscriptionId: string | null) {
  if (!subscriptionId) return;
  const [current] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (current?.stripeSubscriptionId && current.status === 'past_due') {
    throw new AppError('PAYMENT_DUE', 409);
  }
}

// ---------------------------------------------------------------- webhook

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Whether a Stripe subscription event is about a shop plan: ours carry shop_id, or the row already knows it. */
export async function isShopSubscription(tx: Executor, subscription: Stripe.Subscription): Promise<boolean> {
  if (subscription.metadata?.shop_id) return true;
  const [row] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscription.id));
  return row !== undefined;
}

/** The shop plan a Stripe price stands for (a plan changed in the portal), else the one named at checkout. */
async function planFor(tx: Executor, priceId: string | null, hintedPlanId: string | undefined, prices: ShopPrices) {
  const code = Object.entries(prices).find(([, price]) => price === priceId)?.[0];
  if (code) {
    const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.code, code));
    if (plan) return plan;
  }
  if (!hintedPlanId || !/^[0-9a-f-]{36}$/i.test(hintedPlanId)) return undefined;
  const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, hintedPlanId));
  return plan;
}

export type ShopPrices = Record<string, string>;

type ShopSubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'id' | 'shopId' | 'stripeSubscriptionId'>;

/**
 * Writes the shop's row for one Stripe subscription and makes it the shop's current one, the shop row
 * locked so two events for one shop apply one after the other. A late event about an older subscription
 * (not entitling) never takes the shop's pointer away from a current trial or active plan.
 */
async function saveShopSubscription(
  tx: Executor,
  shopId: string,
  stripeSubscriptionId: string,
  values: ShopSubscriptionValues,
  options: { overwrite: boolean },
): Promise<SubscriptionRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(shopId)) return undefined;
  const [shop] = await tx.select().from(shops).where(eq(shops.id, shopId)).for('update');
  if (!shop) return undefined;
  const insert = tx.insert(subscriptions).values({ shopId, stripeSubscriptionId, ...values });
  const [row] = options.overwrite
    ? await insert.onConflictDoUpdate({ target: subscriptions.stripeSubscriptionId, set: values }).returning()
    : await insert.onConflictDoNothing({ target: subscriptions.stripeSubscriptionId }).returning();
  if (!row) return undefined;

  let takesOver = shop.subscriptionId === null || shop.subscriptionId === row.id || isShopEntitled(row.status);
  if (!takesOver && shop.subscriptionId) {
    const [current] = await tx
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.id, shop.subscriptionId));
    takesOver = !current || !isShopEntitled(current.status);
  }
  // The trial is the shop's once (ADR 0005): a Stripe trial counts as the shop's trial.
  const trialEndsAt = shop.trialEndsAt ?? row.trialEnd;
  if (takesOver || trialEndsAt !== shop.trialEndsAt) {
    await tx
      .update(shops)
      .set({ ...(takesOver ? { subscriptionId: row.id } : {}), trialEndsAt })
      .where(eq(shops.id, shop.id));
  }
  return row;
}

/** customer.subscription.created / updated / deleted for a shop plan: the row takes Stripe's state. */
export async function onShopSubscriptionChanged(
  tx: Executor,
  subscription: Stripe.Subscription,
  prices: ShopPrices,
  eventCreated: number,
) {
  const status: SubscriptionStatus | null = shopStatusFromStripe(subscription.status);
  if (!status) return;
  const [known] = await tx.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscription.id));
  const shopId = known?.shopId ?? subscription.metadata?.shop_id;
  if (!shopId) return;
  // Since API version 2025-03-31 the billing period lives on the subscription item.
  const item = subscription.items?.data?.[0];
  const plan = await planFor(tx, item?.price?.id ?? null, subscription.metadata?.plan_id, prices);
  const planId = plan?.id ?? known?.planId;
  if (!planId) return;
  const method = subscription.default_payment_method;
  const card = typeof method === 'object' && method?.card ? method.card : null;
  const row = await saveShopSubscription(
    tx,
    shopId,
    subscription.id,
    {
      planId,
      status,
      trialEnd: fromUnix(subscription.trial_end),
      currentPeriodStart: fromUnix(item?.current_period_start),
      currentPeriodEnd: fromUnix(item?.current_period_end),
      cardBrand: card?.brand ?? known?.cardBrand ?? null,
      cardLast4: card?.last4 && /^[0-9]{4}$/.test(card.last4) ? card.last4 : (known?.cardLast4 ?? null),
      cancelledAt:
        status === 'cancelled'
          ? (fromUnix(subscription.canceled_at ?? subscription.ended_at) ?? new Date(eventCreated * 1000))
          : null,
    },
    { overwrite: true },
  );
  // A renewal charge failing tells the manager, in this transaction, once per billing period.
  if (row && status === 'past_due' && known?.status !== 'past_due') {
    await notifyShopPaymentFailed(
      tx,
      { shopId: row.shopId, subscriptionId: row.id, period: String(item?.current_period_start ?? eventCreated) },
      new Date(eventCreated * 1000),
    );
  }
}

/**
 * checkout.session.completed for a shop plan: when the subscription's own event has not arrived yet,
 * the shop gets its row at once (a trial from now, or a first month paid), so the manager coming back
 * from Checkout is through the gate; the subscription events then bring Stripe's exact dates.
 */
export async function onShopCheckoutCompleted(tx: Executor, session: Stripe.Checkout.Session, eventCreated: number) {
  const subscriptionId = idOf(session.subscription);
  const shopId = session.metadata?.shop_id;
  const planId = session.metadata?.plan_id;
  if (session.mode !== 'subscription' || !subscriptionId || !shopId || !planId) return;
  if (session.payment_status === 'unpaid') return;
  const plan = await planFor(tx, null, planId, {});
  if (!plan) return;
  const now = new Date(eventCreated * 1000);
  const trial = session.payment_status === 'no_payment_required';
  const trialEnd = addDays(now, TRIAL_DAYS);
  await saveShopSubscription(
    tx,
    shopId,
    subscriptionId,
    {
      planId: plan.id,
      status: trial ? 'trial' : 'active',
      trialEnd: trial ? trialEnd : null,
      currentPeriodStart: trial ? null : now,
      currentPeriodEnd: trial ? trialEnd : addMonths(now, 1),
    },
    { overwrite: false },
  );
}
