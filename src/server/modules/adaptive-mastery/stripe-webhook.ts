import { eq, inArray, isNull, not, or, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import {
  isPersonalEntitled,
  type TechSubscriptionStatus,
  techStatusFromStripe,
} from '../../../domain/adaptive-mastery';
import type { Database, Executor } from '../../db/client';
import {
  authUsers,
  stripeCustomers,
  stripeSubscriptionLatestEvents,
  stripeSubscriptions,
  stripeWebhookEvents,
  techSubscriptions,
} from '../../db/schema';
import { notifySubscriptionProblem } from '../../notifications/billing-events';
import { isShopSubscription, onShopCheckoutCompleted, onShopSubscriptionChanged, type ShopPrices } from '../billing';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * The user a Stripe customer belongs to: from stripe_customers, else from the user id we put in the
 * checkout's metadata / client_reference_id (then remembered). Null when it names nobody we know.
 */
async function userForCustomer(tx: Executor, customerId: string, hintedUserId: string | null | undefined) {
  const [known] = await tx.select().from(stripeCustomers).where(eq(stripeCustomers.customerId, customerId));
  if (known) return known.userId;
  if (!hintedUserId) return null;
  const [user] = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, hintedUserId));
  if (!user) return null;
  await tx.insert(stripeCustomers).values({ userId: user.id, customerId }).onConflictDoNothing();
  // A user already linked to another customer keeps that link; this customer stays unknown.
  const [linked] = await tx.select().from(stripeCustomers).where(eq(stripeCustomers.customerId, customerId));
  return linked?.userId ?? null;
}

/**
 * Writes the personal subscription's status. An event about a subscription that is no longer the
 * technician's current one (an old, cancelled one arriving late) never takes away current access.
 */
async function saveTechSubscription(
  tx: Executor,
  userId: string,
  input: { status: TechSubscriptionStatus; subscriptionId: string; periodEnd: Date | null },
) {
  const values = {
    status: input.status,
    provider: 'stripe' as const,
    providerSubscriptionId: input.subscriptionId,
    currentPeriodEnd: input.periodEnd,
  };
  await tx
    .insert(techSubscriptions)
    .values({ techId: userId, ...values })
    .onConflictDoUpdate({
      target: techSubscriptions.techId,
      set: values,
      ...(isPersonalEntitled(input.status)
        ? {}
        : {
            setWhere: or(
              eq(techSubscriptions.providerSubscriptionId, input.subscriptionId),
              isNull(techSubscriptions.providerSubscriptionId),
              not(inArray(techSubscriptions.status, ['active', 'trial'])),
            ),
          }),
    });
}

async function onCheckoutCompleted(tx: Executor, session: Stripe.Checkout.Session) {
  const customerId = idOf(session.customer);
  const subscriptionId = idOf(session.subscription);
  if (session.mode !== 'subscription' || !customerId || !subscriptionId) return;
  const userId = await userForCustomer(tx, customerId, session.metadata?.user_id ?? session.client_reference_id);
  if (!userId) return;
  // Stripe does not promise event order: when the subscription's own event came first, it knows best.
  const [known] = await tx
    .select()
    .from(stripeSubscriptions)
    .where(eq(stripeSubscriptions.subscriptionId, subscriptionId));
  await saveTechSubscription(tx, userId, {
    status: known ? techStatusFromStripe(known.status) : session.payment_status === 'unpaid' ? 'incomplete' : 'active',
    subscriptionId,
    periodEnd: fromUnix(known?.currentPeriodEnd),
  });
}

async function onSubscriptionChanged(tx: Executor, subscription: Stripe.Subscription) {
  const customerId = idOf(subscription.customer);
  if (!customerId) return;
  const userId = await userForCustomer(tx, customerId, subscription.metadata?.user_id);
  if (!userId) return;
  // Since API version 2025-03-31 the billing period lives on the subscription item.
  const item = subscription.items?.data?.[0];
  const method = subscription.default_payment_method;
  const card = typeof method === 'object' && method?.card ? method.card : null;
  const values = {
    customerId,
    status: subscription.status,
    priceId: item?.price?.id ?? null,
    currentPeriodStart: item?.current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? null,
    paymentMethodBrand: card?.brand ?? null,
    paymentMethodLast4: card?.last4 ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
  };
  const [before] = await tx
    .select({ status: stripeSubscriptions.status })
    .from(stripeSubscriptions)
    .where(eq(stripeSubscriptions.subscriptionId, subscription.id));
  await tx
    .insert(stripeSubscriptions)
    .values({ subscriptionId: subscription.id, ...values })
    .onConflictDoUpdate({ target: stripeSubscriptions.subscriptionId, set: values });
  const status = techStatusFromStripe(subscription.status);
  await saveTechSubscription(tx, userId, {
    status,
    subscriptionId: subscription.id,
    periodEnd: fromUnix(item?.current_period_end),
  });
  // A failed renewal or the end of the subscription tells the technician, once per period.
  const problem = status === 'past_due' ? 'payment_failed' : status === 'cancelled' ? 'ended' : null;
  if (problem && (!before || techStatusFromStripe(before.status) !== status)) {
    // Only about the subscription the technician has now: a late event on an old one changes nothing for them.
    const [current] = await tx
      .select({ id: techSubscriptions.providerSubscriptionId })
      .from(techSubscriptions)
      .where(eq(techSubscriptions.techId, userId));
    if (current?.id !== subscription.id) return;
    await notifySubscriptionProblem(tx, {
      techId: userId,
      problem,
      subscriptionId: subscription.id,
      period: String(item?.current_period_start ?? ''),
      periodEnd: fromUnix(item?.current_period_end),
    });
  }
}

/** Stripe's subscription statuses that nothing follows: the subscription is over for good. */
const FINAL_STRIPE_STATUSES = ['canceled', 'incomplete_expired'];

/**
 * Whether this customer.subscription.* event is the newest applied to its subscription so far, recording it
 * if so. Stripe does not deliver a subscription's events in order: an `updated` made before a `deleted` can
 * arrive after it, and applied it would give back the access the deletion ended. Events of the same second
 * apply in arrival order, unless the subscription is already over (Stripe makes the `deleted` and the last
 * `updated` of an immediate cancellation in one second). One statement, so concurrent deliveries of one
 * subscription's events queue on its row.
 */
async function isNewestSubscriptionEvent(tx: Executor, event: Stripe.Event, subscription: Stripe.Subscription) {
  const latest = stripeSubscriptionLatestEvents;
  const [newest] = await tx
    .insert(latest)
    .values({
      subscriptionId: subscription.id,
      eventCreated: event.created,
      status: subscription.status,
      eventId: event.id,
    })
    .onConflictDoUpdate({
      target: latest.subscriptionId,
      set: {
        eventCreated: sql`excluded.event_created`,
        status: sql`excluded.status`,
        eventId: sql`excluded.event_id`,
      },
      setWhere: or(
        sql`${latest.eventCreated} < excluded.event_created`,
        sql`${latest.eventCreated} = excluded.event_created and not ${inArray(latest.status, FINAL_STRIPE_STATUSES)}`,
      ),
    })
    .returning({ subscriptionId: latest.subscriptionId });
  return newest !== undefined;
}

/** A copy of a parsed JSON value with every NUL character (U+0000) removed from its strings and keys. */
export function withoutNulCharacters<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T;
  if (Array.isArray(value)) return value.map(withoutNulCharacters) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key.replaceAll('\u0000', ''), withoutNulCharacters(item)]),
    ) as T;
  }
  return value;
}

/**
 * Applies one verified Stripe event, exactly once: the event id is recorded in the same transaction
 * as its effects, so a replay (or a concurrent duplicate delivery) finds it and does nothing, and a
 * failure rolls both back so Stripe's retry runs it again. A subscription event older than one already applied
 * to that subscription is recorded and skipped ('superseded'). Other event types are recorded and ignored.
 * `shopPrices` (STRIPE_PRICE_SHOP_PLANS) tells which shop plan a subscription's price is.
 */
export async function processStripeEvent(
  db: Database,
  event: Stripe.Event,
  shopPrices: ShopPrices = {},
): Promise<'processed' | 'duplicate' | 'superseded'> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeWebhookEvents)
      .values({ eventId: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ eventId: stripeWebhookEvents.eventId });
    if (!fresh) return 'duplicate';
    switch (event.type) {
      // Shop plans (ADR 0033) carry shop_id in their metadata; everything else is a personal subscription.
      case 'checkout.session.completed':
        if (event.data.object.metadata?.shop_id) await onShopCheckoutCompleted(tx, event.data.object, event.created);
        else await onCheckoutCompleted(tx, event.data.object);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        // Recorded as received (its id above), but an older snapshot than one applied changes nothing.
        if (!(await isNewestSubscriptionEvent(tx, event, event.data.object))) return 'superseded';
        if (await isShopSubscription(tx, event.data.object)) {
          await onShopSubscriptionChanged(tx, event.data.object, shopPrices, event.created);
        } else {
          await onSubscriptionChanged(tx, event.data.object);
        }
        break;
      default:
        break;
    }
    return 'processed';
  });
}
