import { eq } from 'drizzle-orm';
import type { SessionView } from '../../../domain/contracts/practice';
import type { Database } from '../../db/client';
import { testAssignments } from '../../db/schema';
import { buildResults } from './results';
import {
  type CategoryRef,
  findCategory,
  isExpired,
  loadOwnSession,
  loadSlotRows,
  type SessionRow,
  type SlotRow,
} from './session-rows';
import { submitTestSession } from './submit';

/** The session as the runner shows it; keys and explanations only once it is completed. */
export async function getTestSession(
  db: Database,
  techId: string,
  sessionId: string,
  now = new Date(),
): Promise<SessionView> {
  const session = await loadOwnSession(db, techId, sessionId);
  if (isExpired(session, now)) {
    // Reopened after time ran out: the server submits it as of the deadline.
    await submitTestSession(db, techId, sessionId, now);
    return getTestSession(db, techId, sessionId, now);
  }
  const [rows, category, [assignment]] = await Promise.all([
    loadSlotRows(db, sessionId),
    session.categoryId ? findCategory(db, session.categoryId) : null,
    db.select({ id: testAssignments.id }).from(testAssignments).where(eq(testAssignments.testSessionId, sessionId)),
  ]);
  return toView(session, rows, { category, assignmentId: assignment?.id ?? null, now });
}

function toView(
  session: Pick<
    SessionRow,
    'id' | 'kind' | 'startedAt' | 'deadlineAt' | 'completedAt' | 'score' | 'correctAnswers' | 'totalQuestions'
  >,
  rows: SlotRow[],
  context: { category: CategoryRef | null; assignmentId: string | null; now: Date },
): SessionView {
  const completed = session.completedAt !== null;
  return {
    id: session.id,
    kind: session.kind,
    category: context.category,
    assignmentId: context.assignmentId,
    startedAt: session.startedAt.toISOString(),
    deadlineAt: session.deadlineAt?.toISOString() ?? null,
    remainingSeconds:
      session.deadlineAt && !completed
        ? Math.max(0, Math.floor((session.deadlineAt.getTime() - context.now.getTime()) / 1000))
        : null,
    status: completed ? 'completed' : 'in_progress',
    slots: rows.map((r) => ({
      position: r.position,
      question: { id: r.question.id, question: r.question.text, options: r.question.options },
      categoryCode: r.categoryCode,
      selected: r.selected,
      flagged: r.flagged,
    })),
    results: completed ? buildResults(session, rows) : null,
  };
}
