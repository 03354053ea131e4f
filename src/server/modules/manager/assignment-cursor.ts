import { validationFailed } from '../../errors';

/**
 * Where a Test Assignments page stopped: the last row shown, in the list's order (open assignments by
 * due date and id, then completed ones by completion time and id, newest first). The next page starts
 * right after it, so rows written meanwhile neither repeat nor shift the pages (keyset paging). `at` is
 * the row's time to the microsecond, as PostgreSQL keeps it (a millisecond cursor would skip rows that
 * share its millisecond).
 */
export type AssignmentCursor = { section: 'open' | 'completed'; at: string; id: string };

const PREFIX = { open: 'open', completed: 'done' } as const;
const PATTERN =
  /^(open|done)_((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeAssignmentCursor(cursor: AssignmentCursor): string {
  return `${PREFIX[cursor.section]}_${cursor.at}_${cursor.id}`;
}

/** The cursor a page handed out; anything else is a 400 (VALIDATION_FAILED.pageCursor), never a 5xx. */
export function parseAssignmentCursor(text: string): AssignmentCursor {
  const match = PATTERN.exec(text);
  // A real instant: 2026-02-31 or 25:00 would reach PostgreSQL as an error, so they stop here.
  const millis = match ? `${match[3]}Z` : '';
  const date = new Date(millis);
  if (!match || Number.isNaN(date.getTime()) || date.toISOString() !== millis) {
    throw validationFailed('VALIDATION_FAILED.pageCursor');
  }
  return { section: match[1] === 'open' ? 'open' : 'completed', at: match[2] as string, id: match[4] as string };
}
