import { and, desc, eq, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { SessionOrigin } from '../../../domain/contracts/practice';
import type { Executor } from '../../db/client';
import { testAssignments, testSessions } from '../../db/schema';

/**
 * The technician's open self-started test of this exact sort (same category, origin, chapter and
 * source test), newest first: starting it again resumes it (issue 22, one open test per category).
 * Sessions linked to an assignment are the assignment's, resumed from the Assigned Tests list.
 */
export async function findOpenSession(
  db: Executor,
  techId: string,
  match: {
    origin: SessionOrigin;
    categoryId: string | null;
    chapter: { number: number } | null;
    sourceSessionId: string | null;
  },
): Promise<string | null> {
  const same = (column: Parameters<typeof eq>[0], value: string | number | null): SQL =>
    value === null ? isNull(column) : eq(column, value);
  const [open] = await db
    .select({ id: testSessions.id })
    .from(testSessions)
    .where(
      and(
        eq(testSessions.techId, techId),
        isNull(testSessions.completedAt),
        eq(testSessions.kind, 'category'),
        eq(testSessions.origin, match.origin),
        same(testSessions.categoryId, match.categoryId),
        same(testSessions.chapterNumber, match.chapter?.number ?? null),
        same(testSessions.sourceSessionId, match.sourceSessionId),
        notExists(
          db.select({ one: sql`1` }).from(testAssignments).where(eq(testAssignments.testSessionId, testSessions.id)),
        ),
      ),
    )
    .orderBy(desc(testSessions.startedAt))
    .limit(1);
  return open?.id ?? null;
}
