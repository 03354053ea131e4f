import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { addDays, addMonths, canCancelShopPlan } from '../../../domain/billing';
import { TRIAL_DAYS } from '../../../domain/constants';
import type { PaymentDetails, ShopSummary, SubscriptionView } from '../../../domain/contracts/billing';
import { isShopEntitled } from '../../../domain/gate';
import { shopCodeFromRandom } from '../../../domain/shop-code';
import type { ProfileRow } from '../../authz';
import { CardDeclinedError, type CardProcessor } from '../../billing/card-processor';
import type { Database, Executor } from '../../db/client';
import { profiles, shops, subscriptionPlans, subscriptions } from '../../db/schema';
import { theRow } from '../../db/the-row';
import { AppError } from '../../errors';

type ShopRow = typeof shops.$inferSelect;
type PlanRow = typeof subscriptionPlans.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

const SHOP_CODE_ATTEMPTS = 8;

function randomShopCode(): string {
  const bytes = randomBytes(64);
  let i = 0;
  // Rejection sampling can in theory run past 64 bytes; fetch more if it does.
  return shopCodeFromRandom(() => (i < bytes.length ? bytes.readUInt8(i++) : randomBytes(1).readUInt8(0)));
}

export const shopRequired = () => new AppError('SHOP_REQUIRED', 409);

export function toShopSummary(shop: ShopRow): ShopSummary {
  return {
    id: shop.id,
    name: shop.name,
    type: shop.type,
    shopCode: shop.shopCode,
    trialEndsAt: shop.trialEndsAt?.toISOString() ?? null,
  };
}

export function toPlan(plan: PlanRow) {
  return {
    id: plan.id,
    code: plan.code,
    name: plan.name,
    priceMonthlyCents: plan.priceMonthlyCents,
    maxTechnicians: plan.maxTechnicians,
    features: plan.features,
    shopType: plan.shopType,
  };
}

export function toSubscriptionView(sub: SubscriptionRow, plan: PlanRow): SubscriptionView {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: sub.id,
    status: sub.status,
    plan: toPlan(plan),
    trialEnd: iso(sub.trialEnd),
    currentPeriodStart: iso(sub.currentPeriodStart),
    currentPeriodEnd: iso(sub.currentPeriodEnd),
    cancelledAt: iso(sub.cancelledAt),
    cardBrand: sub.cardBrand,
    cardLast4: sub.cardLast4,
    provider: sub.stripeSubscriptionId ? 'stripe' : 'mock',
  };
}

/**
 * Shop setup (docs/PRODUCT.md#gate). The shop gets the code the manager reserved at sign-up when no shop holds it,
 * otherwise a fresh 'SHOP' + 6 code (ADR 0002); a collision just tries another code.
 */
export async function setUpShop(db: Database, managerId: string, input: { name: string; type: ShopRow['type'] }) {
  return db.transaction(async (tx) => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, managerId)).for('update');
    if (!profile) throw new AppError('FORBIDDEN', 403);
    if (profile.shopId) throw new AppError('SHOP_EXISTS', 409);
    const candidates = [profile.reservedShopCode, ...Array.from({ length: SHOP_CODE_ATTEMPTS }, randomShopCode)];
    for (const code of candidates) {
      if (!code) continue;
      // A code another manager reserved at sign-up is theirs, so only the manager's own reservation is reused.
      if (code !== profile.reservedShopCode) {
        const [reserved] = await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(eq(profiles.reservedShopCode, code));
        if (reserved) continue;
      }
      // ON CONFLICT DO NOTHING keeps the transaction usable when the code is already a shop's.
      const [shop] = await tx
        .insert(shops)
        .values({ name: input.name, type: input.type, shopCode: code, managerId })
        .onConflictDoNothing({ target: shops.shopCode })
        .returning();
      if (shop) {
        await tx.update(profiles).set({ shopId: shop.id }).where(eq(profiles.id, managerId));
        return shop;
      }
    }
    throw new AppError('SHOP_CODE_UNAVAILABLE', 500);
  });
}

export async function loadManagerShop(db: Executor, profile: ProfileRow): Promise<ShopRow> {
  if (!profile.shopId) throw shopRequired();
  const [shop] = await db.select().from(shops).where(eq(shops.id, profile.shopId));
  if (!shop) throw shopRequired();
  return shop;
}

/** Plans for the shop's type or both, active, cheapest first. */
export async function listPlansForShop(db: Database, profile: ProfileRow) {
  const shop = await loadManagerShop(db, profile);
  const plans = await db
    .select()
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.active, true),
        or(eq(subscriptionPlans.shopType, shop.type), eq(subscriptionPlans.shopType, 'both')),
      ),
    )
    .orderBy(asc(subscriptionPlans.priceMonthlyCents));
  return { shop: toShopSummary(shop), plans: plans.map(toPlan) };
}

export async function getShopSubscription(db: Database, profile: ProfileRow) {
  if (!profile.shopId) return { shop: null, subscription: null };
  const [row] = await db
    .select({ shop: shops, sub: subscriptions, plan: subscriptionPlans })
    .from(shops)
    .leftJoin(subscriptions, eq(subscriptions.id, shops.subscriptionId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(shops.id, profile.shopId));
  if (!row) return { shop: null, subscription: null };
  return {
    shop: toShopSummary(row.shop),
    subscription: row.sub && row.plan ? toSubscriptionView(row.sub, row.plan) : null,
  };
}

/**
 * Plan choice + payment (docs/PRODUCT.md#plans-and-billing): the card is saved with the processor (only brand and last 4 are
 * kept), then the subscription starts as a 14-day trial. A shop that already had its trial
 * (ADR 0005) is charged at once and starts active. The shop row is locked before the card is touched,
 * so two submissions at once save one card and charge once; the other finds the shop subscribed.
 */
export async function startShopSubscription(
  db: Database,
  cards: CardProcessor,
  profile: ProfileRow,
  input: { planId: string; payment: PaymentDetails },
  now: Date,
) {
  const shop = await loadManagerShop(db, profile);
  const plan = await planForShop(db, shop, input.planId);
  await assertNotSubscribed(db, shop);

  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(shops).where(eq(shops.id, shop.id)).for('update');
    if (!locked) throw shopRequired();
    await assertNotSubscribed(tx, locked);

    let card: Awaited<ReturnType<CardProcessor['savePaymentMethod']>>;
    try {
      card = await cards.savePaymentMethod(input.payment);
    } catch (error) {
      if (error instanceof CardDeclinedError) throw new AppError('PAYMENT_FAILED', 402);
      throw error;
    }

    const hadTrial = locked.trialEndsAt !== null;
    let firstPeriod: { start: Date; end: Date } | null = null;
    if (hadTrial) {
      const charge = await cards.charge({
        paymentMethodId: card.paymentMethodId,
        amountCents: plan.priceMonthlyCents,
        idempotencyKey: `${shop.id}-${now.toISOString()}`,
      });
      if (!charge.ok) throw new AppError('PAYMENT_FAILED', 402);
      firstPeriod = { start: now, end: addMonths(now, 1) };
    }

    const trialEnd = addDays(now, TRIAL_DAYS);
    const sub = theRow(
      await tx
        .insert(subscriptions)
        .values({
          shopId: shop.id,
          planId: plan.id,
          status: firstPeriod ? 'active' : 'trial',
          trialEnd: firstPeriod ? null : trialEnd,
          currentPeriodStart: firstPeriod?.start ?? null,
          currentPeriodEnd: firstPeriod?.end ?? trialEnd,
          stripePaymentMethodId: card.paymentMethodId,
          cardBrand: card.brand,
          cardLast4: card.last4,
        })
        .returning(),
      'insert shop subscription',
    );
    await tx
      .update(shops)
      .set({ subscriptionId: sub.id, ...(firstPeriod ? {} : { trialEndsAt: trialEnd }) })
      .where(eq(shops.id, shop.id));
    return toSubscriptionView(sub, plan);
  });
}

/** An active plan the shop may choose (its type or both), or 404. */
export async function planForShop(db: Executor, shop: ShopRow, planId: string): Promise<PlanRow> {
  const [plan] = await db
    .select()
    .from(subscriptionPlans)
    .where(
      and(
        eq(subscriptionPlans.id, planId),
        eq(subscriptionPlans.active, true),
        inArray(subscriptionPlans.shopType, [shop.type, 'both']),
      ),
    );
  if (!plan) throw new AppError('NOT_FOUND.plan', 404);
  return plan;
}

export async function assertNotSubscribed(db: Executor, shop: ShopRow) {
  if (!shop.subscriptionId) return;
  const [current] = await db
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.id, shop.subscriptionId));
  if (current && isShopEntitled(current.status)) {
    throw new AppError('ALREADY_SUBSCRIBED.shop', 409);
  }
}

/** docs/PRODUCT.md#plans-and-billing: an active subscription (or a free trial) can be cancelled; it ends at once with a timestamp. */
export async function cancelShopSubscription(db: Database, shop: ShopRow, now: Date) {
  return db.transaction(async (tx) => {
    if (!shop.subscriptionId) throw new AppError('NOT_FOUND.subscription', 404);
    // Locked so a renewal running at the same moment cannot re-activate it.
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, shop.subscriptionId)).for('update');
    if (!sub) throw new AppError('NOT_FOUND.subscription', 404);
    // A plan on Stripe Billing is cancelled in Stripe's customer portal; its webhook brings the status here.
    if (sub.stripeSubscriptionId) {
      throw new AppError('MANAGED_BY_STRIPE', 409);
    }
    // A trial can be cancelled too; it ends now, and the lifecycle job never charges a cancelled plan.
    if (!canCancelShopPlan(sub.status)) {
      throw new AppError('NOT_CANCELLABLE.shop', 409);
    }
    const updated = theRow(
      await tx
        .update(subscriptions)
        .set({ status: 'cancelled', cancelledAt: now })
        .where(eq(subscriptions.id, sub.id))
        .returning(),
      'cancel shop subscription',
    );
    // A subscription's plan is a foreign key: it is there.
    const plan = theRow(
      await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, sub.planId)),
      'read subscription plan',
    );
    return toSubscriptionView(updated, plan);
  });
}
