import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import {
  deckSummarySchema,
  reviewAnswerParamsSchema,
  reviewAnswerRequestSchema,
  reviewAnswerResultSchema,
  reviewSessionSchema,
} from '../../../domain/contracts/review';
import { requireRole, requireSignedInAs } from '../../authz';
import { createCreationLimit } from '../../http/creation-limit';
import { answerReviewCard } from './answer';
import { getDeckSummary, startReview } from './deck';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

/** The technician's review deck of missed questions, scheduled by FSRS (ADR 0020). */
export async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limitAnswers = createCreationLimit(app, { max: app.config.REVIEW_ANSWERS_PER_MINUTE, windowMs: 60_000 });

  app.get(
    '/api/v1/me/review',
    {
      schema: {
        tags: ['review'],
        summary: 'The review deck in numbers: due now, due today, learning and mastered',
        response: { 200: deckSummarySchema, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return getDeckSummary(app.db, profile.id, profile.timeZone);
    },
  );

  app.get(
    '/api/v1/me/review/cards',
    {
      schema: {
        tags: ['review'],
        summary: 'Start a review: up to 20 due cards, oldest due first, without their keys',
        response: { 200: reviewSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return startReview(app.db, userId);
    },
  );

  app.post(
    '/api/v1/me/review/cards/:questionId/answer',
    {
      schema: {
        tags: ['review'],
        summary:
          'Answer a due card: FSRS reschedules it (right: later, wrong: soon) and the key and explanations come ' +
          'back; test scores are untouched',
        params: reviewAnswerParamsSchema,
        body: reviewAnswerRequestSchema,
        response: { 200: reviewAnswerResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      await limitAnswers(request, reply, 'review-answer', userId);
      return answerReviewCard(app.db, userId, request.params.questionId, request.body.answer);
    },
  );
}
