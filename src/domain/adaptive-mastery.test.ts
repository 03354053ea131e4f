import { describe, expect, it } from 'vitest';
import {
  checkoutFailure,
  isPersonalEntitled,
  masteryAccessGranted,
  TECH_SUBSCRIPTION_STATUSES,
  techStatusFromStripe,
} from './adaptive-mastery';
import { SUBSCRIPTION_STATUSES } from './constants';

describe('checkout failures', () => {
  it('names the not-configured message for a Stripe "No such price" error', () => {
    expect(checkoutFailure("No such price: 'price_missing'")).toBe('CHECKOUT_FAILED.productNotConfigured');
    expect(checkoutFailure('Request failed: no such price')).toBe('CHECKOUT_FAILED.productNotConfigured');
  });
  it('names the plain checkout failure otherwise', () => {
    expect(checkoutFailure(undefined)).toBe('CHECKOUT_FAILED');
    expect(checkoutFailure('Your card was declined.')).toBe('CHECKOUT_FAILED');
  });
});

describe('Stripe subscription statuses', () => {
  it.each([
    ['active', 'active'],
    ['trialing', 'trial'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['paused', 'past_due'],
    ['canceled', 'cancelled'],
    ['incomplete_expired', 'cancelled'],
    ['incomplete', 'incomplete'],
    ['something_new', 'incomplete'],
  ])('%s → %s', (stripe, ours) => {
    expect(techStatusFromStripe(stripe)).toBe(ours);
  });
  it('entitles only the Stripe statuses that map to active or trial', () => {
    const entitled = ['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired']
      .filter((s) => isPersonalEntitled(techStatusFromStripe(s)))
      .sort();
    expect(entitled).toEqual(['active', 'trialing']);
  });
});

describe('mastery feature access', () => {
  const none = { shopStatus: null, personalStatus: null, cardStatus: null } as const;
  it('is denied without any subscription', () => {
    expect(masteryAccessGranted(none)).toBe(false);
  });
  it.each(SUBSCRIPTION_STATUSES)('shop subscription %s', (status) => {
    expect(masteryAccessGranted({ ...none, shopStatus: status })).toBe(status === 'active' || status === 'trial');
  });
  it.each(TECH_SUBSCRIPTION_STATUSES)('personal subscription %s', (status) => {
    expect(masteryAccessGranted({ ...none, personalStatus: status })).toBe(status === 'active' || status === 'trial');
  });
  it('counts a card-payment subscription only when active', () => {
    expect(masteryAccessGranted({ ...none, cardStatus: 'active' })).toBe(true);
    expect(masteryAccessGranted({ ...none, cardStatus: 'trialing' })).toBe(false);
    expect(masteryAccessGranted({ ...none, cardStatus: 'past_due' })).toBe(false);
  });
  it('grants through either side when the other has lapsed', () => {
    expect(masteryAccessGranted({ shopStatus: 'past_due', personalStatus: 'active', cardStatus: null })).toBe(true);
    expect(masteryAccessGranted({ shopStatus: 'trial', personalStatus: 'cancelled', cardStatus: 'canceled' })).toBe(
      true,
    );
  });
});
