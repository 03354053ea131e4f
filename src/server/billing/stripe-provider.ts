import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../db/client';
import { stripeCustomers } from '../db/schema';
import { type BillingProvider, CheckoutError } from './provider';

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

export function stripeBillingProvider(options: { stripe: Stripe; db: Database; priceId: string }): BillingProvider {
  const { stripe, db, priceId } = options;
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
        if (error instanceof Stripe.errors.StripeError) throw new CheckoutError(error.message);
        throw error;
      }
    },
    async billingPortalUrl({ userId, returnUrl }) {
      const [row] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
      if (!row) return null;
      const portal = await stripe.billingPortal.sessions.create({ customer: row.customerId, return_url: returnUrl });
      return portal.url;
    },
  };
}
