import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import {
  adaptiveMasteryStatusSchema,
  billingPortalResponseSchema,
  checkoutResponseSchema,
  confirmCheckoutRequestSchema,
  personalSubscriptionSchema,
} from '../../../domain/contracts/billing';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { requireRole } from '../../authz';
import { billingPortalLink } from '../../billing/portal';
import { AppError } from '../../errors';
import { cancelPersonalSubscription, confirmMockCheckout, getMasteryStatus, startMasteryCheckout } from './service';
import { processStripeEvent, withoutNulCharacters } from './stripe-webhook';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };
const TAGS = ['adaptive-mastery'];

/** Subscribing without a session answers 'Please log in to subscribe.' */
async function requireTechToSubscribe(request: FastifyRequest, reply: FastifyReply) {
  try {
    return await requireRole(request, reply, 'tech');
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 401) {
      throw new AppError('UNAUTHENTICATED.subscribe', 401);
    }
    throw error;
  }
}

/** What the webhook reads of every event (the rest is each type's own, read where it is applied). */
const stripeEventShape = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** The technician's personal Adaptive Mastery subscription ($19.99/month): status, checkout, cancel, portal. */
export async function adaptiveMasteryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/adaptive-mastery/subscription',
    {
      schema: {
        tags: TAGS,
        summary: "The technician's Adaptive Mastery access (shop plan or personal subscription) and subscription",
        response: { 200: adaptiveMasteryStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return getMasteryStatus(app.db, app.billing.provider, profile.id);
    },
  );

  app.post(
    '/api/v1/adaptive-mastery/checkout',
    {
      schema: {
        tags: TAGS,
        summary:
          'Start the $19.99/month checkout: a Stripe Checkout Session URL, or the mock confirmation page. Return URLs are built from BASE_URL.',
        response: {
          200: checkoutResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
          503: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const profile = await requireTechToSubscribe(request, reply);
      // Each checkout is a session at the payment provider: limited per user.
      await app.limitCreation(request, reply, 'checkout', profile.id);
      return startMasteryCheckout(app.db, app.billing.provider, profile, app.config.BASE_URL);
    },
  );

  app.post(
    '/api/v1/adaptive-mastery/checkout/confirm',
    {
      schema: {
        tags: TAGS,
        summary: "Mock provider only: confirm the technician's own pending checkout session (active for one month)",
        body: confirmCheckoutRequestSchema,
        response: {
          200: z.object({ subscription: personalSubscriptionSchema }),
          400: errorResponseSchema,
          404: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const profile = await requireTechToSubscribe(request, reply);
      if (app.billing.provider.name !== 'mock') throw new AppError('NOT_FOUND.checkoutSession', 404);
      const subscription = await confirmMockCheckout(app.db, profile.id, request.body.session, app.billing.clock.now());
      return { subscription };
    },
  );

  app.post(
    '/api/v1/adaptive-mastery/subscription/cancel',
    {
      schema: {
        tags: TAGS,
        summary: 'Cancel the active personal subscription (mock provider; Stripe ones are cancelled in the portal)',
        response: {
          200: z.object({ subscription: personalSubscriptionSchema }),
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'tech');
      return { subscription: await cancelPersonalSubscription(app.db, profile.id) };
    },
  );

  app.post(
    '/api/v1/adaptive-mastery/billing-portal',
    {
      schema: {
        tags: TAGS,
        summary: 'A Stripe customer portal link for the technician, or null with how to reach support',
        response: { 200: billingPortalResponseSchema, 502: errorResponseSchema, 503: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'tech');
      return billingPortalLink(app.billing.provider, {
        userId: profile.id,
        returnUrl: `${app.config.BASE_URL}/app/adaptive-mastery`,
      });
    },
  );

  // Stripe signs the exact bytes it sends, so this route alone reads its body raw (the parser is
  // registered in this child context and does not reach any other route).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/v1/webhooks/stripe',
      {
        schema: {
          tags: ['webhooks'],
          summary:
            'Stripe webhook: verifies the Stripe-Signature header, then applies checkout.session.completed and customer.subscription.* (personal and shop plans) once per event id',
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            400: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request) => {
        const secret = app.config.STRIPE_WEBHOOK_SECRET;
        if (app.config.BILLING_PROVIDER !== 'stripe' || !secret) {
          throw new AppError('NOT_FOUND.webhooks', 404);
        }
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw new AppError('BAD_SIGNATURE.missing', 400);
        }
        let event: Stripe.Event;
        try {
          event = Stripe.webhooks.constructEvent(request.body, signature, secret);
        } catch {
          throw new AppError('BAD_SIGNATURE', 400);
        }
        // Signed, but only the secret's holder vouches for its shape: an event without an id, a type, a
        // time and an object is refused, not a 500 for Stripe to retry for days.
        if (!stripeEventShape.safeParse(event).success) throw new AppError('BAD_EVENT', 400);
        // The event is Stripe's own (signed): a NUL in one of its texts, which PostgreSQL cannot store, is
        // dropped rather than refused, or Stripe would retry a 400 for days.
        const outcome = await processStripeEvent(
          app.db,
          withoutNulCharacters(event),
          app.config.STRIPE_PRICE_SHOP_PLANS,
        );
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
        return { received: true as const, duplicate: outcome === 'duplicate' };
      },
    );
  });
}
