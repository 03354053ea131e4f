import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { shopCodeLookupParamsSchema, shopCodeLookupResponseSchema } from '../../../domain/contracts/shop-codes';
import { lookUpShopCode } from './service';

/**
 * The sign-up form's live check of a shop code. Anyone may ask (the person is not signed up yet);
 * the code is what a manager hands out, a wrong one answers `{ shop: null }`, and the per-IP limit of
 * sign-in keeps the 36⁶ codes from being walked (ADR 0036).
 */
export async function shopCodeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const perIp = { max: config.AUTH_RATE_LIMIT_PER_IP, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS };

  app.get(
    '/api/v1/shop-codes/:code',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['accounts'],
        summary: 'The shop a typed shop code leads to (0/O and 1/I/L read alike), or null',
        params: shopCodeLookupParamsSchema,
        response: { 200: shopCodeLookupResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => lookUpShopCode(app.db, request.params.code),
  );
}
