import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingPortalResponseSchema,
  checkoutResponseSchema,
  plansResponseSchema,
  shopCheckoutRequestSchema,
  shopSetupRequestSchema,
  shopSubscriptionResponseSchema,
  shopSummarySchema,
  startSubscriptionRequestSchema,
  subscriptionViewSchema,
} from '../../../domain/contracts/billing';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { requireEntitledManager, requireRole } from '../../authz';
import { billingPortalLink } from '../../billing/portal';
import { AppError } from '../../errors';
import { publicPlanRoutes } from './public-plans';
import {
  cancelShopSubscription,
  getShopSubscription,
  listPlansForShop,
  loadManagerShop,
  setUpShop,
  startShopSubscription,
  toShopSummary,
} from './service';
import { startShopCheckout } from './stripe-shop';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * Shop setup, plans and the shop subscription. Setup, plans, payment and the subscription panel are
 * what a manager at the subscription gate may use to get through it (docs/PRODUCT.md#gate); cancelling and the
 * billing portal need an entitled shop like every other manager route.
 */
export async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The plans anyone may see (the public plans page, ADR 0028).
  await app.register(publicPlanRoutes);

  app.post(
    '/api/v1/shops',
    {
      schema: {
        tags: ['billing'],
        summary: "Set up the manager's shop (name, type); the server assigns the shop code",
        body: shopSetupRequestSchema,
        response: { 201: z.object({ shop: shopSummarySchema }), 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'manager');
      const shop = await setUpShop(app.db, profile.id, request.body);
      return reply.status(201).send({ shop: toShopSummary(shop) });
    },
  );

  app.get(
    '/api/v1/shop/plans',
    {
      schema: {
        tags: ['billing'],
        summary: "Plans for the manager's shop type, cheapest first",
        response: { 200: plansResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'manager');
      return { ...(await listPlansForShop(app.db, profile)), provider: app.billing.provider.name };
    },
  );

  app.get(
    '/api/v1/shop/subscription',
    {
      schema: {
        tags: ['billing'],
        summary: "The manager's shop and its current subscription",
        response: { 200: shopSubscriptionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'manager');
      reply.header('cache-control', 'no-store');
      return getShopSubscription(app.db, profile);
    },
  );

  app.post(
    '/api/v1/shop/subscription',
    {
      schema: {
        tags: ['billing'],
        summary: 'Choose a plan and pay: starts the 14-day free trial',
        body: startSubscriptionRequestSchema,
        response: {
          201: z.object({ subscription: subscriptionViewSchema }),
          402: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'manager');
      // With Stripe, shops pay on Stripe's page (ADR 0033): the mock card form must not start a plan.
      if (app.billing.provider.name === 'stripe') {
        throw new AppError('USE_CHECKOUT', 409);
      }
      // Every attempt saves a card with the processor: limited per user.
      await app.limitCreation(request, reply, 'shop-subscription', profile.id);
      const subscription = await startShopSubscription(
        app.db,
        app.billing.cards,
        profile,
        request.body,
        app.billing.clock.now(),
      );
      return reply.status(201).send({ subscription });
    },
  );

  app.post(
    '/api/v1/shop/checkout',
    {
      schema: {
        tags: ['billing'],
        summary:
          'Stripe only: a subscription-mode Checkout Session URL for the plan, with the 14-day trial for a shop that has not had one. Return URLs are built from BASE_URL.',
        body: shopCheckoutRequestSchema,
        response: {
          200: checkoutResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          502: errorResponseSchema,
          503: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'manager');
      // Each checkout is a session at Stripe: limited per user, as the personal checkout is.
      await app.limitCreation(request, reply, 'checkout', profile.id);
      return startShopCheckout(app.db, app.billing.provider, profile, request.body.planId, app.config.BASE_URL);
    },
  );

  app.post(
    '/api/v1/shop/subscription/cancel',
    {
      schema: {
        tags: ['billing'],
        summary: 'Cancel the active shop subscription',
        response: {
          200: z.object({ subscription: subscriptionViewSchema }),
          404: errorResponseSchema,
          409: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { shop } = await requireEntitledManager(request, reply);
      return { subscription: await cancelShopSubscription(app.db, shop, app.billing.clock.now()) };
    },
  );

  app.post(
    '/api/v1/shop/billing-portal',
    {
      schema: {
        tags: ['billing'],
        summary:
          'How to change billing: a Stripe customer portal link when Stripe is set up (also for a shop past due, to fix its card), else the support route',
        response: {
          200: billingPortalResponseSchema,
          409: errorResponseSchema,
          502: errorResponseSchema,
          503: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'manager');
      // Not only an entitled shop: a plan past due on Stripe is put right in the portal (ADR 0033).
      await loadManagerShop(app.db, profile);
      return billingPortalLink(app.billing.provider, {
        userId: profile.id,
        returnUrl: `${app.config.BASE_URL}/manager/subscription`,
      });
    },
  );
}
