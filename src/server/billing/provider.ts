/**
 * The personal Adaptive Mastery checkout and the billing portal go through a provider:
 * `mock` (default, no network) or `stripe` (Checkout Sessions and the customer portal). With Stripe,
 * shop plans are paid through Stripe Checkout too (ADR 0033); the mock keeps the shop card form.
 */
export interface BillingProvider {
  readonly name: 'mock' | 'stripe';
  /** Starts a subscription checkout; the browser is sent to the returned URL. */
  createMasteryCheckout(input: {
    userId: string;
    email: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string | null }>;
  /**
   * Stripe only: a subscription-mode Checkout for a shop plan, with the 14-day trial when `trialDays`
   * is given. The mock has none: its shops pay with the card form (ADR 0005).
   */
  createShopCheckout?(input: {
    managerId: string;
    email: string;
    shopId: string;
    planId: string;
    planCode: string;
    trialDays: number | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string | null }>;
  /** A hosted page where the user manages their billing, or null when there is none. */
  billingPortalUrl(input: { userId: string; returnUrl: string }): Promise<string | null>;
}

/** The provider refused the request (an unknown price, a session without a URL): answered 502. */
export class CheckoutError extends Error {
  override name = 'CheckoutError';
}

/** The provider could not be reached or failed on its side (network, 5xx, rate limit): answered 503. */
export class PaymentProviderUnavailableError extends Error {
  override name = 'PaymentProviderUnavailableError';
}
