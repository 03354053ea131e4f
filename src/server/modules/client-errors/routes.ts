import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientErrorReportSchema } from '../../../domain/contracts/client-errors';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { readSession } from '../../auth/session';

/**
 * Where the browser reports a page that failed (ADR 0051): the route's error boundary posts the error, and it
 * goes to the server log with the request's id and, when someone is signed in, their user id. Anyone may
 * report (a page can fail before sign-in); the per-IP limit of the other unauthenticated routes keeps a
 * script from filling the log, and the contract's lengths keep each line small.
 */
export async function clientErrorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const perIp = { max: config.AUTH_RATE_LIMIT_PER_IP, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS };

  app.post(
    '/api/v1/client-errors',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['client errors'],
        summary: 'Report a page that failed in the browser, for the server log',
        body: clientErrorReportSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await readSession(request, reply);
      request.log.warn({ clientError: request.body, userId: user?.userId ?? null }, 'page failed in the browser');
      return reply.status(204).send(null);
    },
  );
}
