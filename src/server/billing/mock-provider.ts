import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { techSubscriptions } from '../db/schema';
import type { BillingProvider } from './provider';

/**
 * No network: checkout opens our own confirmation page (/app/adaptive-mastery/confirm), whose
 * "Confirm" completes the pending subscription on the server. There is no billing portal.
 */
export function mockBillingProvider(options: { db: Database; baseUrl: string }): BillingProvider {
  return {
    name: 'mock',
    async createMasteryCheckout({ userId }) {
      const session = `mock_cs_${randomBytes(16).toString('hex')}`;
      await options.db
        .insert(techSubscriptions)
        .values({ techId: userId, status: 'incomplete', provider: 'mock', providerSubscriptionId: session })
        .onConflictDoUpdate({
          target: techSubscriptions.techId,
          set: { status: 'incomplete', provider: 'mock', providerSubscriptionId: session, currentPeriodEnd: null },
          // An active personal subscription is never turned back into a pending checkout.
          setWhere: inArray(techSubscriptions.status, ['incomplete', 'past_due', 'cancelled']),
        });
      return { url: `${options.baseUrl}/app/adaptive-mastery/confirm?session=${session}` };
    },
    async billingPortalUrl() {
      return null;
    },
  };
}
