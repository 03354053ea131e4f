import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../domain/contracts/common';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesSchema,
  unreadCountResponseSchema,
  unsubscribePreviewSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
  updateNotificationPreferencesSchema,
} from '../../../domain/contracts/notifications';
import { isLocale } from '../../../domain/locale';
import { requireSession } from '../../auth/session';
import { profiles } from '../../db/schema';
import { loadPreferences, updatePreferences } from '../../notifications/preferences';
import { listNotifications, markAllRead, markRead, previewUnsubscribe, unreadCount, unsubscribe } from './service';

const tags = ['notifications'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/**
 * The notification centre and the e-mail choices (ADR 0042). No user id in any path: each person
 * reads and marks only their own; an id that is not theirs is not found. The unsubscribe routes take a
 * signed token instead of a session, so they work from an e-mail without signing in.
 */
export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const perIp = { max: config.AUTH_RATE_LIMIT_PER_IP, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS };

  // RFC 8058: a mail provider's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` as a form. Only
  // this module's routes read forms; the rest of the API stays JSON only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  async function reader(request: FastifyRequest, reply: Parameters<typeof requireSession>[1]) {
    const session = await requireSession(request, reply);
    const [profile] = await app.db
      .select({ locale: profiles.locale, timeZone: profiles.timeZone })
      .from(profiles)
      .where(eq(profiles.id, session.userId));
    return {
      id: session.userId,
      locale: isLocale(profile?.locale) ? profile.locale : ('en' as const),
      timeZone: profile?.timeZone ?? null,
    };
  }

  app.get(
    '/api/v1/notifications',
    {
      schema: {
        tags,
        summary: "The signed-in person's notifications, newest first, 20 a page, in their language",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request, reply) => listNotifications(app.db, await reader(request, reply), request.query.before),
  );

  app.get(
    '/api/v1/notifications/unread-count',
    {
      schema: {
        tags,
        summary: "How many of the signed-in person's notifications are unread (the bell polls it)",
        response: { 200: unreadCountResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSession(request, reply);
      return { unreadCount: await unreadCount(app.db, userId) };
    },
  );

  app.post(
    '/api/v1/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Marks one of your notifications read; answers the unread count',
        params: notificationIdParamsSchema,
        response: { 200: unreadCountResponseSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSession(request, reply);
      return { unreadCount: await markRead(app.db, userId, request.params.id) };
    },
  );

  app.post(
    '/api/v1/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Marks all your notifications read',
        response: { 200: unreadCountResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSession(request, reply);
      return { unreadCount: await markAllRead(app.db, userId) };
    },
  );

  app.get(
    '/api/v1/me/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Your e-mail choices per kind, the digest day and the completion mode (defaults until changed)',
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSession(request, reply);
      return loadPreferences(app.db, userId);
    },
  );

  app.put(
    '/api/v1/me/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Changes some of your e-mail choices; what is left out stays',
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = await requireSession(request, reply);
      return updatePreferences(app.db, userId, request.body);
    },
  );

  app.get(
    '/api/v1/unsubscribe',
    {
      config: { rateLimit: perIp },
      schema: {
        tags,
        summary: 'Which kind an unsubscribe link stops and whether it is on; changes nothing',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribePreviewSchema, 400: errorResponseSchema },
      },
    },
    async (request) => previewUnsubscribe(app.db, app.serverSecret, request.query.token),
  );

  app.post(
    '/api/v1/unsubscribe',
    {
      config: { rateLimit: perIp },
      schema: {
        tags,
        summary: "One-click unsubscribe (RFC 8058): the token's kind of e-mail off, no sign-in",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => unsubscribe(app.db, app.serverSecret, request.query.token),
  );
}
