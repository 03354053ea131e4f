import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meResponseSchema } from '../../../domain/contracts/auth';
import { errorResponseSchema, okResponseSchema } from '../../../domain/contracts/common';
import { idParamsSchema } from '../../../domain/contracts/manager';
import {
  shopChangeRequestSchema,
  shopRequestResponseSchema,
  updateProfileRequestSchema,
} from '../../../domain/contracts/profile';
import { requireProfile, requireRole } from '../../authz';
import { AppError } from '../../errors';
import { loadSessionUser } from '../accounts';
import { cancelShopRequest, getPendingShopRequest, requestShopChange, updateProfile } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['profile'];

/** The profile pages: own name and experience level, and the technician's shop change request. */
export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

  // Shop codes are guessed like passwords: the same limits as sign-in, per address and per account.
  const perIp = { max: config.AUTH_RATE_LIMIT_PER_IP, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS };
  const requester = new WeakMap<FastifyRequest, string>();
  const perAccount = app.createRateLimit({
    max: config.AUTH_RATE_LIMIT_PER_EMAIL,
    timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS,
    keyGenerator: (request) => `shop-request:${requester.get(request) ?? request.ip}`,
  });
  async function limitPerAccount(request: FastifyRequest, reply: FastifyReply, userId: string) {
    requester.set(request, userId);
    const verdict = await perAccount(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      reply.header('retry-after', String(verdict.ttlInSeconds));
      throw new AppError('RATE_LIMITED', 429);
    }
  }

  app.patch(
    '/api/v1/me/profile',
    {
      schema: {
        tags,
        summary: 'Edit own full name (and, for a technician, experience level); nothing else can be changed here',
        body: updateProfileRequestSchema,
        response: { 200: meResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await requireProfile(request, reply);
      await app.limitCreation(request, reply, 'profile-edit', profile.id);
      await updateProfile(app.db, profile, request.body);
      return loadSessionUser(app.db, { userId: profile.id, email: profile.email, name: profile.fullName });
    },
  );

  app.get(
    '/api/v1/me/shop-request',
    {
      schema: {
        tags,
        summary: "The technician's pending request to join a shop, or null",
        response: { 200: shopRequestResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tech = await requireRole(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return { request: await getPendingShopRequest(app.db, tech.id) };
    },
  );

  app.post(
    '/api/v1/me/shop-requests',
    {
      config: { rateLimit: perIp },
      schema: {
        tags,
        summary: 'Ask to join the shop with this code (one pending request at a time)',
        body: shopChangeRequestSchema,
        response: {
          201: shopRequestResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const tech = await requireRole(request, reply, 'tech');
      await limitPerAccount(request, reply, tech.id);
      // Each request and each cancel reaches the shop's manager: cancel and re-request cannot loop.
      await app.limitCreation(request, reply, 'shop-request', tech.id);
      const created = await requestShopChange(app.db, tech, request.body);
      return reply.status(201).send({ request: created });
    },
  );

  app.post(
    '/api/v1/me/shop-requests/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel own pending shop change request (it is stored as rejected)',
        params: idParamsSchema,
        response: {
          200: okResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const tech = await requireRole(request, reply, 'tech');
      await app.limitCreation(request, reply, 'shop-request', tech.id);
      await cancelShopRequest(app.db, tech.id, request.params.id);
      return { ok: true as const };
    },
  );
}
