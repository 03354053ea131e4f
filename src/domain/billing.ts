import type { SubscriptionStatus } from './constants';

/** docs/PRODUCT.md#plans-and-billing: one billing period is one calendar month; more than 75 technicians means contact sales. */
export const CONTACT_SALES_ABOVE_TECHNICIANS = 75;
export const ADAPTIVE_MASTERY_PRICE_CENTS = 1999;
/** Where billing questions go (the Manage Billing note and the Terms of Service name it). */
export const SUPPORT_EMAIL = 'support@torqueprep.com';

/**
 * The mock card processor's test cards, after Stripe's (`BILLING_PROVIDER=mock`): `declined` is refused when
 * entered, `chargeFails` is accepted but every later charge on it fails (to reach past_due), and any other
 * valid number works, `approved` being the one to type. The payment page names them while payments are simulated.
 */
export const MOCK_TEST_CARDS = {
  approved: '4242424242424242',
  declined: '4000000000000002',
  chargeFails: '4000000000000341',
} as const;

/** Tier labels by max_technicians. */
export function tierLabel(maxTechnicians: number): string {
  if (maxTechnicians <= 5) return '1-5';
  if (maxTechnicians <= 15) return '6-15';
  if (maxTechnicians <= 20) return 'up to 20';
  if (maxTechnicians <= 30) return '16-30';
  if (maxTechnicians <= 40) return 'up to 40';
  return 'up to 75';
}

export function needsContactSales(technicians: number): boolean {
  return technicians > CONTACT_SALES_ABOVE_TECHNICIANS;
}

/** Plans are shown as whole dollars per month: 9900 → '$99'. */
export function wholeDollars(cents: number): string {
  return `$${Math.round(cents / 100)}`;
}

/** Plan badges. */
export function planBadge(planName: string): 'Most Popular' | 'Best Value' | null {
  if (planName === 'Professional') return 'Most Popular';
  if (planName === 'Enterprise') return 'Best Value';
  return null;
}

/** docs/PRODUCT.md#plans-and-billing: trial shows as Free Trial, any other status capitalised. */
export function subscriptionStatusLabel(status: string): string {
  if (status === 'trial') return 'Free Trial';
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The cancel button shows only when the status is active. */
export function canCancel(status: string): boolean {
  return status === 'active';
}

/**
 * A shop plan may also be cancelled during its free trial (ADR 0034, departing from the original
 * "only when active"): it ends at once and the card is never charged, since only a trial is first-charged.
 */
export function canCancelShopPlan(status: string): boolean {
  return status === 'active' || status === 'trial';
}

/**
 * Adds calendar months in UTC, clamping to the month's last day (31 Jan + 1 month = 28/29 Feb),
 * so a monthly period never skips a month.
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 24 * 60 * 60 * 1000);
}

/**
 * Whole days left in a trial, as the banner says it: any part of a day counts as a day, so the
 * last day reads "1 day left" until the moment the trial ends, then 0.
 */
export function trialDaysLeft(trialEnd: Date, now: Date): number {
  const ms = trialEnd.getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / (24 * 60 * 60 * 1000));
}

/** What the lifecycle job should do with a subscription at `now`. */
export type LifecycleAction = 'first-charge' | 'renew' | 'none';

export function lifecycleAction(
  sub: { status: SubscriptionStatus; trialEnd: Date | null; currentPeriodEnd: Date | null },
  now: Date,
): LifecycleAction {
  if (sub.status === 'trial' && sub.trialEnd && sub.trialEnd.getTime() <= now.getTime()) return 'first-charge';
  if (sub.status === 'active' && sub.currentPeriodEnd && sub.currentPeriodEnd.getTime() <= now.getTime()) {
    return 'renew';
  }
  return 'none';
}

/** Card brand from the leading digits, for the "Visa ending in 4242" line; the number itself is never kept. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Card';
}

/**
 * A shop plan's status from its Stripe subscription's (ADR 0033): trialing → trial; active → active;
 * a failed or unpaid renewal (past_due, unpaid, paused) → past_due; canceled or never paid
 * (incomplete_expired) → cancelled. `incomplete` (the first payment has not gone through) is no
 * subscription yet: null, and nothing is written.
 */
export function shopStatusFromStripe(status: string): SubscriptionStatus | null {
  switch (status) {
    case 'trialing':
      return 'trial';
    case 'active':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'cancelled';
    default:
      return null;
  }
}
