import type { Executor } from '../db/client';
import { notifications } from '../db/schema';
import { loadPreferencesOf, wantsEmail } from './preferences';
import { type NotificationParams, TEMPLATES, type TemplatedKind } from './templates/index';

interface NotifyInputOf<K extends TemplatedKind> {
  recipientId: string;
  kind: K;
  params: NotificationParams<K>;
  /** The app path of the screen that acts on it (`/app`, `/manager/technicians/…`). */
  link: string;
  /**
   * For scheduled messages: the item and threshold (`cert:<id>:30`). A second message with the same
   * recipient, kind and key is not made (unique index, ON CONFLICT DO NOTHING).
   */
  dedupeKey?: string;
  /** The e-mail waits until then (a burst of assignments gathers into one message); default now. */
  emailNotBefore?: Date;
  /**
   * In-app only, whatever the recipient's choices: they were e-mailed of the same thing lately (a technician's
   * repeated requests to join, events.ts).
   */
  inAppOnly?: boolean;
}

export type NotifyInput = { [K in TemplatedKind]: NotifyInputOf<K> }[TemplatedKind];

/**
 * Writes messages in the caller's transaction, so they exist exactly when the event that causes them
 * commits (ADR 0042). Each is in-app at once; its e-mail is `pending` for the sender job, or `skipped` when
 * the recipient's choices say no (decided now: a later change of mind does not reach back). Params are
 * checked against the kind's template, so a message that could not be rendered is refused here, at its cause.
 * Returns the ids made (a dedupe key already used makes none).
 */
export async function notifyMany(tx: Executor, inputs: NotifyInput[], now = new Date()): Promise<string[]> {
  if (inputs.length === 0) return [];
  const preferences = await loadPreferencesOf(tx, [...new Set(inputs.map((input) => input.recipientId))]);
  const rows = inputs.map((input) => {
    const params = TEMPLATES[input.kind].params.parse(input.params) as Record<string, unknown>;
    const email = !input.inAppOnly && wantsEmail(preferences.get(input.recipientId) as never, input.kind);
    return {
      recipientId: input.recipientId,
      kind: input.kind,
      params,
      link: input.link,
      dedupeKey: input.dedupeKey ?? null,
      createdAt: now,
      emailStatus: email ? ('pending' as const) : ('skipped' as const),
      nextAttemptAt: email ? (input.emailNotBefore ?? now) : null,
    };
  });
  const made = await tx.insert(notifications).values(rows).onConflictDoNothing().returning({ id: notifications.id });
  return made.map((row) => row.id);
}

/** One message; null when its dedupe key was already used. */
export async function notify(tx: Executor, input: NotifyInput, now = new Date()): Promise<string | null> {
  const [id] = await notifyMany(tx, [input], now);
  return id ?? null;
}
