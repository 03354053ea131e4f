import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { DATABASE_RETRY_AFTER_SECONDS, type ErrorMessageId, errorBody } from '../../errors';

/** What readiness says while the instance drains: the balancer should try another one now. */
const NOT_READY_RETRY_AFTER_SECONDS = 5;

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasBearer(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The balancer asks every instance twice a second: only their failures are worth a log line.
  const quiet = { logLevel: 'warn' as const };
  app.get(
    '/api/health',
    {
      ...quiet,
      schema: { tags: ['health'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      ...quiet,
      schema: {
        tags: ['health'],
        summary: 'Readiness: not shutting down and the database answers; Redis is reported, not required (ADR 0044)',
        response: {
          200: z.object({ status: z.literal('ready'), redis: z.enum(['up', 'down']).optional() }),
          503: errorResponseSchema,
        },
      },
    },
    async (_request, reply) => {
      const notReady = (id: ErrorMessageId, retryAfter = NOT_READY_RETRY_AFTER_SECONDS) =>
        reply.status(503).header('retry-after', String(retryAfter)).send(errorBody(id));
      // From the moment SIGTERM arrives, so the balancer stops sending work before the process stops taking it.
      if (app.lifecycle.shuttingDown) return notReady('SHUTTING_DOWN');
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 3000).unref()),
        ]);
      } catch {
        return notReady('DATABASE_UNAVAILABLE', DATABASE_RETRY_AFTER_SECONDS);
      }
      // ADR 0044: a shared Redis that is down leaves every instance ready. Each one degrades on its own (ADR
      // 0035: limits in memory, sessions from the database) and says so here and in /api/metrics; making them
      // all unready at once would leave the balancer with no backend at all.
      if (!app.redisLink) return { status: 'ready' as const };
      return { status: 'ready' as const, redis: app.redisLink.up ? ('up' as const) : ('down' as const) };
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
      // Metrics are never public. With a token, only its bearer reads them; without one, a
      // production server has no metrics route at all.
      const token = app.config.METRICS_TOKEN;
      const allowed = token ? hasBearer(request, token) : app.config.NODE_ENV !== 'production';
      if (!allowed) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      const { registry } = app.metrics;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
}
