import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { managerOverviewSchema } from '../../../domain/contracts/manager';
import { requireEntitledManager } from '../../authz';
import { profiles, shopChangeRequests } from '../../db/schema';

/** Manager routes: every one passes the server-side subscription gate first. */
export async function managerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/manager/overview',
    {
      schema: {
        tags: ['manager'],
        summary: "The manager's shop at a glance (subscription-gated)",
        response: { 200: managerOverviewSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { shop } = await requireEntitledManager(request, reply);
      const [counts] = await app.db
        .select({
          technicians: sql<number>`(select count(*)::int from ${profiles} where ${profiles.shopId} = ${shop.id} and ${profiles.role} = 'tech')`,
          pendingApprovals: sql<number>`(select count(*)::int from ${shopChangeRequests} where ${and(
            eq(shopChangeRequests.newShopId, shop.id),
            eq(shopChangeRequests.status, 'pending'),
          )})`,
        })
        .from(sql`(select 1) as one`);
      return {
        shop: { id: shop.id, name: shop.name, type: shop.type, shopCode: shop.shopCode },
        technicians: counts?.technicians ?? 0,
        pendingApprovals: counts?.pendingApprovals ?? 0,
      };
    },
  );
}
