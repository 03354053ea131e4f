import { sql } from 'drizzle-orm';
import type { TechSubscriptionStatus } from '../domain/adaptive-mastery';
import type { SubscriptionStatus } from '../domain/constants';
import { featureAccessGranted } from '../domain/feature-access';
import type { Executor } from './db/client';
import {
  columnOf,
  type Jsonified,
  type JsonRowOf,
  orNull,
  preparedStatement,
  type RowOf,
  selectList,
} from './db/prepared';
import { profiles, subscriptionPlans, subscriptions, type techSubscriptions } from './db/schema';

export interface MasteryStanding {
  /** Whether the user belongs to a shop at all. */
  hasShop: boolean;
  shopStatus: SubscriptionStatus | null;
  /** The features of the shop subscription's plan (docs/PRODUCT.md#plans-and-billing, "any other feature"). */
  planFeatures: string[];
  personal: typeof techSubscriptions.$inferSelect | null;
  /** The status of the user's active Stripe subscription, if any (the card subscription of docs/PRODUCT.md#plans-and-billing). */
  activeCardStatus: string | null;
}

/**
 * Everything the access rule (docs/PRODUCT.md#plans-and-billing) looks at, for one user, in one prepared statement (every gated
 * request runs it): the shop's subscription and its plan's features, the personal subscription, and
 * whether an active card-payment one exists.
 */
const standingFields = {
  shop_id: columnOf('p', profiles.shopId),
  shop_status: orNull(columnOf('s', subscriptions.status)),
  plan_features: orNull(columnOf('sp', subscriptionPlans.features)),
  personal: sql<PersonalJson | null>`(select to_jsonb(ts) from tech_subscriptions ts where ts.tech_id = p.id)`,
  active_card: sql<boolean>`exists (
        select 1 from stripe_customers sc join stripe_subscriptions ss on ss.customer_id = sc.customer_id
        where sc.user_id = p.id and ss.status = 'active'
      )`,
};

/** The tech_subscriptions row as `to_jsonb` gives it. */
type PersonalJson = JsonRowOf<typeof techSubscriptions, keyof typeof techSubscriptions.$inferSelect>;

/** The standing as a statement reads it, or as JSON (`to_jsonb` of `standingSql`'s row, the same values). */
export type StandingRow = Jsonified<RowOf<typeof standingFields>>;

/** The standing's SQL, for statements that read it beside their own data (`sql.placeholder('userId')`). */
export const standingSql = sql`
    select ${selectList(standingFields)}
    from profiles p
    left join shops sh on sh.id = p.shop_id
    left join subscriptions s on s.id = sh.subscription_id
    left join subscription_plans sp on sp.id = s.plan_id
    where p.id = ${sql.placeholder('userId')}`;

const readStanding = preparedStatement(
  'access_standing',
  standingFields,
  (columns) => sql`
    select ${columns}
    from profiles p
    left join shops sh on sh.id = p.shop_id
    left join subscriptions s on s.id = sh.subscription_id
    left join subscription_plans sp on sp.id = s.plan_id
    where p.id = ${sql.placeholder('userId')}`,
);

type TechSubscriptionRow = typeof techSubscriptions.$inferSelect;

/** The tech_subscriptions row as drizzle would give it, from its JSON. */
function personalRow(json: PersonalJson | null): TechSubscriptionRow | null {
  if (!json) return null;
  return {
    id: json.id,
    techId: json.tech_id,
    status: json.status,
    provider: json.provider,
    providerSubscriptionId: json.provider_subscription_id,
    currentPeriodEnd: json.current_period_end === null ? null : new Date(json.current_period_end),
    createdAt: new Date(json.created_at),
    updatedAt: new Date(json.updated_at),
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

/** Everything the access rule (docs/PRODUCT.md#plans-and-billing) looks at, for one user. */
export async function masteryStanding(db: Executor, userId: string): Promise<MasteryStanding> {
  const [row] = await readStanding(db, { userId });
  return standingFromRow(row);
}

/** docs/PRODUCT.md#plans-and-billing for a standing already read: whether it grants `feature`. */
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
 * Feature access (docs/PRODUCT.md#plans-and-billing), the one server-side check (the rule itself is `featureAccessGranted` in the
 * domain): a feature containing 'mastery' is granted by the shop's active or trial subscription, the
 * technician's active or trial personal Adaptive Mastery subscription, or an active Stripe one; any other
 * feature needs a shop on an active or trial plan whose features name it. An unknown user has no access.
 */
export async function hasFeatureAccess(db: Executor, userId: string, feature: string): Promise<boolean> {
  return standingGrants(await masteryStanding(db, userId), feature);
}

/** Feature access (docs/PRODUCT.md#plans-and-billing) for 'mastery' (the mastery dashboard). */
export async function hasMasteryAccess(db: Executor, userId: string): Promise<boolean> {
  return hasFeatureAccess(db, userId, 'mastery');
}
