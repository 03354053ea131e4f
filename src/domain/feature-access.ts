import { masteryAccessGranted, type TechSubscriptionStatus } from './adaptive-mastery';
import type { SubscriptionStatus } from './constants';
import { isShopEntitled } from './gate';

/** Feature names a client may ask about: a word or two of letters, digits, spaces, '-' and '_'. */
export const FEATURE_NAME_PATTERN = /^[a-z0-9][a-z0-9 _-]{0,47}$/i;

export interface FeatureAccessInput {
  /** Null when the user has no shop. */
  shop: { status: SubscriptionStatus | null; planFeatures: readonly string[] } | null;
  personalStatus: TechSubscriptionStatus | null;
  /** The user's card-payment (Stripe) subscription status as Stripe names it, or null. */
  cardStatus: string | null;
}

/** Whether a feature name is one of the mastery features (docs/PRODUCT.md#plans-and-billing: the name contains 'mastery'). */
export function isMasteryFeature(feature: string): boolean {
  return feature.toLowerCase().includes('mastery');
}

/**
 * Feature access (docs/PRODUCT.md#plans-and-billing), the one rule every gated route and the client's upsell follow:
 * - a feature whose name contains 'mastery' (any case): the shop has an active or trial subscription,
 *   or the technician an active or trial personal one, or the user an active card-payment one;
 * - any other feature: the user's shop has an active or trial subscription whose plan lists a feature
 *   containing the name, case-insensitive; without a shop, no.
 */
export function featureAccessGranted(feature: string, input: FeatureAccessInput): boolean {
  if (isMasteryFeature(feature)) {
    return masteryAccessGranted({
      shopStatus: input.shop?.status ?? null,
      personalStatus: input.personalStatus,
      cardStatus: input.cardStatus,
    });
  }
  if (!input.shop || !isShopEntitled(input.shop.status)) return false;
  const wanted = feature.trim().toLowerCase();
  if (!wanted) return false;
  return input.shop.planFeatures.some((f) => f.toLowerCase().includes(wanted));
}
