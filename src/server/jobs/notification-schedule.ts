import type { Database } from '../db/client';
import { notifyMany } from '../notifications/notify';
import { scheduleRepeating } from './schedule';
import { managerKinds } from './scheduled-notifications/manager';
import type { ScheduledKind } from './scheduled-notifications/rows';
import { technicianKinds } from './scheduled-notifications/technician';
import { weeklyKinds } from './scheduled-notifications/weekly';

export type { ScheduledKind };

export const SCHEDULED_KINDS: readonly ScheduledKind[] = [...technicianKinds, ...managerKinds, ...weeklyKinds];

/** Items read per page: a page's messages are written in one short transaction. */
export const SCHEDULE_PAGE_SIZE = 200;

export type ScheduleRun = Record<string, number>;

/**
 * Finds every scheduled message due at `now` and writes it with `notifyMany` (ADR 0045). Idempotent: each
 * message has a dedupe key (the item and threshold, or the recipient's local day), so a second run, or the
 * same run on a second server at once, adds nothing (the unique key's ON CONFLICT DO NOTHING). Runs page by
 * page, each in its own transaction, and stops between pages when `signal` aborts: the rest is found by
 * the next run. Returns how many messages each kind made.
 */
export async function runNotificationSchedule(
  db: Database,
  now: Date,
  signal?: AbortSignal,
  pageSize = SCHEDULE_PAGE_SIZE,
): Promise<ScheduleRun> {
  const made: ScheduleRun = {};
  for (const kind of SCHEDULED_KINDS) {
    let count = 0;
    made[kind.name] = count;
    let after: string | null = null;
    do {
      if (signal?.aborted) return made;
      const { messages, next } = await kind.page(db, now, after, pageSize);
      if (messages.length > 0) {
        const ids = await db.transaction((tx) => notifyMany(tx, messages, now));
        count += ids.length;
        made[kind.name] = count;
      }
      after = next;
    } while (after !== null);
  }
  return made;
}

/** Start-up run plus one every `intervalMs` (0: start-up only), at the clock's time. Returns a stop function. */
export function scheduleNotificationSchedule(
  db: Database,
  clock: { now(): Date },
  options: Parameters<typeof scheduleRepeating<ScheduleRun>>[1],
): () => Promise<void> {
  return scheduleRepeating((signal) => runNotificationSchedule(db, clock.now(), signal), options);
}
