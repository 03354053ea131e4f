import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import {
  approvalHistoryResponseSchema,
  assignmentsQuerySchema,
  assignmentsResponseSchema,
  createAssignmentRequestSchema,
  createAssignmentResponseSchema,
  idParamsSchema,
  joinRequestsResponseSchema,
  managerOverviewSchema,
  reviewResponseSchema,
  technicianProgressResponseSchema,
  testHistoryResponseSchema,
} from '../../../domain/contracts/manager';
import { requireEntitledManager } from '../../authz';
import { createAssignment, listAssignmentPage } from './assignments';
import { listApprovalHistory, listPendingJoinRequests, reviewJoinRequest } from './join-requests';
import { getManagerOverview } from './overview';
import { listTechnicianProgress } from './progress';
import { listShopTestHistory } from './test-history';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
};
const tags = ['manager'];

/**
 * Manager routes: every one passes the server-side subscription gate first and reads or writes only
 * the manager's own shop; other shops' ids answer 404.
 */
export async function managerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/manager/overview',
    {
      schema: {
        tags,
        summary: "The manager's shop at a glance: Technicians, Total Tests, Completed Tests, Pending Approvals",
        response: { 200: managerOverviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { shop } = await requireEntitledManager(request, reply);
      reply.header('cache-control', 'no-store');
      return getManagerOverview(app.db, shop);
    },
  );

  app.get(
    '/api/v1/manager/technicians',
    {
      schema: {
        tags,
        summary: 'Technician Progress: tests taken, average, pass rate, last activity and the A1–A8 heat row',
        response: { 200: technicianProgressResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { shop } = await requireEntitledManager(request, reply);
      reply.header('cache-control', 'no-store');
      return { technicians: await listTechnicianProgress(app.db, shop.id) };
    },
  );

  app.get(
    '/api/v1/manager/assignments',
    {
      schema: {
        tags,
        summary:
          "Test Assignments of the shop's technicians, a page at a time: open ones by due date, then completed ones, newest first",
        description:
          "Keyset pages: `limit` rows (1–100, default 25); pass the answer's `nextCursor` as `cursor` for the next page " +
          '(null on the last). A cursor not handed out by this route is a 400.',
        querystring: assignmentsQuerySchema,
        response: { 200: assignmentsResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { shop, profile } = await requireEntitledManager(request, reply);
      reply.header('cache-control', 'no-store');
      return listAssignmentPage(app.db, shop.id, { ...request.query, timeZone: profile.timeZone });
    },
  );

  app.post(
    '/api/v1/manager/assignments',
    {
      schema: {
        tags,
        summary: "Assign a category test to one of the shop's technicians, due at the end of the chosen day",
        body: createAssignmentRequestSchema,
        response: {
          201: createAssignmentResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { shop, profile } = await requireEntitledManager(request, reply);
      await app.limitCreation(request, reply, 'assignment', profile.id);
      const assignment = await createAssignment(
        app.db,
        { id: profile.id, shopId: shop.id, timeZone: profile.timeZone, fullName: profile.fullName },
        request.body,
      );
      return reply.status(201).send({ assignment });
    },
  );

  app.get(
    '/api/v1/manager/test-history',
    {
      schema: {
        tags,
        summary: "The shop's 20 latest completed tests with technician, category, score and pass/fail",
        response: { 200: testHistoryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { shop } = await requireEntitledManager(request, reply);
      reply.header('cache-control', 'no-store');
      return { sessions: await listShopTestHistory(app.db, shop.id) };
    },
  );

  app.get(
    '/api/v1/manager/join-requests',
    {
      schema: {
        tags,
        summary: 'Pending requests of technicians to join the shop',
        response: { 200: joinRequestsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { shop } = await requireEntitledManager(request, reply);
      reply.header('cache-control', 'no-store');
      return { requests: await listPendingJoinRequests(app.db, shop.id) };
    },
  );

  app.get(
    '/api/v1/manager/join-requests/history',
    {
      schema: {
        tags,
        summary: 'Approval history: approved and rejected requests with technician and reviewer',
        response: { 200: approvalHistoryResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { shop } = await requireEntitledManager(request, reply);
      reply.header('cache-control', 'no-store');
      return { requests: await listApprovalHistory(app.db, shop.id) };
    },
  );

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(
      `/api/v1/manager/join-requests/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            decision === 'approved'
              ? "Approve a join request: the technician joins the shop (within the plan's technician limit)"
              : 'Reject a join request',
          params: idParamsSchema,
          response: {
            200: reviewResponseSchema,
            400: errorResponseSchema,
            404: errorResponseSchema,
            409: errorResponseSchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { shop, profile } = await requireEntitledManager(request, reply);
        return reviewJoinRequest(app.db, { id: profile.id, shopId: shop.id }, request.params.id, decision);
      },
    );
  }
}
