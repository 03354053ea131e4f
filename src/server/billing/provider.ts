/**
 * The personal Adaptive Mastery checkout and the billing portal go through a provider:
 * `mock` (default, no network) or `stripe` (Checkout Sessions and the customer portal).
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
  /** A hosted page where the user manages their billing, or null when there is none. */
  billingPortalUrl(input: { userId: string; returnUrl: string }): Promise<string | null>;
}

export class CheckoutError extends Error {
  override name = 'CheckoutError';
}
