import { describe, expect, it } from 'vitest';
import {
  expiryYearOptions,
  paymentDetailsSchemaAt,
  shopSetupRequestSchema,
  startSubscriptionRequestSchema,
} from './billing';

// 10 June 2026 (local time): "this month" is June 2026.
const now = new Date(2026, 5, 10, 12, 0, 0);
const schema = paymentDetailsSchemaAt(() => now);
const valid = {
  cardholderName: 'Max Manager',
  cardNumber: '4242 4242 4242 4242',
  expMonth: '06',
  expYear: '2026',
  cvv: '123',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  acceptTerms: true,
};
const messages = (overrides: Record<string, unknown>) => {
  const result = schema.safeParse({ ...valid, ...overrides });
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('payment form rules', () => {
  it('accepts a valid form and strips the display grouping from the card number', () => {
    const parsed = schema.parse(valid);
    expect(parsed.cardNumber).toBe('4242424242424242');
  });
  it('requires the cardholder name', () => {
    expect(messages({ cardholderName: '  ' })).toEqual(['messages.billing.cardholderRequired']);
  });
  it.each([
    ['1'.repeat(12), false],
    ['1'.repeat(13), true],
    ['1'.repeat(16), true],
    ['1'.repeat(17), false],
    ['4242-4242-4242-4242', false],
    ['4242abcd42424242', false],
    ['', false],
  ])('card number %s valid: %s', (cardNumber, ok) => {
    expect(messages({ cardNumber })).toEqual(ok ? [] : ['messages.billing.cardNumberInvalid']);
  });
  it('requires both expiry month and year', () => {
    expect(messages({ expMonth: '' })).toEqual(['messages.billing.expiryRequired']);
    expect(messages({ expYear: '' })).toEqual(['messages.billing.expiryRequired']);
    expect(messages({ expMonth: '13' })).toEqual(['messages.billing.expiryRequired']);
  });
  it('accepts this month and refuses last month as expired', () => {
    expect(messages({ expMonth: '06', expYear: '2026' })).toEqual([]);
    expect(messages({ expMonth: '05', expYear: '2026' })).toEqual(['messages.billing.cardExpired']);
    expect(messages({ expMonth: '12', expYear: '2025' })).toEqual(['messages.billing.cardExpired']);
  });
  it('offers the current year plus 14 more, and refuses years beyond them', () => {
    const years = expiryYearOptions(now);
    expect(years[0]).toBe(2026);
    expect(years).toHaveLength(15);
    expect(years.at(-1)).toBe(2040);
    expect(messages({ expYear: '2040' })).toEqual([]);
    expect(messages({ expYear: '2041' })).toEqual(['messages.billing.expiryRequired']);
  });
  it.each([
    ['12', false],
    ['123', true],
    ['1234', true],
    ['12345', false],
    ['12a', false],
  ])('CVV %s valid: %s', (cvv, ok) => {
    expect(messages({ cvv })).toEqual(ok ? [] : ['messages.billing.cvvInvalid']);
  });
  it('requires address and city', () => {
    expect(messages({ address: ' ' })).toEqual(['messages.billing.addressRequired']);
    expect(messages({ city: '' })).toEqual(['messages.billing.cityRequired']);
  });
  it('requires one of the 50 states', () => {
    expect(messages({ state: '' })).toEqual(['messages.billing.stateRequired']);
    expect(messages({ state: 'DC' })).toEqual(['messages.billing.stateRequired']);
    expect(messages({ state: 'WY' })).toEqual([]);
  });
  it.each([
    ['1234', false],
    ['12345', true],
    ['12345-6789', true],
    ['12345-67890', false],
    ['1234a', false],
  ])('ZIP %s valid: %s', (zip, ok) => {
    expect(messages({ zip })).toEqual(ok ? [] : ['messages.billing.zipInvalid']);
  });
  it('requires the terms checkbox', () => {
    expect(messages({ acceptTerms: false })).toEqual(['messages.billing.termsRequired']);
  });
  it('reports every message at once for an empty form', () => {
    const all = messages({
      cardholderName: '',
      cardNumber: '',
      expMonth: '',
      expYear: '',
      cvv: '',
      address: '',
      city: '',
      state: '',
      zip: '',
      acceptTerms: false,
    });
    expect(all).toEqual(
      expect.arrayContaining([
        'messages.billing.cardholderRequired',
        'messages.billing.cardNumberInvalid',
        'messages.billing.expiryRequired',
        'messages.billing.cvvInvalid',
        'messages.billing.addressRequired',
        'messages.billing.cityRequired',
        'messages.billing.stateRequired',
        'messages.billing.zipInvalid',
        'messages.billing.termsRequired',
      ]),
    );
  });
});

describe('shop setup rules', () => {
  it('requires a trimmed name and a type', () => {
    expect(shopSetupRequestSchema.parse({ name: '  Joe Garage ', type: 'independent' }).name).toBe('Joe Garage');
    const r = shopSetupRequestSchema.safeParse({ name: '   ', type: 'independent' });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['messages.billing.shopNameRequired']);
    expect(shopSetupRequestSchema.safeParse({ name: 'A', type: 'mobile' }).success).toBe(false);
  });
});

describe('any JSON value', () => {
  it.each([null, undefined, 0, 'card', [], [valid], true])(
    'the payment form answers %j with issues, never by throwing',
    (input) => {
      expect(schema.safeParse(input).success).toBe(false);
    },
  );
  it.each([{}, { planId: 'x' }, { planId: '8d5c3c8e-0a4b-4a57-9a55-2f0e4ad2c0a1', payment: null }, null, []])(
    'the subscription request answers %j with issues',
    (input) => {
      expect(startSubscriptionRequestSchema.safeParse(input).success).toBe(false);
    },
  );
});
