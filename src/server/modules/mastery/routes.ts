import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { masteryDashboardSchema } from '../../../domain/contracts/mastery';
import { ensureFeature, requireSignedInAs } from '../../authz';
import { readMasteryDashboard } from './read';

/** The mastery dashboard, gated by the 'mastery' feature (docs/PRODUCT.md#plans-and-billing) (denied: 403 FEATURE_NOT_INCLUDED → the upsell). */
export async function masteryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/me/mastery',
    {
      schema: {
        tags: ['mastery'],
        summary:
          "The technician's mastery dashboard: per category score, level, readiness, advice, content areas and pass estimate; weak and strong areas",
        response: { 200: masteryDashboardSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      // The access check's standing comes with the dashboard's rows: one statement for the page.
      const { standing, dashboard } = await readMasteryDashboard(app.db, userId);
      ensureFeature(standing, 'mastery');
      reply.header('cache-control', 'no-store');
      return dashboard;
    },
  );
}
