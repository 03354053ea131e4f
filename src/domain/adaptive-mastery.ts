import { BILLING_MESSAGES } from './billing';
import { ENTITLED_SUBSCRIPTION_STATUSES, type SubscriptionStatus } from './constants';

/** The personal Adaptive Mastery subscription's statuses (tech_subscriptions.status). */
export const TECH_SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'cancelled', 'incomplete'] as const;
export type TechSubscriptionStatus = (typeof TECH_SUBSCRIPTION_STATUSES)[number];

/** SPEC §4/§6: active and trial entitle, for the personal subscription as for the shop's. */
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
 * SPEC §6 feature access for a feature whose name contains 'mastery': the shop has an active or trial
 * subscription, or the technician an active or trial personal one, or an active card-payment one
 * (for that one only active counts, SPEC §4).
 */
export function masteryAccessGranted(input: MasteryAccessInput): boolean {
  return (
    (input.shopStatus !== null && ENTITLED_SUBSCRIPTION_STATUSES.includes(input.shopStatus)) ||
    isPersonalEntitled(input.personalStatus) ||
    input.cardStatus === 'active'
  );
}

/**
 * SPEC §8 Checkout: the message shown after 'Error starting subscription:'. A Stripe "No such price"
 * means the product is not set up, which the user cannot fix; an empty reason gets the default.
 */
export function checkoutErrorMessage(reason: string | null | undefined): string {
  const text = reason?.trim();
  if (!text) return BILLING_MESSAGES.checkoutFailed;
  if (/no such price/i.test(text)) return BILLING_MESSAGES.productNotConfigured;
  return text;
}

/** The whole alert line of SPEC §8: 'Error starting subscription: ' plus the message. */
export function checkoutAlert(reason: string | null | undefined): string {
  return `${BILLING_MESSAGES.checkoutAlertPrefix} ${checkoutErrorMessage(reason)}`;
}
