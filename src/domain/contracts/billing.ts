import { z } from 'zod';
import { SHOP_TYPES, SUBSCRIPTION_STATUSES } from '../constants';
import { US_STATE_CODES } from '../us-states';

export const EXPIRY_YEARS_AHEAD = 14;

/** Expiry year options: the current year plus 14 more. */
export function expiryYearOptions(now: Date): number[] {
  const year = now.getFullYear();
  return Array.from({ length: EXPIRY_YEARS_AHEAD + 1 }, (_, i) => year + i);
}

export const shopSetupRequestSchema = z.object({
  name: z
    .string({ message: 'messages.billing.shopNameRequired' })
    .trim()
    .min(1, 'messages.billing.shopNameRequired')
    .max(120, 'messages.billing.shopNameTooLong'),
  type: z.enum(SHOP_TYPES, { message: 'messages.billing.shopTypeRequired' }),
});
export type ShopSetupRequest = z.input<typeof shopSetupRequestSchema>;

const requiredText = (message: string, max = 200) => z.string({ message }).trim().min(1, message).max(max, message);

/**
 * The payment form. The form and the server parse with the same schema; `now` decides
 * what "expired" means (the card is valid through the end of its expiry month).
 */
export function paymentDetailsSchemaAt(now: () => Date) {
  return (
    z
      .object({
        cardholderName: requiredText('messages.billing.cardholderRequired', 120),
        // Shown grouped in fours while typing; the spaces are not part of the number.
        cardNumber: z
          .string({ message: 'messages.billing.cardNumberInvalid' })
          .transform((v) => v.replace(/ /g, ''))
          .pipe(z.string().regex(/^\d{13,16}$/, 'messages.billing.cardNumberInvalid')),
        expMonth: z.string({ message: 'messages.billing.expiryRequired' }),
        expYear: z.string({ message: 'messages.billing.expiryRequired' }),
        cvv: z.string({ message: 'messages.billing.cvvInvalid' }).regex(/^\d{3,4}$/, 'messages.billing.cvvInvalid'),
        address: requiredText('messages.billing.addressRequired'),
        city: requiredText('messages.billing.cityRequired', 100),
        state: z.enum(US_STATE_CODES, { message: 'messages.billing.stateRequired' }),
        zip: z
          .string({ message: 'messages.billing.zipInvalid' })
          .regex(/^[0-9-]{5,10}$/, 'messages.billing.zipInvalid'),
        acceptTerms: z.literal(true, { message: 'messages.billing.termsRequired' }),
      })
      // The expiry rules run even while other fields are invalid, so the form shows every message at once:
      // on whatever JSON arrived (null, a number…), which they read without throwing.
      .refine((value: RawExpiry | null) => expiryComplete(value, now()), {
        path: ['expMonth'],
        message: 'messages.billing.expiryRequired',
        when: () => true,
      })
      .refine((value: RawExpiry | null) => !expiryComplete(value, now()) || !expired(value, now()), {
        path: ['expMonth'],
        message: 'messages.billing.cardExpired',
        when: () => true,
      })
  );
}

type RawExpiry = { expMonth?: unknown; expYear?: unknown };

function expiryComplete(value: RawExpiry | null, today: Date): boolean {
  const month = String(value?.expMonth ?? '');
  const year = String(value?.expYear ?? '');
  return (
    /^\d{1,2}$/.test(month) &&
    Number(month) >= 1 &&
    Number(month) <= 12 &&
    /^\d{4}$/.test(year) &&
    Number(year) <= today.getFullYear() + EXPIRY_YEARS_AHEAD
  );
}

/** A card is valid through the end of its expiry month. */
function expired(value: RawExpiry | null, today: Date): boolean {
  const thisMonth = today.getFullYear() * 12 + today.getMonth();
  return Number(value?.expYear) * 12 + (Number(value?.expMonth) - 1) < thisMonth;
}

export const paymentDetailsSchema = paymentDetailsSchemaAt(() => new Date());
export type PaymentDetailsInput = z.input<typeof paymentDetailsSchema>;
export type PaymentDetails = z.output<typeof paymentDetailsSchema>;

export const startSubscriptionRequestSchema = z.object({
  planId: z.uuid('messages.billing.planRequired'),
  payment: paymentDetailsSchema,
});
export type StartSubscriptionRequest = z.input<typeof startSubscriptionRequestSchema>;

export const planSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  priceMonthlyCents: z.number().int(),
  maxTechnicians: z.number().int(),
  features: z.array(z.string()),
  shopType: z.enum(['independent', 'dealership', 'both']),
});

export const shopSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(SHOP_TYPES),
  shopCode: z.string(),
  trialEndsAt: z.string().nullable(),
});
export type ShopSummary = z.infer<typeof shopSummarySchema>;

/** `provider`: `mock` pays with the card form (docs/PRODUCT.md#plans-and-billing), `stripe` through Stripe Checkout (ADR 0033). */
export const plansResponseSchema = z.object({
  shop: shopSummarySchema,
  plans: z.array(planSchema),
  provider: z.enum(['mock', 'stripe']),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

export const subscriptionViewSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: planSchema,
  trialEnd: z.string().nullable(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** `stripe`: on Stripe Billing (ADR 0033), changed and cancelled in Stripe's customer portal. */
  provider: z.enum(['mock', 'stripe']),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const shopSubscriptionResponseSchema = z.object({
  shop: shopSummarySchema.nullable(),
  subscription: subscriptionViewSchema.nullable(),
});
export type ShopSubscriptionResponse = z.infer<typeof shopSubscriptionResponseSchema>;

/** The portal link (null without one) and the support note: English, and its `messages.*` id for the web. */
export const billingPortalResponseSchema = z.object({
  url: z.string().nullable(),
  message: z.string(),
  key: z.string(),
});
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;

/** A shop plan through Stripe Checkout (ADR 0033): the plan only; the card is entered on Stripe's page. */
export const shopCheckoutRequestSchema = z.object({ planId: z.uuid('messages.billing.planRequired') });
export type ShopCheckoutRequest = z.input<typeof shopCheckoutRequestSchema>;

// ---------------------------------------------------------------- Personal Adaptive Mastery

const techSubscriptionStatusSchema = z.enum(['trial', 'active', 'past_due', 'cancelled', 'incomplete']);

/** Where the browser goes to pay: Stripe Checkout, or our own confirmation page with the mock provider. */
export const checkoutResponseSchema = z.object({ url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const confirmCheckoutRequestSchema = z.object({
  session: z
    .string()
    .trim()
    .min(1, 'messages.billing.checkoutSessionMissing')
    .max(100, 'messages.billing.checkoutSessionUnknown'),
});

export const personalSubscriptionSchema = z.object({
  status: techSubscriptionStatusSchema,
  provider: z.enum(['mock', 'stripe']),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type PersonalSubscription = z.infer<typeof personalSubscriptionSchema>;

/**
 * The technician's Adaptive Mastery standing: `entitled` is the mastery access of docs/PRODUCT.md#plans-and-billing (shop or personal
 * subscription), `viaShop` says the shop's plan already covers it.
 */
export const adaptiveMasteryStatusSchema = z.object({
  priceCents: z.number().int(),
  provider: z.enum(['mock', 'stripe']),
  entitled: z.boolean(),
  viaShop: z.boolean(),
  subscription: personalSubscriptionSchema.nullable(),
});
export type AdaptiveMasteryStatus = z.infer<typeof adaptiveMasteryStatusSchema>;
