import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '../../errors';
import { prometheusMetrics } from './metrics';

/** What readiness says while the instance drains: the balancer should try another one now. */
export const SHUTTING_DOWN_MESSAGE = 'This server is shutting down; try another one';
export const REDIS_UNAVAILABLE_MESSAGE = 'Redis is not answering';
const NOT_READY_RETRY_AFTER_SECONDS = 5;

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasBearer(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

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
        summary: 'Readiness: not shutting down, the database answers, and Redis when it is configured',
        response: { 200: z.object({ status: z.literal('ready') }), 503: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      const notReady = (code: string, message: string, retryAfter = NOT_READY_RETRY_AFTER_SECONDS) =>
        reply.status(503).header('retry-after', String(retryAfter)).send({ error: { code, message } });
      // Issue 32: from the moment SIGTERM arrives, so the balancer stops sending work before the process stops taking it.
      if (app.lifecycle.shuttingDown) return notReady('SHUTTING_DOWN', SHUTTING_DOWN_MESSAGE);
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 3000).unref()),
        ]);
      } catch {
        return notReady('DATABASE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, DATABASE_RETRY_AFTER_SECONDS);
      }
      if (app.redisLink && !app.redisLink.up) return notReady('REDIS_UNAVAILABLE', REDIS_UNAVAILABLE_MESSAGE);
      return { status: 'ready' as const };
    },
  );

  app.get(
    '/api/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (Bearer METRICS_TOKEN; without one, open in development and test only)',
        produces: ['text/plain'],
      },
    },
    async (request, reply) => {
      // Issue 32: metrics are never public. With a token, only its bearer reads them; without one, a
      // production server has no metrics route at all.
      const token = app.config.METRICS_TOKEN;
      const allowed = token ? hasBearer(request, token) : app.config.NODE_ENV !== 'production';
      if (!allowed) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(prometheusMetrics(app.redisLink?.stats));
    },
  );
}
