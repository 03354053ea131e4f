import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { NotifyInput } from '../../notifications/notify';

/**
 * One kind of scheduled message: a page of the items or people it concerns, after the key
 * `after` in its own order, with the messages due now in each recipient's calendar. `next` is the key to
 * start the following page from, null after the last page.
 */
export interface ScheduledKind {
  name: string;
  page(
    db: Database,
    now: Date,
    after: string | null,
    limit: number,
  ): Promise<{ messages: NotifyInput[]; next: string | null }>;
}

/** A list of ids as one parameter (`x in (select jsonb_array_elements_text(…))`), however long. */
export function idList(ids: readonly string[]): SQL {
  return sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
}

/** The page's continuation: the last key when the page was full, else null (no more). */
export function nextKey(keys: readonly string[], limit: number): string | null {
  return keys.length >= limit ? (keys[keys.length - 1] ?? null) : null;
}

/** UTC's calendar day of an instant: every zone's today is within a day of it, so SQL windows widen by one. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}
