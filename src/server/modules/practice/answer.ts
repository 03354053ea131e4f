import { sql } from 'drizzle-orm';
import type { Letter } from '../../../domain/content/schemas';
import { EXAM_GRACE_SECONDS } from '../../../domain/exam-assembly';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { AppError } from '../../errors';
import { alreadySubmitted, isExpired, loadOwnSession, timeUp } from './session-rows';

/**
 * Saves one choice or flag as it is made, in one statement. It writes nothing for another user's
 * session, a submitted one (is_correct is set at submit, so a write racing the submit loses), or
 * an exam past its deadline plus grace; then it returns null and `explainUnsavedAnswer` says why.
 */
export async function saveAnswer(
  db: Database,
  userId: string,
  sessionId: string,
  position: number,
  change: { answer?: Letter; flagged?: boolean },
  now = new Date(),
) {
  const [saved] = await saveAnswerStatement(db, {
    sessionId,
    position,
    userId,
    answer: change.answer ?? null,
    flagged: change.flagged ?? null,
    now: now.toISOString(),
    graceCutoff: new Date(now.getTime() - EXAM_GRACE_SECONDS * 1000).toISOString(),
  });
  return saved ?? null;
}

/** One statement per click; a null answer or flag leaves that column as it is. */
const saveAnswerStatement = preparedQuery<{ position: number; selected: Letter | null; flagged: boolean }>(
  'save_answer',
  sql`
    with saved as (
      update test_answers ta set
        selected_answer = coalesce(${sql.placeholder('answer')}::varchar, ta.selected_answer),
        answered_at = case when ${sql.placeholder('answer')}::varchar is null then ta.answered_at
          else ${sql.placeholder('now')}::timestamptz end,
        flagged = coalesce(${sql.placeholder('flagged')}::boolean, ta.flagged)
      where ta.session_id = ${sql.placeholder('sessionId')}::uuid and ta.position = ${sql.placeholder('position')}::int
        and ta.is_correct is null
        and exists (select 1 from test_sessions s where s.id = ta.session_id and s.tech_id = ${sql.placeholder('userId')}
          and s.completed_at is null
          and (s.deadline_at is null or s.deadline_at >= ${sql.placeholder('graceCutoff')}::timestamptz))
      returning ta.position, ta.selected_answer as selected, ta.flagged
    )
    -- A draft answer does not wait for its commit to reach the disk (ADR 0008): after a database crash
    -- the last fraction of a second of clicks may need repeating; a submit is always durable.
    select saved.* from saved, set_config('synchronous_commit', 'off', true) as asynchronous`,
);

/** Why `saveAnswer` wrote nothing for this technician: the error to answer with. */
export async function explainUnsavedAnswer(db: Database, techId: string, sessionId: string, now = new Date()) {
  const session = await loadOwnSession(db, techId, sessionId);
  if (session.completedAt) return alreadySubmitted();
  if (isExpired(session, now)) return timeUp();
  return new AppError('NOT_FOUND', 404, 'Question not found in this test');
}
