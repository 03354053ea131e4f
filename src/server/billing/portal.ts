import { SUPPORT_EMAIL } from '../../domain/billing';
import type { BillingPortalResponse } from '../../domain/contracts/billing';
import { AppError } from '../errors';
import { messageReply } from '../messages';
import { type BillingProvider, CheckoutError } from './provider';

/**
 * The Manage Billing answer for the technician's and the shop's pages: a Stripe customer portal link
 * (null without one) and the support note. Stripe refusing answers 502; Stripe unreachable reaches the
 * error handler as PaymentProviderUnavailableError and answers 503 with Retry-After.
 */
export async function billingPortalLink(
  provider: BillingProvider,
  input: { userId: string; returnUrl: string },
): Promise<BillingPortalResponse> {
  try {
    const url = await provider.billingPortalUrl(input);
    return { url, ...messageReply('messages.billing.manageBilling', { email: SUPPORT_EMAIL }) };
  } catch (error) {
    if (error instanceof CheckoutError) throw new AppError('BILLING_PORTAL_FAILED', 502);
    throw error;
  }
}
