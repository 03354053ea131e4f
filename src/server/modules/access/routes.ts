import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { featureAccessSchema, featureParamsSchema } from '../../../domain/contracts/access';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { hasFeatureAccess } from '../../access-standing';
import { requireSession } from '../../auth/session';
import { forbidden } from '../../errors';

/** The access check of docs/PRODUCT.md#plans-and-billing, for the client to choose between a feature and its upsell. */
export async function accessRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/access/:feature',
    {
      schema: {
        tags: ['access'],
        summary:
          "Whether the signed-in user may use a feature (docs/PRODUCT.md#plans-and-billing): 'mastery' features by any entitling subscription, others by the shop plan's features",
        params: featureParamsSchema,
        response: {
          200: featureAccessSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireSession(request, reply);
      if (!user.role) throw forbidden('FORBIDDEN.accountSetup');
      reply.header('cache-control', 'no-store');
      const { feature } = request.params;
      return { feature, granted: await hasFeatureAccess(app.db, user.userId, feature) };
    },
  );
}
