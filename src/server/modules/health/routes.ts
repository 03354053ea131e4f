import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../../errors';
import { prometheusMetrics } from './metrics';

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/health',
    { schema: { tags: ['health'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 3000).unref()),
        ]);
        return { status: 'ready' as const };
      } catch {
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ error: { code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE } });
      }
    },
  );

  app.get(
    '/api/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics: whether Redis is up, its outages, limits counted in memory meanwhile',
        produces: ['text/plain'],
      },
    },
    async (_request, reply) =>
      reply.type('text/plain; version=0.0.4; charset=utf-8').send(prometheusMetrics(app.redisLink?.stats)),
  );
}
