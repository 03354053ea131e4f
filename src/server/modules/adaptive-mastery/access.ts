import { sql } from 'drizzle-orm';
import type { TechSubscriptionStatus } from '../../../domain/adaptive-mastery';
import type { SubscriptionStatus } from '../../../domain/constants';
import { featureAccessGranted } from '../../../domain/feature-access';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import type { techSubscriptions } from '../../db/schema';

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
 * Everything SPEC §6's access rule looks at, for one user, in one prepared statement (every gated
 * request runs it): the shop's subscription and its plan's features, the personal subscription, and
 * whether an active card-payment one exists.
 */
export interface StandingRow {
  shop_id: string | null;
  shop_status: SubscriptionStatus | null;
  plan_features: string[] | null;
  personal: Record<string, unknown> | null;
  active_card: boolean;
}

/** The standing's SQL, for statements that read it beside their own data (`sql.placeholder('userId')`). */
export const standingSql = sql`
    select p.shop_id, s.status as shop_status, sp.features as plan_features,
      (select to_jsonb(ts) from tech_subscriptions ts where ts.tech_id = p.id) as personal,
      exists (
        select 1 from stripe_customers sc join stripe_subscriptions ss on ss.customer_id = sc.customer_id
        where sc.user_id = p.id and ss.status = 'active'
      ) as active_card
    from profiles p
    left join shops sh on sh.id = p.shop_id
    left join subscriptions s on s.id = sh.subscription_id
    left join subscription_plans sp on sp.id = s.plan_id
    where p.id = ${sql.placeholder('userId')}`;

const readStanding = preparedQuery<StandingRow>('access_standing', standingSql);

type TechSubscriptionRow = typeof techSubscriptions.$inferSelect;

/** The tech_subscriptions row as drizzle would give it, from its JSON. */
function personalRow(json: Record<string, unknown> | null): TechSubscriptionRow | null {
  if (!json) return null;
  const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);
  return {
    id: json.id as string,
    techId: json.tech_id as string,
    status: json.status as TechSubscriptionRow['status'],
    provider: json.provider as TechSubscriptionRow['provider'],
    providerSubscriptionId: (json.provider_subscription_id as string | null) ?? null,
    currentPeriodEnd: date(json.current_period_end),
    createdAt: date(json.created_at) as Date,
    updatedAt: date(json.updated_at) as Date,
  };
}

/** The standing from its row (none: an unknown user, who stands with nothing). */
export function standingFromRow(row: StandingRow | null | undefined): MasteryStanding {
  return {
    hasShop: Boolean(row?.shop_id),
    shopStatus: row?.shop_status ?? null,
    planFeatures: row?.plan_features ?? [],
    personal: personalRow(row?.personal ?? null),
    activeCardStatus: row?.active_card ? 'active' : null,
  };
}

/** Everything SPEC §6's access rule looks at, for one user. */
export async function masteryStanding(db: Executor, userId: string): Promise<MasteryStanding> {
  const [row] = await readStanding(db, { userId });
  return standingFromRow(row);
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
