import { and, eq, sql } from 'drizzle-orm';
import type { Letter } from '../../../domain/content/letters';
import type { SavedAnswer } from '../../../domain/contracts/practice';
import { EXAM_GRACE_SECONDS } from '../../../domain/exam-assembly';
import type { Database } from '../../db/client';
import { asColumn, columnOf, orNull, preparedStatement } from '../../db/prepared';
import { questions, testAnswers, testSessions } from '../../db/schema';
import { AppError } from '../../errors';
import { alreadySubmitted, isExpired, loadOwnSession, lockedAnswer, revealOf, timeUp } from './session-rows';

/**
 * Saves one choice or flag as it is made, in one statement. It writes nothing for another user's
 * session, a submitted one (is_correct is set at submit, so a write racing the submit loses), an
 * exam past its deadline plus grace, or a different answer to a question whose explanation an
 * instant-feedback test has already shown (the same answer again is accepted: a retried save); then it
 * returns null and `explainUnsavedAnswer` says why. In an instant-feedback test the reply reveals the key,
 * and the same statement records that key as seen by this technician (an assigned test avoids it).
 */
export async function saveAnswer(
  db: Database,
  userId: string,
  sessionId: string,
  position: number,
  change: { answer?: Letter; flagged?: boolean },
  now = new Date(),
): Promise<SavedAnswer | null> {
  const [saved] = await saveAnswerStatement(db, {
    sessionId,
    position,
    userId,
    answer: change.answer ?? null,
    flagged: change.flagged ?? null,
    now: now.toISOString(),
    graceCutoff: new Date(now.getTime() - EXAM_GRACE_SECONDS * 1000).toISOString(),
  });
  if (!saved) return null;
  return {
    position: saved.position,
    selected: saved.selected,
    flagged: saved.flagged,
    reveal:
      saved.selected && saved.correct_answer && saved.explanation !== null && saved.why_wrong
        ? revealOf(
            {
              correctAnswer: saved.correct_answer,
              explanation: saved.explanation,
              whyWrong: saved.why_wrong,
              es: saved.es,
            },
            saved.selected,
          )
        : null,
  };
}

/** One statement per click; a null answer or flag leaves that column as it is. */
const saveAnswerStatement = preparedStatement(
  'save_answer',
  {
    position: columnOf('saved', testAnswers.position),
    selected: asColumn(testAnswers.selectedAnswer, sql`saved.selected`),
    flagged: columnOf('saved', testAnswers.flagged),
    instant_feedback: columnOf('saved', testSessions.instantFeedback),
    // The key and its explanation only where the test shows them as you go.
    correct_answer: orNull(
      asColumn(questions.correctAnswer, sql`case when saved.instant_feedback then q.correct_answer end`),
    ),
    explanation: orNull(asColumn(questions.explanation, sql`case when saved.instant_feedback then q.explanation end`)),
    why_wrong: orNull(asColumn(questions.whyWrong, sql`case when saved.instant_feedback then q.why_wrong end`)),
    es: orNull(asColumn(questions.es, sql`case when saved.instant_feedback then q.es end`)),
  },
  (columns) => sql`
    with session as (
      select s.id, s.instant_feedback from test_sessions s
      where s.id = ${sql.placeholder('sessionId')}::uuid and s.tech_id = ${sql.placeholder('userId')}
        and s.completed_at is null
        and (s.deadline_at is null or s.deadline_at >= ${sql.placeholder('graceCutoff')}::timestamptz)
    ), saved as (
      update test_answers ta set
        selected_answer = coalesce(${sql.placeholder('answer')}::varchar, ta.selected_answer),
        answered_at = case when ${sql.placeholder('answer')}::varchar is null then ta.answered_at
          else ${sql.placeholder('now')}::timestamptz end,
        flagged = coalesce(${sql.placeholder('flagged')}::boolean, ta.flagged)
      from session
      where ta.session_id = session.id and ta.position = ${sql.placeholder('position')}::int
        and ta.is_correct is null
        -- instant feedback: an answer whose explanation was shown stays as it is
        and (not session.instant_feedback or ${sql.placeholder('answer')}::varchar is null
          or ta.selected_answer is null or ta.selected_answer = ${sql.placeholder('answer')}::varchar)
      returning ta.position, ta.selected_answer as selected, ta.flagged, ta.question_id, session.instant_feedback
    ), key_shown as (
      -- The reply reveals the key: it counts as seen from now, submitted or not (ADR 0032).
      insert into question_keys_shown (user_id, question_id, shown_at)
      select ${sql.placeholder('userId')}, saved.question_id, ${sql.placeholder('now')}::timestamptz
      from saved where saved.instant_feedback and saved.selected is not null
      on conflict (user_id, question_id) do update
        set shown_at = greatest(question_keys_shown.shown_at, excluded.shown_at)
    )
    -- A draft answer does not wait for its commit to reach the disk (ADR 0008): after a database crash
    -- the last fraction of a second of clicks may need repeating; a submit is always durable.
    select ${columns}
    from saved join questions q on q.id = saved.question_id, set_config('synchronous_commit', 'off', true) as asynchronous`,
);

/** Why `saveAnswer` wrote nothing for this technician: the error to answer with. */
export async function explainUnsavedAnswer(
  db: Database,
  techId: string,
  sessionId: string,
  position: number,
  now = new Date(),
) {
  const session = await loadOwnSession(db, techId, sessionId);
  if (session.completedAt) return alreadySubmitted();
  if (isExpired(session, now)) return timeUp();
  if (session.instantFeedback) {
    const [slot] = await db
      .select({ selected: testAnswers.selectedAnswer })
      .from(testAnswers)
      .where(and(eq(testAnswers.sessionId, sessionId), eq(testAnswers.position, position)));
    if (slot?.selected) return lockedAnswer();
  }
  return new AppError('NOT_FOUND.questionInTest', 404);
}
