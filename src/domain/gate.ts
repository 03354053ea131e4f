import { ENTITLED_SUBSCRIPTION_STATUSES, type Role, type SubscriptionStatus } from './constants';
import type { ExperienceLevel } from './experience';

/** What the signed-in user must see next, in the order of docs/PRODUCT.md#gate. */
export const GATE_STEPS = [
  'setting-up',
  'experience-survey',
  'shop-setup',
  'choose-plan',
  'subscription-required',
  'tech-dashboard',
  'manager-dashboard',
] as const;
export type GateStep = (typeof GATE_STEPS)[number];

export interface GateInput {
  role: Role | null;
  experienceLevel: ExperienceLevel | null;
  shopId: string | null;
  subscriptionStatus: SubscriptionStatus | null;
}

export function isShopEntitled(status: SubscriptionStatus | null): boolean {
  return status !== null && ENTITLED_SUBSCRIPTION_STATUSES.includes(status);
}

/**
 * Manager onboarding (docs/PRODUCT.md#gate): no shop → shop setup, then plan choice (and payment), then the dashboard. The
 * subscription-required padlock is for a shop whose subscription lapsed or was cancelled, not for a
 * manager who has just signed up and has not had a subscription yet.
 */
export function gateStep(input: GateInput): GateStep {
  if (input.role === null) return 'setting-up';
  if (input.role === 'tech') return input.experienceLevel === null ? 'experience-survey' : 'tech-dashboard';
  if (input.shopId === null) return 'shop-setup';
  if (input.subscriptionStatus === null) return 'choose-plan';
  if (!isShopEntitled(input.subscriptionStatus)) return 'subscription-required';
  return 'manager-dashboard';
}
