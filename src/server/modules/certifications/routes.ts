import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvFileName } from '../../../domain/certifications';
import {
  addCertificationRequestSchema,
  auditResponseSchema,
  certificationResponseSchema,
  editCertificationRequestSchema,
  myCertificationsResponseSchema,
  setActiveRequestSchema,
  shopCertificationsQuerySchema,
  shopCertificationsResponseSchema,
} from '../../../domain/contracts/certifications';
import { errorResponseSchema, okResponseSchema } from '../../../domain/contracts/common';
import { idParamsSchema } from '../../../domain/contracts/manager';
import { requireEntitledManager, requireRole } from '../../authz';
import { certificationAudit, editShopCertification, listShopCertifications, shopCertificationsCsv } from './shop';
import {
  addCertification,
  certificationDay,
  deleteCertification,
  listOwnCertifications,
  setCertificationActive,
} from './technician';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const tags = ['certifications'];

/**
 * Certifications (docs/PRODUCT.md#certification-expiry, ADR 0019): a technician manages their own; a manager reads and edits
 * those of their own shop's technicians. Any other id answers 404.
 */
export async function certificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/me/certifications',
    {
      schema: {
        tags,
        summary: "The technician's certifications with status bands, the expiring widget and Master status",
        response: { 200: myCertificationsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tech = await requireRole(request, reply, 'tech');
      reply.header('cache-control', 'no-store');
      return listOwnCertifications(app.db, tech.id, certificationDay(tech.timeZone));
    },
  );

  app.post(
    '/api/v1/me/certifications',
    {
      schema: {
        tags,
        summary: 'Add a certification: obtained date not in the future, one active per category (409)',
        body: addCertificationRequestSchema,
        response: { 201: certificationResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tech = await requireRole(request, reply, 'tech');
      await app.limitCreation(request, reply, 'certification-change', tech.id);
      const certification = await addCertification(app.db, tech.id, request.body, certificationDay(tech.timeZone));
      return reply.status(201).send({ certification });
    },
  );

  app.patch(
    '/api/v1/me/certifications/:id',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate one of your certifications',
        params: idParamsSchema,
        body: setActiveRequestSchema,
        response: { 200: certificationResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tech = await requireRole(request, reply, 'tech');
      await app.limitCreation(request, reply, 'certification-change', tech.id);
      const certification = await setCertificationActive(
        app.db,
        tech.id,
        request.params.id,
        request.body.isActive,
        certificationDay(tech.timeZone),
      );
      return { certification };
    },
  );

  app.delete(
    '/api/v1/me/certifications/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your certifications (the audit trail keeps the deletion)',
        params: idParamsSchema,
        response: { 200: okResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tech = await requireRole(request, reply, 'tech');
      await app.limitCreation(request, reply, 'certification-change', tech.id);
      await deleteCertification(app.db, tech.id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/manager/certifications',
    {
      schema: {
        tags,
        summary: "The certifications of the shop's technicians (optionally one), expiring widget and Master status",
        querystring: shopCertificationsQuerySchema,
        response: { 200: shopCertificationsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { shop, profile } = await requireEntitledManager(request, reply);
      reply.header('cache-control', 'no-store');
      return listShopCertifications(app.db, shop.id, certificationDay(profile.timeZone), request.query.techId);
    },
  );

  app.patch(
    '/api/v1/manager/certifications/:id',
    {
      schema: {
        tags,
        summary: 'Edit the number, document URL (http or https, empty → none) and obtained date',
        params: idParamsSchema,
        body: editCertificationRequestSchema,
        response: { 200: certificationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { shop, profile } = await requireEntitledManager(request, reply);
      const certification = await editShopCertification(
        app.db,
        { id: profile.id, shopId: shop.id },
        request.params.id,
        request.body,
        certificationDay(profile.timeZone),
      );
      return { certification };
    },
  );

  app.get(
    '/api/v1/manager/certifications/:id/audit',
    {
      schema: {
        tags,
        summary: "A certification's audit trail, newest first",
        params: idParamsSchema,
        response: { 200: auditResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { shop } = await requireEntitledManager(request, reply);
      reply.header('cache-control', 'no-store');
      return { entries: await certificationAudit(app.db, shop.id, request.params.id) };
    },
  );

  app.get(
    '/api/v1/manager/certifications.csv',
    // No response schema: the body is CSV text, not JSON.
    { schema: { tags, summary: "CSV export of the shop's certifications, named by date" } },
    async (request, reply) => {
      const { shop, profile } = await requireEntitledManager(request, reply);
      const day = certificationDay(profile.timeZone);
      const csv = await shopCertificationsCsv(app.db, shop.id, day);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(day)}"`)
        .send(csv);
    },
  );
}
