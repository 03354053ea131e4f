import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../db/client';
import { stripeCustomers } from '../db/schema';
import { type BillingProvider, CheckoutError, PaymentProviderUnavailableError } from './provider';

/**
 * The official SDK. `apiUrl` points it at another host (a local fake in tests, or stripe-mock);
 * by default it talks to api.stripe.com.
 */
export function createStripeClient(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** The user's Stripe customer, created on first checkout and remembered in stripe_customers. */
async function customerFor(stripe: Stripe, db: Database, userId: string, email: string): Promise<string> {
  const [existing] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
  if (existing) return existing.customerId;
  // The idempotency key makes two checkouts racing for a new user create one Stripe customer.
  const customer = await stripe.customers.create(
    { email, metadata: { user_id: userId } },
    { idempotencyKey: `torqueprep-customer-${userId}` },
  );
  await db.insert(stripeCustomers).values({ userId, customerId: customer.id }).onConflictDoNothing();
  const [row] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
  return row?.customerId ?? customer.id;
}

/**
 * A Stripe failure in the provider's terms: Stripe unreachable, failing on its side or rate-limiting us
 * is PaymentProviderUnavailableError (503, try again); any other refusal is CheckoutError (502).
 */
function providerError(error: unknown): unknown {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return new PaymentProviderUnavailableError(error.message);
  }
  if (error instanceof Stripe.errors.StripeError) return new CheckoutError(error.message);
  return error;
}

export function stripeBillingProvider(options: {
  stripe: Stripe;
  db: Database;
  priceId: string;
  /** Stripe price id by shop plan code (STRIPE_PRICE_SHOP_PLANS). */
  shopPrices: Record<string, string>;
}): BillingProvider {
  const { stripe, db, priceId, shopPrices } = options;
  return {
    name: 'stripe',
    async createMasteryCheckout({ userId, email, successUrl, cancelUrl }) {
      try {
        const customer = await customerFor(stripe, db, userId, email);
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: userId,
          line_items: [{ price: priceId, quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata: { user_id: userId },
          subscription_data: { metadata: { user_id: userId } },
        });
        return { url: session.url };
      } catch (error) {
        throw providerError(error);
      }
    },
    async createShopCheckout({ managerId, email, shopId, planId, planCode, trialDays, successUrl, cancelUrl }) {
      const price = shopPrices[planCode];
      // Read like Stripe's own answer, so the page says the product is not configured yet.
      if (!price) throw new CheckoutError(`No such price for the ${planCode} plan`);
      // The shop and plan ride on the session and the subscription: the webhook finds the shop by them.
      const metadata = { shop_id: shopId, plan_id: planId, manager_id: managerId };
      try {
        const customer = await customerFor(stripe, db, managerId, email);
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: shopId,
          line_items: [{ price, quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata,
          subscription_data: { metadata, ...(trialDays ? { trial_period_days: trialDays } : {}) },
        });
        return { url: session.url };
      } catch (error) {
        throw providerError(error);
      }
    },
    async billingPortalUrl({ userId, returnUrl }) {
      const [row] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
      if (!row) return null;
      try {
        const portal = await stripe.billingPortal.sessions.create({ customer: row.customerId, return_url: returnUrl });
        return portal.url;
      } catch (error) {
        throw providerError(error);
      }
    },
  };
}
