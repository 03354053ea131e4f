import { eq, inArray, sql } from 'drizzle-orm';
import {
  EMAIL_NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type UpdateNotificationPreferences,
} from '../../domain/contracts/notifications';
import type { Executor } from '../db/client';
import { notificationPreferences } from '../db/schema';

type EmailKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];

/**
 * The quiet defaults a shop would choose (ADR 0042): what someone is asked to act on is e-mailed (an
 * assignment, a join request, a decision, an expiring certification, a billing problem); the study nudge
 * is opt-in; a manager gets one daily summary of completed tests rather than a mail per test, and the
 * weekly digest on Mondays. In-app is always on.
 */
export const DEFAULT_EMAIL: Record<EmailKind, boolean> = {
  assignment_created: true,
  assignment_due_tomorrow: true,
  shop_request_decided: true,
  certification_expiring: true,
  subscription_problem: true,
  study_nudge: false,
  join_request_received: true,
  assignment_completed: true,
  assignment_daily_summary: true,
  assignment_overdue: true,
  technician_certification_expiring: true,
  master_at_risk: true,
  shop_trial_ending: true,
  shop_payment_failed: true,
  weekly_digest: true,
};

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  email: DEFAULT_EMAIL,
  digestDay: 1,
  completionEmails: 'daily',
};

type PreferencesRow = typeof notificationPreferences.$inferSelect;

/** A stored row (or none) as the whole set of choices: the defaults under what the person changed. */
export function effectivePreferences(
  row: Pick<PreferencesRow, 'email' | 'digestDay' | 'completionEmails'> | undefined,
) {
  if (!row) return { ...DEFAULT_PREFERENCES, email: { ...DEFAULT_EMAIL } };
  const email = { ...DEFAULT_EMAIL };
  for (const kind of EMAIL_NOTIFICATION_KINDS) {
    const chosen = row.email[kind];
    if (typeof chosen === 'boolean') email[kind] = chosen;
  }
  return { email, digestDay: row.digestDay, completionEmails: row.completionEmails } satisfies NotificationPreferences;
}

/**
 * Whether a message of this kind goes out by e-mail as well as in-app. Achievements are in-app only; a
 * manager on the daily summary gets completed tests in that one mail (N2's job reads them from the
 * assignments), so each completion is in-app only.
 */
export function wantsEmail(preferences: NotificationPreferences, kind: NotificationKind): boolean {
  if (kind === 'achievement_earned') return false;
  if (kind === 'assignment_completed' && preferences.completionEmails === 'daily') return false;
  return preferences.email[kind] ?? false;
}

export async function loadPreferences(db: Executor, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return effectivePreferences(row);
}

/** Several people's choices in one read (a batch of messages); absent ones have the defaults. */
export async function loadPreferencesOf(
  db: Executor,
  userIds: string[],
): Promise<Map<string, NotificationPreferences>> {
  const rows =
    userIds.length === 0
      ? []
      : await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds));
  const byUser = new Map(rows.map((row) => [row.userId, effectivePreferences(row)]));
  return new Map(userIds.map((id) => [id, byUser.get(id) ?? effectivePreferences(undefined)]));
}

/**
 * Saves what changed; e-mail choices merge into those stored (one kind at a time from a toggle, or all).
 * Runs as one upsert, so two tabs saving different kinds both keep their change.
 */
export async function updatePreferences(
  db: Executor,
  userId: string,
  update: UpdateNotificationPreferences,
): Promise<NotificationPreferences> {
  const email: Record<string, boolean> = {};
  for (const [kind, on] of Object.entries(update.email ?? {})) if (typeof on === 'boolean') email[kind] = on;
  const [row] = await db
    .insert(notificationPreferences)
    .values({
      userId,
      email,
      digestDay: update.digestDay ?? DEFAULT_PREFERENCES.digestDay,
      completionEmails: update.completionEmails ?? DEFAULT_PREFERENCES.completionEmails,
    })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        email: sqlMergeEmail(email),
        ...(update.digestDay !== undefined ? { digestDay: update.digestDay } : {}),
        ...(update.completionEmails !== undefined ? { completionEmails: update.completionEmails } : {}),
        updatedAt: new Date(),
      },
    })
    .returning();
  return effectivePreferences(row);
}

/** Turns one kind's e-mail off (the unsubscribe link), keeping every other choice. */
export async function turnEmailOff(db: Executor, userId: string, kind: EmailKind): Promise<void> {
  await updatePreferences(db, userId, { email: { [kind]: false } });
}

function sqlMergeEmail(email: Record<string, boolean>) {
  return sql`${notificationPreferences.email} || ${JSON.stringify(email)}::jsonb`;
}
