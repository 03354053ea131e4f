import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import {
  answerParamsSchema,
  dashboardSchema,
  freeTestImportRequestSchema,
  resultsSchema,
  saveAnswerRequestSchema,
  savedAnswerSchema,
  sessionParamsSchema,
  sessionViewSchema,
  startSessionRequestSchema,
  studyGuideParamsSchema,
  studyGuideSchema,
} from '../../../domain/contracts/practice';
import { EXAM_DURATION_SECONDS } from '../../../domain/exam-assembly';
import { FREE_TEST_IMPORT_DAYS } from '../../../domain/free-test';
import { requireRole, requireSignedInAs } from '../../authz';
import { explainUnsavedAnswer, saveAnswer } from './answer';
import { getTechDashboard } from './dashboard';
import { importFreeTest } from './free-test-import';
import { getTestSession } from './read';
import { startTestSession } from './start';
import { getStudyGuide } from './study-guide';
import { submitTestSession } from './submit';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Technician practice: category tests, full exams, dashboard numbers and study guides (ADR 0004). */
export async function practiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const examDurationSeconds = app.config.EXAM_DURATION_SECONDS ?? EXAM_DURATION_SECONDS;

  app.post(
    '/api/v1/test-sessions',
    {
      schema: {
        tags: ['practice'],
        summary:
          'Start a category test (optionally for an assignment), a practice exam, a chapter quiz, a warm-up or a ' +
          'test of the questions missed in a submitted test: 201 with a new one, or 200 with the open one of the ' +
          'same sort to resume',
        body: startSessionRequestSchema,
        response: { 200: sessionViewSchema, 201: sessionViewSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      const { session, resumed } = await startTestSession(app.db, userId, request.body, {
        examDurationSeconds,
        beforeCreate: () => app.limitCreation(request, reply, 'test-session', userId),
      });
      return reply.status(resumed ? 200 : 201).send(session);
    },
  );

  app.post(
    '/api/v1/me/free-test-result',
    {
      schema: {
        tags: ['practice'],
        summary:
          'Save the free test taken before signing up into the new account history (once, within ' +
          `${FREE_TEST_IMPORT_DAYS} days of the account's creation; later 409 FREE_TEST_TOO_LATE)`,
        body: freeTestImportRequestSchema,
        response: { 201: z.object({ id: z.string(), results: resultsSchema }), ...errors },
      },
    },
    async (request, reply) => {
      // The whole profile: its creation opens and closes the window.
      const profile = await requireRole(request, reply, 'tech');
      return reply.status(201).send(await importFreeTest(app.db, profile, request.body.answers));
    },
  );

  app.get(
    '/api/v1/test-sessions/:id',
    {
      schema: {
        tags: ['practice'],
        summary: 'A test session: its questions and saved answers, and the results once submitted',
        params: sessionParamsSchema,
        response: { 200: sessionViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return getTestSession(app.db, userId, request.params.id);
    },
  );

  app.put(
    '/api/v1/test-sessions/:id/answers/:position',
    {
      schema: {
        tags: ['practice'],
        summary: 'Save the answer chosen (or the flag) for one question, as it is chosen',
        params: answerParamsSchema,
        body: saveAnswerRequestSchema,
        response: { 200: savedAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      const { id, position } = request.params;
      const saved = await saveAnswer(app.db, userId, id, position, request.body);
      if (saved) return saved;
      throw await explainUnsavedAnswer(app.db, userId, id, position);
    },
  );

  app.post(
    '/api/v1/test-sessions/:id/submit',
    {
      schema: {
        tags: ['practice'],
        summary: 'Submit and score the test (idempotent: a repeat returns the same result)',
        params: sessionParamsSchema,
        response: { 200: resultsSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      return submitTestSession(app.db, userId, request.params.id);
    },
  );

  app.get(
    '/api/v1/me/practice-dashboard',
    {
      schema: {
        tags: ['practice'],
        summary: 'Performance Insights, Recent Test History (last 10) and Assigned Tests',
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const profile = await requireRole(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return getTechDashboard(app.db, profile.id, profile.shopId, {
        timeZone: profile.timeZone,
        accountCreatedAt: profile.createdAt,
      });
    },
  );

  app.get(
    '/api/v1/study-guides/:code',
    {
      schema: {
        tags: ['practice'],
        summary: "A category's study guide: chapters and their sections",
        params: studyGuideParamsSchema,
        response: { 200: studyGuideSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requireSignedInAs(request, reply, 'tech');
      return getStudyGuide(app.db, request.params.code);
    },
  );
}
