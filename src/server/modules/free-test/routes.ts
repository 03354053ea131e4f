import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import {
  answerRevealSchema,
  freeTestCheckRequestSchema,
  freeTestResponseSchema,
  freeTestResultRequestSchema,
  freeTestResultSchema,
} from '../../../domain/contracts/free-test';
import { checkFreeTestAnswer, getFreeTest, scoreFreeTest } from './service';

/** The anonymous 5-question A1 test (docs/PRODUCT.md#tests): answers are revealed only after a choice. */
export async function freeTestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/free-test',
    {
      schema: {
        tags: ['free test'],
        summary: 'The free test questions, without answers',
        response: { 200: freeTestResponseSchema },
      },
    },
    async () => ({ questions: await getFreeTest(app.db) }),
  );

  app.post(
    '/api/v1/free-test/check',
    {
      schema: {
        tags: ['free test'],
        summary: 'Lock in an answer and reveal the key and explanation',
        body: freeTestCheckRequestSchema,
        response: { 200: answerRevealSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => checkFreeTestAnswer(app.db, request.body.questionId, request.body.answer),
  );

  app.post(
    '/api/v1/free-test/result',
    {
      schema: {
        tags: ['free test'],
        summary: 'Score a finished free test',
        body: freeTestResultRequestSchema,
        response: { 200: freeTestResultSchema, 400: errorResponseSchema },
      },
    },
    async (request) => scoreFreeTest(app.db, request.body.answers),
  );
}
