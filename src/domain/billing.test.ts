import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  canCancel,
  canCancelShopPlan,
  cardBrand,
  lifecycleAction,
  needsContactSales,
  planBadge,
  shopStatusFromStripe,
  subscriptionStatusLabel,
  tierLabel,
  trialDaysLeft,
  wholeDollars,
} from './billing';

describe('tier labels by plan size', () => {
  it.each([
    [5, '1-5'],
    [6, '6-15'],
    [15, '6-15'],
    [16, 'up to 20'],
    [20, 'up to 20'],
    [21, '16-30'],
    [30, '16-30'],
    [31, 'up to 40'],
    [40, 'up to 40'],
    [41, 'up to 75'],
    [75, 'up to 75'],
    [76, 'up to 75'],
  ])('%i technicians → %s', (max, label) => {
    expect(tierLabel(max)).toBe(label);
  });
  it('asks more than 75 technicians to contact sales', () => {
    expect(needsContactSales(75)).toBe(false);
    expect(needsContactSales(76)).toBe(true);
  });
});

describe('prices, badges and labels', () => {
  it('shows plans in whole dollars per month', () => {
    expect(wholeDollars(9900)).toBe('$99');
    expect(wholeDollars(29900)).toBe('$299');
  });
  it('marks Professional Most Popular and Enterprise Best Value', () => {
    expect(planBadge('Professional')).toBe('Most Popular');
    expect(planBadge('Enterprise')).toBe('Best Value');
    expect(planBadge('Starter')).toBeNull();
  });
  it('labels trial as Free Trial and capitalises the rest', () => {
    expect(subscriptionStatusLabel('trial')).toBe('Free Trial');
    expect(subscriptionStatusLabel('active')).toBe('Active');
    expect(subscriptionStatusLabel('cancelled')).toBe('Cancelled');
    expect(subscriptionStatusLabel('past_due')).toBe('Past due');
  });
  it('offers cancel only when active', () => {
    expect(canCancel('active')).toBe(true);
    for (const s of ['trial', 'past_due', 'cancelled']) expect(canCancel(s)).toBe(false);
    // A shop plan can also be cancelled online during its free trial.
    for (const s of ['active', 'trial']) expect(canCancelShopPlan(s)).toBe(true);
    for (const s of ['past_due', 'cancelled']) expect(canCancelShopPlan(s)).toBe(false);
  });
  it('knows common card brands from their prefix', () => {
    expect(cardBrand('4242424242424242')).toBe('Visa');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('9999999999999')).toBe('Card');
  });
});

describe('billing periods', () => {
  it('adds calendar months and clamps to the last day', () => {
    expect(addMonths(new Date('2026-01-15T10:00:00Z'), 1).toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-12-10T00:00:00Z'), 1).toISOString()).toBe('2027-01-10T00:00:00.000Z');
  });
  it('charges a trial at its end, not a second before', () => {
    const trialEnd = new Date('2026-03-15T00:00:00Z');
    const sub = { status: 'trial' as const, trialEnd, currentPeriodEnd: null };
    expect(lifecycleAction(sub, new Date(trialEnd.getTime() - 1))).toBe('none');
    expect(lifecycleAction(sub, trialEnd)).toBe('first-charge');
  });
  it('renews an active subscription at its period end; leaves cancelled and past_due alone', () => {
    const end = new Date('2026-04-15T00:00:00Z');
    expect(
      lifecycleAction({ status: 'active', trialEnd: null, currentPeriodEnd: end }, new Date(end.getTime() - 1)),
    ).toBe('none');
    expect(lifecycleAction({ status: 'active', trialEnd: null, currentPeriodEnd: end }, end)).toBe('renew');
    expect(lifecycleAction({ status: 'cancelled', trialEnd: end, currentPeriodEnd: end }, end)).toBe('none');
    expect(lifecycleAction({ status: 'past_due', trialEnd: end, currentPeriodEnd: end }, end)).toBe('none');
  });
});

describe('trialDaysLeft (the trial banner)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('counts a started day as a day, down to 0 when the trial ends', () => {
    expect(trialDaysLeft(addDays(now, 14), now)).toBe(14);
    expect(trialDaysLeft(new Date(now.getTime() + 1), now)).toBe(1);
    expect(trialDaysLeft(new Date(now.getTime() + 24 * 3600 * 1000 + 1), now)).toBe(2);
    expect(trialDaysLeft(now, now)).toBe(0);
    expect(trialDaysLeft(addDays(now, -3), now)).toBe(0);
  });
});

describe('shopStatusFromStripe (shop plans on Stripe Billing)', () => {
  it('maps Stripe subscription statuses onto the shop lifecycle', () => {
    expect(shopStatusFromStripe('trialing')).toBe('trial');
    expect(shopStatusFromStripe('active')).toBe('active');
    for (const failed of ['past_due', 'unpaid', 'paused']) expect(shopStatusFromStripe(failed)).toBe('past_due');
    for (const ended of ['canceled', 'incomplete_expired']) expect(shopStatusFromStripe(ended)).toBe('cancelled');
  });
  it('writes nothing for a subscription whose first payment has not gone through', () => {
    expect(shopStatusFromStripe('incomplete')).toBeNull();
    expect(shopStatusFromStripe('something_new')).toBeNull();
  });
});
