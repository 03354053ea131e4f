import { describe, expect, it } from 'vitest';
import {
  checkoutAlert,
  checkoutErrorMessage,
  isPersonalEntitled,
  masteryAccessGranted,
  TECH_SUBSCRIPTION_STATUSES,
  techStatusFromStripe,
} from './adaptive-mastery';
import { SUBSCRIPTION_STATUSES } from './constants';

describe('checkout error messages (SPEC §8)', () => {
  it('replaces a Stripe "No such price" error with the not-configured message', () => {
    expect(checkoutErrorMessage("No such price: 'price_missing'")).toBe(
      'The subscription product is not configured yet. Please contact the administrator to enable subscriptions.',
    );
    expect(checkoutErrorMessage('Request failed: no such price')).toMatch(
      /^The subscription product is not configured/,
    );
  });
  it('defaults to "Failed to create checkout session" when there is no message', () => {
    expect(checkoutErrorMessage(undefined)).toBe('Failed to create checkout session');
    expect(checkoutErrorMessage(null)).toBe('Failed to create checkout session');
    expect(checkoutErrorMessage('  ')).toBe('Failed to create checkout session');
  });
  it('passes other messages through', () => {
    expect(checkoutErrorMessage('No checkout URL returned')).toBe('No checkout URL returned');
    expect(checkoutErrorMessage('Your card was declined.')).toBe('Your card was declined.');
  });
  it('prefixes the alert with "Error starting subscription:"', () => {
    expect(checkoutAlert('No checkout URL returned')).toBe('Error starting subscription: No checkout URL returned');
    expect(checkoutAlert("No such price: 'x'")).toBe(
      'Error starting subscription: The subscription product is not configured yet. Please contact the administrator to enable subscriptions.',
    );
    expect(checkoutAlert('')).toBe('Error starting subscription: Failed to create checkout session');
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

describe('mastery feature access (SPEC §6)', () => {
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
