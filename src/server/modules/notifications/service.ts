import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationListResponse,
  type UnsubscribePreview,
  type UnsubscribeResponse,
} from '../../../domain/contracts/notifications';
import type { Locale } from '../../../domain/locale';
import type { Executor } from '../../db/client';
import { authUsers, notifications } from '../../db/schema';
import { AppError, notFound, validationFailed } from '../../errors';
import { loadPreferences, turnEmailOff } from '../../notifications/preferences';
import { renderMessage } from '../../notifications/render';
import { readUnsubscribeToken } from '../../notifications/unsubscribe-token';

/** The next page's cursor: the last entry's time and id (ties on the time are broken by the id). */
function cursorOf(row: { createdAt: Date; id: string }): string {
  return `${row.createdAt.toISOString()}_${row.id}`;
}

function parseCursor(cursor: string): { createdAt: Date; id: string } {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f-]{36})$/.exec(cursor);
  const createdAt = match ? new Date(match[1] as string) : null;
  if (!match || !createdAt || Number.isNaN(createdAt.getTime())) throw validationFailed('VALIDATION_FAILED.pageCursor');
  return { createdAt, id: match[2] as string };
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The reader's messages, newest first, a page at a time, in their language (rendered now from the template). */
export async function listNotifications(
  db: Executor,
  reader: { id: string; locale: Locale; timeZone: string | null },
  before?: string,
): Promise<NotificationListResponse> {
  const cursor = before ? parseCursor(before) : null;
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, reader.id),
        cursor
          ? or(
              lt(notifications.createdAt, cursor.createdAt),
              and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  const context = { locale: reader.locale, timeZone: reader.timeZone ?? 'UTC' };
  const items = page.map((row) => {
    const parts = renderMessage(row, context);
    return {
      id: row.id,
      kind: row.kind,
      title: parts.title,
      body: parts.details?.length ? `${parts.body} ${parts.details.join('; ')}` : parts.body,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt ? row.readAt.toISOString() : null,
    };
  });
  const last = page.at(-1);
  return {
    items,
    unreadCount: await unreadCount(db, reader.id),
    nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? cursorOf(last) : null,
  };
}

/** Marks one of the reader's own messages read (again is fine); another person's id is not found. */
export async function markRead(db: Executor, userId: string, id: string, now = new Date()): Promise<number> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound('NOT_FOUND.notification');
  return unreadCount(db, userId);
}

export async function markAllRead(db: Executor, userId: string, now = new Date()): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
  return 0;
}

function recipientOf(secret: string, token: string) {
  const reader = readUnsubscribeToken(secret, token);
  if (!reader) throw new AppError('UNSUBSCRIBE_LINK_INVALID', 400);
  return reader;
}

/** What an unsubscribe link is for, changing nothing (GET: mail scanners open links). */
export async function previewUnsubscribe(db: Executor, secret: string, token: string): Promise<UnsubscribePreview> {
  const { recipientId, kind } = recipientOf(secret, token);
  const preferences = await loadPreferences(db, recipientId);
  return { kind, email: preferences.email[kind] ?? false };
}

/**
 * The one-click unsubscribe (RFC 8058, no sign-in): that kind's e-mails off for the token's recipient, every
 * other choice kept. An account deleted since the e-mail gets nothing anyway: answered the same, nothing written.
 */
export async function unsubscribe(db: Executor, secret: string, token: string): Promise<UnsubscribeResponse> {
  const { recipientId, kind } = recipientOf(secret, token);
  const [user] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, recipientId));
  if (user) await turnEmailOff(db, recipientId, kind);
  return { kind, email: false };
}
