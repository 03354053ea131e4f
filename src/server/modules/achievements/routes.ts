import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { achievementsPanelSchema, practiceStreakSchema } from '../../../domain/contracts/achievements';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { requireRole, requireSignedInAs } from '../../authz';
import { getAchievementsPanel, getPracticeStreak } from './read';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * A technician's own achievements and practice streak. There is no user id in these paths: each
 * technician reads only their own (grants happen in the submit, ADR 0017).
 */
export async function achievementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/me/achievements',
    {
      schema: {
        tags: ['achievements'],
        summary: 'Every achievement, earned (with its date) or locked (with progress), and the total points',
        response: { 200: achievementsPanelSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return getAchievementsPanel(app.db, userId);
    },
  );

  app.get(
    '/api/v1/me/practice-streak',
    {
      schema: {
        tags: ['achievements'],
        summary: "Consecutive days with a completed test, in the technician's time zone",
        response: { 200: practiceStreakSchema, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return getPracticeStreak(app.db, profile.id, profile.timeZone);
    },
  );
}
