import { and, eq } from 'drizzle-orm';
import { masteryAccessGranted, type TechSubscriptionStatus } from '../../../domain/adaptive-mastery';
import type { SubscriptionStatus } from '../../../domain/constants';
import type { Executor } from '../../db/client';
import {
  profiles,
  shops,
  stripeCustomers,
  stripeSubscriptions,
  subscriptions,
  techSubscriptions,
} from '../../db/schema';

export interface MasteryStanding {
  shopStatus: SubscriptionStatus | null;
  personal: typeof techSubscriptions.$inferSelect | null;
  /** The user's active Stripe subscription, if any (SPEC §6's "card-payment subscription"). */
  activeCard: typeof stripeSubscriptions.$inferSelect | null;
}

/** Everything SPEC §6's mastery rule looks at, for one user. */
export async function masteryStanding(db: Executor, userId: string): Promise<MasteryStanding> {
  const [row] = await db
    .select({ shopStatus: subscriptions.status, personal: techSubscriptions })
    .from(profiles)
    .leftJoin(shops, eq(shops.id, profiles.shopId))
    .leftJoin(subscriptions, eq(subscriptions.id, shops.subscriptionId))
    .leftJoin(techSubscriptions, eq(techSubscriptions.techId, profiles.id))
    .where(eq(profiles.id, userId));
  const [card] = await db
    .select({ sub: stripeSubscriptions })
    .from(stripeCustomers)
    .innerJoin(stripeSubscriptions, eq(stripeSubscriptions.customerId, stripeCustomers.customerId))
    .where(and(eq(stripeCustomers.userId, userId), eq(stripeSubscriptions.status, 'active')))
    .limit(1);
  return { shopStatus: row?.shopStatus ?? null, personal: row?.personal ?? null, activeCard: card?.sub ?? null };
}

export function standingGrantsMastery(standing: MasteryStanding): boolean {
  return masteryAccessGranted({
    shopStatus: standing.shopStatus,
    personalStatus: (standing.personal?.status ?? null) as TechSubscriptionStatus | null,
    cardStatus: standing.activeCard?.status ?? null,
  });
}

/**
 * SPEC §6 feature access for 'mastery' (the mastery dashboard): the user's shop has an active or
 * trial subscription, or the technician an active or trial personal Adaptive Mastery subscription
 * (or an active Stripe one). An unknown user has no access.
 */
export async function hasMasteryAccess(db: Executor, userId: string): Promise<boolean> {
  return standingGrantsMastery(await masteryStanding(db, userId));
}
