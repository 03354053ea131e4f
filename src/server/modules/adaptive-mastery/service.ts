import { and, eq } from 'drizzle-orm';
import { checkoutFailure, isPersonalEntitled, type TechSubscriptionStatus } from '../../../domain/adaptive-mastery';
import { ADAPTIVE_MASTERY_PRICE_CENTS, addMonths, canCancel } from '../../../domain/billing';
import type { AdaptiveMasteryStatus, PersonalSubscription } from '../../../domain/contracts/billing';
import { isShopEntitled } from '../../../domain/gate';
import { masteryStanding, standingGrantsMastery } from '../../access-standing';
import type { ProfileRow } from '../../authz';
import { type BillingProvider, CheckoutError } from '../../billing/provider';
import type { Database } from '../../db/client';
import { stripeSubscriptions, techSubscriptions } from '../../db/schema';
import { theRow } from '../../db/the-row';
import { AppError } from '../../errors';

type TechSubscriptionRow = typeof techSubscriptions.$inferSelect;

/** Where Stripe Checkout sends the browser back: built here from BASE_URL, never taken from the client. */
export function checkoutReturnUrls(baseUrl: string) {
  return {
    successUrl: `${baseUrl}/app/adaptive-mastery?checkout=success`,
    cancelUrl: `${baseUrl}/app/adaptive-mastery?checkout=cancelled`,
  };
}

function toPersonalSubscription(row: TechSubscriptionRow, cancelAtPeriodEnd: boolean): PersonalSubscription {
  return {
    status: row.status,
    provider: row.provider,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd,
  };
}

/** The technician's Adaptive Mastery standing for the page and, later, the mastery dashboard. */
export async function getMasteryStatus(
  db: Database,
  provider: BillingProvider,
  userId: string,
): Promise<AdaptiveMasteryStatus> {
  const standing = await masteryStanding(db, userId);
  let cancelAtPeriodEnd = false;
  const personal = standing.personal;
  if (personal?.provider === 'stripe' && personal.providerSubscriptionId) {
    const [stripeRow] = await db
      .select({ cancelAtPeriodEnd: stripeSubscriptions.cancelAtPeriodEnd })
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.subscriptionId, personal.providerSubscriptionId));
    cancelAtPeriodEnd = stripeRow?.cancelAtPeriodEnd ?? false;
  }
  return {
    priceCents: ADAPTIVE_MASTERY_PRICE_CENTS,
    provider: provider.name,
    entitled: standingGrantsMastery(standing),
    viaShop: isShopEntitled(standing.shopStatus),
    // A checkout that was started and never finished is not a subscription yet.
    subscription:
      personal && personal.status !== 'incomplete' ? toPersonalSubscription(personal, cancelAtPeriodEnd) : null,
  };
}

/**
 * Checkout (docs/PRODUCT.md#plans-and-billing, ADR 0007): starts the $19.99/month subscription with the provider and returns where to send
 * the browser. The return URLs come from BASE_URL. A technician who already has mastery access (their
 * own or through the shop) is not sent to pay again.
 */
export async function startMasteryCheckout(
  db: Database,
  provider: BillingProvider,
  profile: ProfileRow,
  baseUrl: string,
): Promise<{ url: string }> {
  const standing = await masteryStanding(db, profile.id);
  if (isPersonalEntitled((standing.personal?.status ?? null) as TechSubscriptionStatus | null)) {
    throw new AppError('ALREADY_SUBSCRIBED', 409);
  }
  if (isShopEntitled(standing.shopStatus)) {
    throw new AppError('INCLUDED_IN_SHOP_PLAN', 409);
  }
  let url: string | null;
  try {
    ({ url } = await provider.createMasteryCheckout({
      userId: profile.id,
      email: profile.email,
      ...checkoutReturnUrls(baseUrl),
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

const checkoutNotFound = () => new AppError('NOT_FOUND.checkoutSession', 404);

/**
 * The mock provider's confirmation page: completes the pending checkout `session` of this technician,
 * for one month from `now`. Another user's session, an unknown one or a Stripe one is not found and
 * changes nothing; confirming twice is harmless.
 */
export async function confirmMockCheckout(db: Database, userId: string, session: string, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(techSubscriptions)
      .where(
        and(
          eq(techSubscriptions.techId, userId),
          eq(techSubscriptions.provider, 'mock'),
          eq(techSubscriptions.providerSubscriptionId, session),
        ),
      )
      .for('update');
    if (!row) throw checkoutNotFound();
    if (row.status === 'active') return toPersonalSubscription(row, false);
    if (row.status !== 'incomplete') throw checkoutNotFound();
    const updated = theRow(
      await tx
        .update(techSubscriptions)
        .set({ status: 'active', currentPeriodEnd: addMonths(now, 1) })
        .where(eq(techSubscriptions.id, row.id))
        .returning(),
      'activate tech subscription',
    );
    return toPersonalSubscription(updated, false);
  });
}

/**
 * Only an active subscription can be cancelled, and access ends at once (as for shops,
 * ADR 0005). A Stripe subscription is cancelled in Stripe's customer portal instead, and its
 * webhook brings the status here.
 */
export async function cancelPersonalSubscription(db: Database, userId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(techSubscriptions).where(eq(techSubscriptions.techId, userId)).for('update');
    if (!row || row.status === 'incomplete') throw new AppError('NOT_FOUND.subscription', 404);
    if (row.provider === 'stripe') {
      throw new AppError('MANAGED_BY_STRIPE', 409);
    }
    if (!canCancel(row.status)) {
      throw new AppError('NOT_CANCELLABLE', 409);
    }
    const updated = theRow(
      await tx
        .update(techSubscriptions)
        .set({ status: 'cancelled' })
        .where(eq(techSubscriptions.id, row.id))
        .returning(),
      'cancel tech subscription',
    );
    return toPersonalSubscription(updated, false);
  });
}
