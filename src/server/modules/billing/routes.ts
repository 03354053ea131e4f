import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BILLING_MESSAGES } from '../../../domain/billing';
import {
  billingPortalResponseSchema,
  plansResponseSchema,
  shopSetupRequestSchema,
  shopSubscriptionResponseSchema,
  shopSummarySchema,
  startSubscriptionRequestSchema,
  subscriptionViewSchema,
} from '../../../domain/contracts/billing';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { requireEntitledManager, requireRole } from '../../authz';
import {
  cancelShopSubscription,
  getShopSubscription,
  listPlansForShop,
  setUpShop,
  startShopSubscription,
  toShopSummary,
} from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * Shop setup, plans and the shop subscription. Setup, plans, payment and the subscription panel are
 * what a manager at the subscription gate may use to get through it (SPEC §2); cancelling and the
 * billing portal need an entitled shop like every other manager route.
 */
export async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
      return listPlansForShop(app.db, profile);
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
      // Every attempt saves a card with the processor: limited per user (issue 14).
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
        summary: 'How to change billing: a Stripe customer portal link when Stripe is set up, else the support route',
        response: { 200: billingPortalResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { profile } = await requireEntitledManager(request, reply);
      const url = await app.billing.provider.billingPortalUrl({
        userId: profile.id,
        returnUrl: `${app.config.BASE_URL}/manager/subscription`,
      });
      return { url, message: BILLING_MESSAGES.manageBilling };
    },
  );
}
