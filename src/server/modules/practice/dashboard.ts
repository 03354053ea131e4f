import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { assignmentDisplayStatus, isDueSoon } from '../../../domain/assignment-status';
import type { AssignedTest, Dashboard, HistoryItem } from '../../../domain/contracts/practice';
import { FALLBACK_TIME_ZONE } from '../../../domain/due-date';
import type { Database } from '../../db/client';
import { aseCategories, testAssignments, testSessions } from '../../db/schema';

const HISTORY_ROWS = 10;

/** Performance Insights, Recent Test History and Assigned Tests for the technician dashboard. */
export async function getTechDashboard(
  db: Database,
  techId: string,
  shopId: string | null,
  options: { now?: Date; timeZone?: string | null } = {},
): Promise<Dashboard> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? FALLBACK_TIME_ZONE;
  const [stats] = await db
    .select({
      taken: sql<number>`count(*)`.mapWith(Number),
      average: sql<number>`coalesce(round(avg(${testSessions.score})), 0)`.mapWith(Number),
      passed: sql<number>`count(*) filter (where ${testSessions.score} >= 70)`.mapWith(Number),
      best: sql<number>`coalesce(max(${testSessions.score}), 0)`.mapWith(Number),
    })
    .from(testSessions)
    .where(and(eq(testSessions.techId, techId), isNotNull(testSessions.completedAt)));

  const recent = await db
    .select({ session: testSessions, code: aseCategories.code, name: aseCategories.name })
    .from(testSessions)
    .leftJoin(aseCategories, eq(aseCategories.id, testSessions.categoryId))
    .where(eq(testSessions.techId, techId))
    .orderBy(desc(testSessions.startedAt))
    .limit(HISTORY_ROWS);
  const history: HistoryItem[] = recent.map(({ session, code, name }) => ({
    id: session.id,
    kind: session.kind,
    title:
      session.kind === 'exam'
        ? code
          ? `${code} ${name} Practice Exam`
          : 'Full Comprehensive Practice Exam'
        : `${code} ${name}`,
    status: session.completedAt ? 'Completed' : 'In Progress',
    score: session.score,
    correct: session.correctAnswers,
    total: session.totalQuestions,
    startedAt: session.startedAt.toISOString(),
    completedAt: session.completedAt?.toISOString() ?? null,
  }));

  let assignments: AssignedTest[] | null = null;
  if (shopId) {
    const rows = await db
      .select({
        a: testAssignments,
        code: aseCategories.code,
        name: aseCategories.name,
        openSessionId: testSessions.id,
      })
      .from(testAssignments)
      .innerJoin(aseCategories, eq(aseCategories.id, testAssignments.categoryId))
      .leftJoin(testSessions, and(eq(testSessions.id, testAssignments.testSessionId), isNull(testSessions.completedAt)))
      // The current shop's assignments only: a technician who changed shops leaves the old ones behind.
      .where(
        and(
          eq(testAssignments.techId, techId),
          eq(testAssignments.shopId, shopId),
          ne(testAssignments.status, 'completed'),
        ),
      )
      .orderBy(asc(testAssignments.dueDate));
    assignments = rows.map(({ a, code, name, openSessionId }) => ({
      id: a.id,
      category: { id: a.categoryId, code, name },
      dueDate: a.dueDate.toISOString(),
      notes: a.notes,
      status: assignmentDisplayStatus(a.status, a.dueDate, now),
      dueSoon: isDueSoon(a.dueDate, now, timeZone),
      testSessionId: a.testSessionId,
      openSessionId,
    }));
  }
  return {
    insights: {
      testsTaken: stats.taken,
      averageScore: stats.average,
      testsPassed: stats.passed,
      bestScore: stats.best,
    },
    history,
    assignments,
  };
}
