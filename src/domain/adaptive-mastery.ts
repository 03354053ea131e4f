import { ENTITLED_SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './constants';

/** The personal Adaptive Mastery subscription's statuses (tech_subscriptions.status). */
export const TECH_SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'cancelled', 'incomplete'] as const;
export type TechSubscriptionStatus = (typeof TECH_SUBSCRIPTION_STATUSES)[number];

/** docs/PRODUCT.md#plans-and-billing: active and trial entitle, for the personal subscription as for the shop's. */
export function isPersonalEntitled(status: TechSubscriptionStatus | null): boolean {
  return status === 'active' || status === 'trial';
}

/**
 * A Stripe subscription status as ours (ADR 0007). `paused` (a trial that ended without a card) and
 * statuses Stripe may add later do not entitle: paused is recoverable like past_due, anything unknown
 * waits as incomplete until a later event says more.
 */
export function techStatusFromStripe(status: string): TechSubscriptionStatus {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trial';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'cancelled';
    default:
      return 'incomplete';
  }
}

export interface MasteryAccessInput {
  /** The status of the subscription of the user's shop, or null without a shop or subscription. */
  shopStatus: SubscriptionStatus | null;
  /** The technician's personal Adaptive Mastery status, or null when they never subscribed. */
  personalStatus: TechSubscriptionStatus | null;
  /** The user's Stripe (card-payment) subscription status as Stripe names it, or null. */
  cardStatus: string | null;
}

/**
 * Feature access (docs/PRODUCT.md#plans-and-billing) for a feature whose name contains 'mastery': the shop has an active or trial
 * subscription, or the technician an active or trial personal one, or an active card-payment one
 * (for that one only active counts).
 */
export function masteryAccessGranted(input: MasteryAccessInput): boolean {
  return (
    (input.shopStatus !== null && ENTITLED_SUBSCRIPTION_STATUSES.includes(input.shopStatus)) ||
    isPersonalEntitled(input.personalStatus) ||
    input.cardStatus === 'active'
  );
}

/** The catalogue message of a failed checkout: Stripe's "No such price" means the product is not set up yet. */
export function checkoutFailure(reason: string | null | undefined) {
  return /no such price/i.test(reason ?? '')
    ? ('CHECKOUT_FAILED.productNotConfigured' as const)
    : ('CHECKOUT_FAILED' as const);
}
