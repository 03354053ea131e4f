import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import {
  answerRequestSchema,
  attemptParamsSchema,
  attemptViewSchema,
  eligibilitySchema,
  leaderboardNameRequestSchema,
  leaderboardSchema,
  userRankSchema,
} from '../../../domain/contracts/master-challenge';
import { MC_SECONDS_PER_QUESTION } from '../../../domain/master-challenge';
import { requireSignedInAs } from '../../authz';
import { answerQuestion, readAttempt } from './answer';
import { getLeaderboard, getUserRank, LeaderboardCache, setLeaderboardName } from './leaderboard';
import { getEligibility, startAttempt } from './start';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The Master Challenge and its leaderboard, timed and scored by the server (ADR 0018). Technicians only. */
export async function masterChallengeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const options = {
    secondsPerQuestion: app.config.MASTER_CHALLENGE_SECONDS_PER_QUESTION ?? MC_SECONDS_PER_QUESTION,
  };
  const leaderboard = new LeaderboardCache();
  /** A finished attempt may change the board: the next reader on this instance reads it afresh. */
  const noteFinished = <T extends { status: string }>(view: T) => {
    if (view.status === 'completed') leaderboard.invalidate();
    return view;
  };

  app.get(
    '/api/v1/master-challenge/eligibility',
    {
      schema: {
        tags: ['master-challenge'],
        summary: 'Whether the technician may start an attempt now, has one to resume, or must wait (and until when)',
        response: { 200: eligibilitySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return getEligibility(app.db, userId, options);
    },
  );

  app.post(
    '/api/v1/master-challenge/attempts',
    {
      schema: {
        tags: ['master-challenge'],
        summary:
          'Start an attempt (201, the first question served now) or resume the open one (200); 409 within 24 hours of the last start',
        response: { 200: attemptViewSchema, 201: attemptViewSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      const { view, resumed } = await startAttempt(app.db, userId, request.headers['user-agent'], {
        ...options,
        beforeCreate: () => app.limitCreation(request, reply, 'master-challenge', userId),
      });
      return reply.status(resumed ? 200 : 201).send(view);
    },
  );

  app.get(
    '/api/v1/master-challenge/attempts/:id',
    {
      schema: {
        tags: ['master-challenge'],
        summary: "One of the technician's attempts: the running question and its timer, or the results once over",
        params: attemptParamsSchema,
        response: { 200: attemptViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return noteFinished(await readAttempt(app.db, userId, request.params.id, options));
    },
  );

  app.post(
    '/api/v1/master-challenge/attempts/:id/answers',
    {
      schema: {
        tags: ['master-challenge'],
        summary:
          'Answer the question being shown (with the anti-cheat counts); the server times it, keeps the first answer and serves the next question',
        params: attemptParamsSchema,
        body: answerRequestSchema,
        response: { 200: attemptViewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      return noteFinished(await answerQuestion(app.db, userId, request.params.id, request.body, options));
    },
  );

  app.get(
    '/api/v1/master-challenge/leaderboard',
    {
      schema: {
        tags: ['master-challenge'],
        summary: "Top 30: each technician's best valid attempt, by score then the fastest time",
        response: { 200: leaderboardSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return getLeaderboard(app.db, userId, leaderboard);
    },
  );

  app.get(
    '/api/v1/master-challenge/my-rank',
    {
      schema: {
        tags: ['master-challenge'],
        summary: "The technician's own rank, best score and time, attempts, and the number of competitors",
        response: { 200: userRankSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return getUserRank(app.db, userId);
    },
  );

  app.put(
    '/api/v1/master-challenge/leaderboard-name',
    {
      schema: {
        tags: ['master-challenge'],
        summary:
          'Choose how you appear on the global leaderboard: first name and last initial (default), full name, or hidden',
        body: leaderboardNameRequestSchema,
        response: { 200: userRankSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      await setLeaderboardName(app.db, userId, request.body.leaderboardName);
      leaderboard.invalidate();
      reply.header('cache-control', 'no-store');
      return getUserRank(app.db, userId);
    },
  );
}
