import { and, eq, sql } from 'drizzle-orm';
import type { TechSubscriptionStatus } from '../../../domain/adaptive-mastery';
import type { SubscriptionStatus } from '../../../domain/constants';
import { featureAccessGranted } from '../../../domain/feature-access';
import type { Executor } from '../../db/client';
import {
  profiles,
  shops,
  stripeCustomers,
  stripeSubscriptions,
  subscriptionPlans,
  subscriptions,
  techSubscriptions,
} from '../../db/schema';

export interface MasteryStanding {
  /** Whether the user belongs to a shop at all. */
  hasShop: boolean;
  shopStatus: SubscriptionStatus | null;
  /** The features of the shop subscription's plan (SPEC §6 "any other feature"). */
  planFeatures: string[];
  personal: typeof techSubscriptions.$inferSelect | null;
  /** The status of the user's active Stripe subscription, if any (SPEC §6's "card-payment subscription"). */
  activeCardStatus: string | null;
}

/**
 * Everything SPEC §6's access rule looks at, for one user, in one statement: the shop's subscription
 * and its plan's features, the personal subscription, and whether an active card-payment one exists.
 * An unknown user stands with nothing.
 */
export async function masteryStanding(db: Executor, userId: string): Promise<MasteryStanding> {
  const [row] = await db
    .select({
      shopId: profiles.shopId,
      shopStatus: subscriptions.status,
      planFeatures: subscriptionPlans.features,
      personal: techSubscriptions,
      activeCard: sql<boolean>`exists (select 1 from ${stripeCustomers} join ${stripeSubscriptions}
        on ${stripeSubscriptions.customerId} = ${stripeCustomers.customerId}
        where ${and(eq(stripeCustomers.userId, profiles.id), eq(stripeSubscriptions.status, 'active'))})`,
    })
    .from(profiles)
    .leftJoin(shops, eq(shops.id, profiles.shopId))
    .leftJoin(subscriptions, eq(subscriptions.id, shops.subscriptionId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .leftJoin(techSubscriptions, eq(techSubscriptions.techId, profiles.id))
    .where(eq(profiles.id, userId));
  return {
    hasShop: Boolean(row?.shopId),
    shopStatus: row?.shopStatus ?? null,
    planFeatures: row?.planFeatures ?? [],
    personal: row?.personal ?? null,
    activeCardStatus: row?.activeCard ? 'active' : null,
  };
}

/** SPEC §6 for a standing already read: whether it grants `feature`. */
export function standingGrants(standing: MasteryStanding, feature: string): boolean {
  return featureAccessGranted(feature, {
    shop: standing.hasShop ? { status: standing.shopStatus, planFeatures: standing.planFeatures } : null,
    personalStatus: (standing.personal?.status ?? null) as TechSubscriptionStatus | null,
    cardStatus: standing.activeCardStatus,
  });
}

export function standingGrantsMastery(standing: MasteryStanding): boolean {
  return standingGrants(standing, 'mastery');
}

/**
 * SPEC §6 feature access, the one server-side check (the rule itself is `featureAccessGranted` in the
 * domain): a feature containing 'mastery' is granted by the shop's active or trial subscription, the
 * technician's active or trial personal Adaptive Mastery subscription, or an active Stripe one; any other
 * feature needs a shop on an active or trial plan whose features name it. An unknown user has no access.
 */
export async function hasFeatureAccess(db: Executor, userId: string, feature: string): Promise<boolean> {
  return standingGrants(await masteryStanding(db, userId), feature);
}

/** SPEC §6 feature access for 'mastery' (the mastery dashboard). */
export async function hasMasteryAccess(db: Executor, userId: string): Promise<boolean> {
  return hasFeatureAccess(db, userId, 'mastery');
}
