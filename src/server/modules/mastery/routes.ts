import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { masteryDashboardSchema } from '../../../domain/contracts/mastery';
import { requireFeature, requireSignedInAs } from '../../authz';
import { getMasteryDashboard } from './read';

/** The mastery dashboard, gated by SPEC §6's 'mastery' feature (denied: 403 FEATURE_NOT_INCLUDED → the upsell). */
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
      await requireFeature(request, userId, 'mastery');
      reply.header('cache-control', 'no-store');
      return getMasteryDashboard(app.db, userId);
    },
  );
}
