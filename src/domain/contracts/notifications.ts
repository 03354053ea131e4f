import { z } from 'zod';

import { EMAIL_NOTIFICATION_KINDS, MANAGER_NOTIFICATION_KINDS, NOTIFICATION_KINDS } from '../notification-kinds';

export { EMAIL_NOTIFICATION_KINDS, MANAGER_NOTIFICATION_KINDS, NOTIFICATION_KINDS };

/**
 * What the notification centre and the preferences screens exchange with the server. The server renders
 * each notification's title and body in the reader's profile language from the same template as its
 * e-mail; the client shows them as given.
 */

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type { NotificationKind } from '../notification-kinds';

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** An app path (starting with `/`) to the screen that acts on it. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationListQuerySchema = z.object({
  /** The `nextCursor` of the previous page; absent for the newest page. */
  before: z.string().max(100).optional(),
});

export const notificationListResponseSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** The bell's poll and the answer to marking one or all read. */
export const unreadCountResponseSchema = z.object({ unreadCount: z.number().int().nonnegative() });
export type UnreadCountResponse = z.infer<typeof unreadCountResponseSchema>;

export const notificationIdParamsSchema = z.object({
  id: z.string().uuid('messages.notifications.notificationNotFound'),
});

/** 0 = Sunday … 6 = Saturday, in the person's time zone. */
export const digestDaySchema = z.number().int().min(0).max(6);

const emailKindSchema = z.enum(EMAIL_NOTIFICATION_KINDS as [string, ...string[]]);

export const notificationPreferencesSchema = z.object({
  /** E-mail on or off per kind; kinds that do not concern the person are ignored. In-app is always on. */
  email: z.record(emailKindSchema, z.boolean()),
  /** The day the manager's weekly digest and the technician's study nudge go out. */
  digestDay: digestDaySchema,
  /** A manager's choice: an e-mail per completed assigned test, or one summary a day. */
  completionEmails: z.enum(['each', 'daily']),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * A change to some of the preferences. `email` names only the kinds that change (a switch on the profile
 * sends one kind, or the pair it covers); zod 4's record over an enum would demand every kind.
 */
export const updateNotificationPreferencesSchema = z
  .object({
    email: z.partialRecord(emailKindSchema, z.boolean()).optional(),
    digestDay: digestDaySchema.optional(),
    completionEmails: notificationPreferencesSchema.shape.completionEmails.optional(),
  })
  .strict();
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

/** What the unsubscribe page shows after the one-click unsubscribe (signed token, no sign-in). */
export const unsubscribeResponseSchema = z.object({ kind: notificationKindSchema, email: z.literal(false) });
export type UnsubscribeResponse = z.infer<typeof unsubscribeResponseSchema>;

/**
 * `GET /api/v1/unsubscribe?token=`: which kind the link is for and whether its e-mails are on now. It changes
 * nothing (mail scanners open links); the page's button POSTs.
 */
export const unsubscribePreviewSchema = z.object({ kind: notificationKindSchema, email: z.boolean() });
export type UnsubscribePreview = z.infer<typeof unsubscribePreviewSchema>;

/** The unsubscribe token, from the e-mail's link or its List-Unsubscribe header. */
export const unsubscribeQuerySchema = z.object({
  token: z.string().min(1, 'messages.notifications.unsubscribeLinkIncomplete').max(600),
});
