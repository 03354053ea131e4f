import { and, eq, type SQL } from 'drizzle-orm';
import type { SessionView } from '../../../domain/contracts/practice';
import { spanishQuestion } from '../../../domain/translation';
import type { Database, Executor } from '../../db/client';
import { profiles, studyChapters, testAssignments } from '../../db/schema';
import { buildResults, guideIndexFor } from './results';
import {
  type CategoryRef,
  findCategory,
  isExpired,
  loadOwnSession,
  loadSlotRows,
  revealOf,
  type SessionRow,
  type SlotRow,
} from './session-rows';
import { submitTestSession } from './submit';

/** The session as the runner shows it; keys and explanations only once answered in instant feedback, or completed. */
export async function getTestSession(
  db: Database,
  techId: string,
  sessionId: string,
  now = new Date(),
): Promise<SessionView> {
  const session = await loadOwnSession(db, techId, sessionId);
  if (isExpired(session, now)) {
    // Reopened after time ran out: the server submits it as of the deadline.
    const submitted = await submitTestSession(db, techId, sessionId, now);
    const view = await getTestSession(db, techId, sessionId, now);
    // The achievements that submit granted are announced with this view, once.
    return view.results ? { ...view, results: { ...view.results, newAchievements: submitted.newAchievements } } : view;
  }
  const [rows, category, [assignment], [chapter]] = await Promise.all([
    loadSlotRows(db, sessionId),
    session.categoryId ? findCategory(db, session.categoryId) : null,
    readAssignment(db, eq(testAssignments.testSessionId, sessionId)),
    session.categoryId && session.chapterNumber !== null
      ? db
          .select({ number: studyChapters.chapterNumber, title: studyChapters.title })
          .from(studyChapters)
          .where(
            and(
              eq(studyChapters.categoryId, session.categoryId),
              eq(studyChapters.chapterNumber, session.chapterNumber),
            ),
          )
      : [],
  ]);
  const completed = session.completedAt !== null;
  return toView(session, rows, {
    category,
    chapter: chapter ?? (session.chapterNumber !== null ? { number: session.chapterNumber, title: '' } : null),
    assignmentId: assignment?.id ?? null,
    assignment: assignment ? assignmentView(assignment) : null,
    now,
    results: completed ? buildResults(session, rows, await guideIndexFor(db, rows)) : null,
  });
}

/**
 * An assigned test's assignment, as its runner and its results name it: who assigned it, when it is due, and
 * where its attempts stand (found by the session it is linked to, or by its id right after a start).
 */
export function readAssignment(db: Executor, where: SQL) {
  return db
    .select({
      id: testAssignments.id,
      assignedBy: profiles.fullName,
      dueDate: testAssignments.dueDate,
      attempts: testAssignments.attempts,
      status: testAssignments.status,
    })
    .from(testAssignments)
    .innerJoin(profiles, eq(profiles.id, testAssignments.managerId))
    .where(where);
}

export function assignmentView(
  row: Awaited<ReturnType<typeof readAssignment>>[number],
): NonNullable<SessionView['assignment']> {
  return {
    assignedBy: row.assignedBy,
    dueDate: row.dueDate.toISOString(),
    attempts: row.attempts,
    completed: row.status === 'completed',
  };
}

/** A session and its slots as the runner shows them (also used right after a start). */
export function toView(
  session: Pick<SessionRow, 'id' | 'kind' | 'origin' | 'instantFeedback' | 'startedAt' | 'deadlineAt' | 'completedAt'>,
  rows: Pick<SlotRow, 'position' | 'question' | 'categoryCode' | 'selected' | 'flagged'>[],
  context: {
    category: CategoryRef | null;
    chapter: { number: number; title: string } | null;
    assignmentId: string | null;
    /** Who assigned it, its due date and where its attempts stand; the full read and an assigned start. */
    assignment?: SessionView['assignment'];
    now: Date;
    results: SessionView['results'];
  },
): SessionView {
  const completed = session.completedAt !== null;
  return {
    id: session.id,
    kind: session.kind,
    origin: session.origin,
    category: context.category,
    chapter: context.chapter,
    assignmentId: context.assignmentId,
    assignment: context.assignment ?? null,
    instantFeedback: session.instantFeedback,
    startedAt: session.startedAt.toISOString(),
    deadlineAt: session.deadlineAt?.toISOString() ?? null,
    remainingSeconds:
      session.deadlineAt && !completed
        ? Math.max(0, Math.floor((session.deadlineAt.getTime() - context.now.getTime()) / 1000))
        : null,
    status: completed ? 'completed' : 'in_progress',
    slots: rows.map((r) => ({
      position: r.position,
      question: {
        id: r.question.id,
        question: r.question.text,
        options: r.question.options,
        exhibit: r.question.exhibit,
        es: spanishQuestion(r.question.es),
      },
      categoryCode: r.categoryCode,
      selected: r.selected,
      flagged: r.flagged,
      // The server reveals a key early only in an instant-feedback test, and only for an answered question.
      reveal: session.instantFeedback && r.selected ? revealOf(r.question, r.selected) : null,
    })),
    results: context.results,
  };
}
