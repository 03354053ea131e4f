import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  shopAnalyticsSchema,
  techAnalyticsSchema,
  techIdParamsSchema,
  technicianAnalyticsSchema,
} from '../../../domain/contracts/analytics';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { requireEntitledManager, requireFeature, requireShopTechnician, requireSignedInAs } from '../../authz';
import { getTechAnalytics } from './read';
import { getShopAnalytics } from './shop';
import { getTechnicianAnalytics } from './technician';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };
const TAGS = ['analytics'];
/** docs/PRODUCT.md#plans-and-billing, "any other feature": manager analytics need a plan whose features name analytics. */
export const MANAGER_ANALYTICS_FEATURE = 'analytics';

/** Analytics: the technician's own, and the manager's shop-wide and per-technician views. */
export async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/me/analytics',
    {
      schema: {
        tags: TAGS,
        summary: "The technician's own analytics: Overview, Trends (last 20 tests) and By Category (A1–A8)",
        response: { 200: techAnalyticsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return getTechAnalytics(app.db, userId);
    },
  );

  app.get(
    '/api/v1/manager/analytics',
    {
      schema: {
        tags: TAGS,
        summary: "Shop-wide analytics for the manager's own shop: technicians, categories, the last 12 weeks",
        response: { 200: shopAnalyticsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { profile, shop } = await requireEntitledManager(request, reply);
      await requireFeature(request, profile.id, MANAGER_ANALYTICS_FEATURE);
      reply.header('cache-control', 'no-store');
      return getShopAnalytics(app.db, shop.id);
    },
  );

  app.get(
    '/api/v1/manager/technicians/:techId/analytics',
    {
      schema: {
        tags: TAGS,
        summary:
          "One technician of the manager's own shop: name, analytics and mastery (another shop's or unknown id: 404)",
        params: techIdParamsSchema,
        response: { 200: technicianAnalyticsSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { profile, tech } = await requireShopTechnician(request, reply, request.params.techId);
      await requireFeature(request, profile.id, MANAGER_ANALYTICS_FEATURE);
      reply.header('cache-control', 'no-store');
      return getTechnicianAnalytics(app.db, tech);
    },
  );
}
