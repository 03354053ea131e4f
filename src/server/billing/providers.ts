import type { Config } from '../config';
import type { Database } from '../db/client';
import { mockBillingProvider } from './mock-provider';
import type { BillingProvider } from './provider';
import { createStripeClient, stripeBillingProvider } from './stripe-provider';

/** BILLING_PROVIDER picks the provider; config.ts already demands the Stripe keys for `stripe`. */
export function createBillingProvider(config: Config, db: Database): BillingProvider {
  if (config.BILLING_PROVIDER === 'stripe' && config.STRIPE_SECRET_KEY && config.STRIPE_PRICE_ADAPTIVE_MASTERY) {
    return stripeBillingProvider({
      stripe: createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_URL),
      db,
      priceId: config.STRIPE_PRICE_ADAPTIVE_MASTERY,
      shopPrices: config.STRIPE_PRICE_SHOP_PLANS,
    });
  }
  return mockBillingProvider({ db, baseUrl: config.BASE_URL });
}
