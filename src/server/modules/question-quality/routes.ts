import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import {
  editorQuestionListSchema,
  questionReportCreatedSchema,
  questionReportParamsSchema,
  questionReportRequestSchema,
  resolveReportParamsSchema,
  resolveReportRequestSchema,
} from '../../../domain/contracts/review';
import { MIN_ANSWERS_FOR_ITEM_STATS } from '../../../domain/item-statistics';
import { requireSignedInAs } from '../../authz';
import { listEditorQuestions, requireEditor, resolveReport } from './editor';
import { reportQuestion } from './report';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

const editors = new WeakMap<FastifyRequest, string>();
async function checkEditor(request: FastifyRequest, reply: FastifyReply) {
  editors.set(request, await requireEditor(request, reply));
}
function editorOf(request: FastifyRequest): string {
  const editor = editors.get(request);
  if (!editor) throw new Error('The editor check did not run');
  return editor;
}

/** Question quality (ADR 0020): technicians report questions; editors see reports and statistics. */
export async function questionQualityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/questions/:id/reports',
    {
      schema: {
        tags: ['question quality'],
        summary: 'Report a question (wrong answer key, unclear, outdated, typo, other), once per question',
        params: questionReportParamsSchema,
        body: questionReportRequestSchema,
        response: { 201: questionReportCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSignedInAs(request, reply, 'tech');
      const created = await reportQuestion(app.db, userId, request.params.id, request.body, () =>
        app.limitCreation(request, reply, 'question-report', userId),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/v1/editor/questions',
    {
      // Editors are checked before the input is validated, so everyone else gets 404 whatever they send.
      preValidation: checkEditor,
      schema: {
        tags: ['question quality'],
        summary: 'Editors only: reported and statistically suspicious questions first, with statistics and reports',
        response: { 200: editorQuestionListSchema, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { questions: await listEditorQuestions(app.db), minAnswers: MIN_ANSWERS_FOR_ITEM_STATS };
    },
  );

  app.post(
    '/api/v1/editor/reports/:id/resolve',
    {
      preValidation: checkEditor,
      schema: {
        tags: ['question quality'],
        summary: 'Editors only: resolve a report with a note',
        params: resolveReportParamsSchema,
        body: resolveReportRequestSchema,
        response: { 200: z.object({ id: z.string(), resolvedAt: z.string() }), ...errors },
      },
    },
    async (request) => {
      return resolveReport(app.db, editorOf(request), request.params.id, request.body.note);
    },
  );
}
