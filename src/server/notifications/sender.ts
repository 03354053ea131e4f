import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { isLocale } from '../../domain/locale';
import type { Clock } from '../billing/clock';
import type { Database } from '../db/client';
import { authUsers, notifications, profiles } from '../db/schema';
import type { Mail, Mailer } from '../mail/mailer';
import { absoluteLink, renderMessageEmail } from './render';
import { unsubscribeToken } from './unsubscribe-token';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface SenderDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
  baseUrl: string;
  /** The server secret the unsubscribe tokens are signed with. */
  secret: string;
}

export interface SenderSettings {
  /** Messages claimed per transaction. */
  batchSize: number;
  /** Tries before a message's e-mail is given up (`failed`, with a log line). */
  maxAttempts: number;
  /**
   * How long a claimed message is held by the instance sending it. A crash between the claim and the mark
   * leaves it claimed; another instance (or this one restarted) sends it once the lease has run out.
   */
  leaseMs: number;
  /** Bound on one run, so a backlog is sent over several runs. */
  maxPerRun: number;
}

export interface SenderRun {
  sent: number;
  retrying: number;
  failed: number;
}

interface Claimed {
  id: string;
  kind: string;
  params: unknown;
  link: string;
  recipientId: string;
  attempts: number;
  email: string;
  locale: string | null;
  timeZone: string | null;
}

/** The wait before try n+1 after n failed tries: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(failedTries: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failedTries - 1), 6 * 3_600_000);
}

/**
 * Claims up to a batch of due e-mails in one short transaction: FOR UPDATE SKIP LOCKED keeps instances off
 * each other's rows, and the claim (a try counted, `next_attempt_at` moved to the lease's end) is committed
 * before anything is sent, so no transaction stays open across SMTP.
 */
async function claimBatch(deps: SenderDeps, settings: SenderSettings, now: Date): Promise<Claimed[]> {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.emailStatus, 'pending'), lte(notifications.nextAttemptAt, now)))
      .orderBy(asc(notifications.nextAttemptAt))
      .limit(settings.batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await tx
      .update(notifications)
      .set({
        emailAttempts: sql`${notifications.emailAttempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + settings.leaseMs),
      })
      .where(inArray(notifications.id, ids));
    return tx
      .select({
        id: notifications.id,
        kind: notifications.kind,
        params: notifications.params,
        link: notifications.link,
        recipientId: notifications.recipientId,
        attempts: notifications.emailAttempts,
        email: authUsers.email,
        locale: profiles.locale,
        timeZone: profiles.timeZone,
      })
      .from(notifications)
      .innerJoin(authUsers, eq(authUsers.id, notifications.recipientId))
      .leftJoin(profiles, eq(profiles.id, notifications.recipientId))
      .where(inArray(notifications.id, ids));
  });
}

/** The e-mail of a claimed message, to its recipient's own address only, with the RFC 8058 headers. */
function mailOf(deps: SenderDeps, message: Claimed): Mail {
  const locale = isLocale(message.locale) ? message.locale : 'en';
  const token = unsubscribeToken(deps.secret, message.recipientId, message.kind as never);
  const rendered = renderMessageEmail(message, {
    locale,
    timeZone: message.timeZone ?? 'UTC',
    baseUrl: deps.baseUrl,
    // The web page, which asks before it POSTs: a mail scanner following links must not unsubscribe anyone.
    unsubscribeUrl: `${deps.baseUrl}/unsubscribe?token=${token}`,
  });
  return {
    to: message.email,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    link: absoluteLink(deps.baseUrl, message.link),
    headers: {
      'List-Unsubscribe': `<${deps.baseUrl}/api/v1/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** Marks it sent, only if it is still this claim's (same try count): a later claimant's mark is its own. */
async function markSent(db: Database, message: Claimed, now: Date) {
  await db
    .update(notifications)
    .set({ emailStatus: 'sent', sentAt: now, lastError: null, nextAttemptAt: null })
    .where(
      and(
        eq(notifications.id, message.id),
        eq(notifications.emailStatus, 'pending'),
        eq(notifications.emailAttempts, message.attempts),
      ),
    );
}

async function markFailedTry(
  deps: SenderDeps,
  settings: SenderSettings,
  message: Claimed,
  error: unknown,
  now: Date,
): Promise<'retrying' | 'failed'> {
  const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const final = message.attempts >= settings.maxAttempts;
  await deps.db
    .update(notifications)
    .set(
      final
        ? { emailStatus: 'failed', lastError, nextAttemptAt: null }
        : { lastError, nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)) },
    )
    .where(and(eq(notifications.id, message.id), eq(notifications.emailAttempts, message.attempts)));
  const details = { notificationId: message.id, kind: message.kind, attempts: message.attempts, error: lastError };
  if (final) deps.log.warn(details, 'notification e-mail given up after its last try');
  else deps.log.info(details, 'notification e-mail failed; it will be tried again');
  return final ? 'failed' : 'retrying';
}

/**
 * Sends the due e-mails, a batch at a time, until none is due, the run's bound is reached, or a shutdown
 * asks it to stop (checked between batches: a claimed batch is always finished). Each message is marked
 * right after its own send, so a crash loses at most the mark of the one in flight (ADR 0042: at least once).
 */
export async function runNotificationSender(
  deps: SenderDeps,
  settings: SenderSettings,
  signal?: AbortSignal,
): Promise<SenderRun> {
  const result: SenderRun = { sent: 0, retrying: 0, failed: 0 };
  let handled = 0;
  while (handled < settings.maxPerRun && !signal?.aborted) {
    const batch = await claimBatch(deps, settings, deps.clock.now());
    for (const message of batch) {
      let sendError: unknown = null;
      try {
        await deps.mailer.send(mailOf(deps, message));
      } catch (error) {
        sendError = error ?? new Error('send failed');
      }
      if (sendError === null) {
        await markSent(deps.db, message, deps.clock.now());
        result.sent += 1;
      } else {
        result[await markFailedTry(deps, settings, message, sendError, deps.clock.now())] += 1;
      }
    }
    handled += batch.length;
    if (batch.length < settings.batchSize) break;
  }
  return result;
}
