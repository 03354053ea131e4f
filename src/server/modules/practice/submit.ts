import { sql } from 'drizzle-orm';
import { PASS_MARK } from '../../../domain/constants';
import type { Results } from '../../../domain/contracts/practice';
import { PRACTICE_MESSAGES } from '../../../domain/contracts/practice';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { AppError } from '../../errors';
import { recordProgressTotals } from './progress-totals';
import { buildResults } from './results';
import { loadOwnSession, loadSlotRows, type SlotDbRow, type SlotRow, toSlotRow } from './session-rows';

/** A session the submit has just completed, for the steps that follow in the same transaction. */
export interface CompletedSession {
  sessionId: string;
  userId: string;
  completedAt: Date;
  score: number;
  correct: number;
  total: number;
  slots: SlotRow[];
}

/**
 * Scores and completes a session in one transaction: the submit statement marks every answer right
 * or wrong, completes the session with its score, and updates per-question progress, difficulty stats,
 * category mastery and (at 70 or more, SPEC §4) the linked assignment; the steps after it (which see the
 * completed session) run in the same transaction, so a failure anywhere leaves nothing behind. The
 * statement locks the session row and acts only on the caller's own open session whose questions are all
 * answered (exams may have blanks), so double or concurrent submits complete it once; when it does
 * nothing, the stored result or the reason is returned instead.
 */
export async function submitTestSession(
  db: Database,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<Results> {
  const completed = await db.transaction(async (tx) => {
    const rows = await completeSession(tx, { userId, sessionId, now: now.toISOString() });
    const [first] = rows;
    if (!first) return null;
    const session: CompletedSession = {
      sessionId,
      userId,
      completedAt: new Date(first.completed_at),
      score: first.score,
      correct: first.correct,
      total: first.total,
      slots: rows.map(toSlotRow).sort((a, b) => a.position - b.position),
    };
    // The other writes that belong to a submit (ARCHITECTURE "Data") follow here, each given `tx` and `session`.
    await recordProgressTotals(tx, session);
    return session;
  });
  if (completed) {
    return buildResults(
      {
        completedAt: completed.completedAt,
        score: completed.score,
        correctAnswers: completed.correct,
        totalQuestions: completed.total,
      },
      completed.slots,
    );
  }
  const session = await loadOwnSession(db, userId, sessionId);
  if (!session.completedAt) throw new AppError('NOT_ALL_ANSWERED', 400, PRACTICE_MESSAGES.notAllAnswered);
  return buildResults(session, await loadSlotRows(db, sessionId));
}

/**
 * The submit statement. Its parts see one snapshot, so each reads the scored answers from
 * `scored`'s RETURNING rather than the table. Shared rows (difficulty stats, the user's progress
 * and mastery) are upserted in key order so concurrent submits lock them in the same order.
 * The score is `percentScore` in integer SQL; after the deadline an exam counts as submitted at it.
 */
const completeSession = preparedQuery<
  SlotDbRow & { completed_at: Date | string; score: number; correct: number; total: number }
>(
  'submit_test_session',
  sql`
    with session as (
      select id, total_questions,
        case when deadline_at < ${sql.placeholder('now')}::timestamptz then deadline_at
          else ${sql.placeholder('now')}::timestamptz end as completed_at
      from test_sessions
      where id = ${sql.placeholder('sessionId')} and tech_id = ${sql.placeholder('userId')} and completed_at is null
        and (kind = 'exam' or not exists
          (select 1 from test_answers where session_id = ${sql.placeholder('sessionId')} and selected_answer is null))
      for update
    ), scored as (
      update test_answers ta
      set is_correct = (ta.selected_answer is not null and ta.selected_answer = q.correct_answer)
      from session, questions q
      where ta.session_id = session.id and q.id = ta.question_id
      returning ta.position, ta.selected_answer, ta.flagged, ta.is_correct, ta.question_id, q.category_id
    ), outcome as (
      select session.id, session.completed_at, session.total_questions as total, counted.correct,
        (200 * counted.correct + session.total_questions) / (2 * session.total_questions) as score
      from session, (select count(*) filter (where is_correct)::int as correct from scored) counted
    ), completed as (
      update test_sessions ts
      set completed_at = outcome.completed_at, score = outcome.score, correct_answers = outcome.correct
      from outcome where ts.id = outcome.id
    ), answered as (
      select question_id, category_id, is_correct, outcome.completed_at
      from scored, outcome where scored.selected_answer is not null
    ), progress as (
      insert into user_question_progress (user_id, question_id, times_answered, times_correct, last_answered_at)
      select ${sql.placeholder('userId')}, question_id, count(*), count(*) filter (where is_correct), min(completed_at)
      from answered group by question_id order by question_id
      on conflict (user_id, question_id) do update set
        times_answered = user_question_progress.times_answered + excluded.times_answered,
        times_correct = user_question_progress.times_correct + excluded.times_correct,
        last_answered_at = excluded.last_answered_at
    ), difficulty as (
      insert into question_difficulty_stats (question_id, difficulty, times_answered, times_correct, updated_at)
      select question_id, 1 - (count(*) filter (where is_correct))::real / count(*), count(*),
        count(*) filter (where is_correct), min(completed_at)
      from answered group by question_id order by question_id
      on conflict (question_id) do update set
        times_answered = question_difficulty_stats.times_answered + excluded.times_answered,
        times_correct = question_difficulty_stats.times_correct + excluded.times_correct,
        difficulty = 1 - (question_difficulty_stats.times_correct + excluded.times_correct)::real
          / (question_difficulty_stats.times_answered + excluded.times_answered),
        updated_at = excluded.updated_at
    ), mastery as (
      insert into user_category_mastery
        (user_id, category_id, mastery_score, questions_attempted, correct_answers, recent_performance, updated_at)
      select ${sql.placeholder('userId')}, category_id, (count(*) filter (where is_correct))::real / count(*), count(*),
        count(*) filter (where is_correct), (count(*) filter (where is_correct))::real / count(*), min(completed_at)
      from answered group by category_id order by category_id
      on conflict (user_id, category_id) do update set
        questions_attempted = user_category_mastery.questions_attempted + excluded.questions_attempted,
        correct_answers = user_category_mastery.correct_answers + excluded.correct_answers,
        mastery_score = (user_category_mastery.correct_answers + excluded.correct_answers)::real
          / (user_category_mastery.questions_attempted + excluded.questions_attempted),
        recent_performance = excluded.recent_performance,
        updated_at = excluded.updated_at
    ), assignment as (
      update test_assignments ta set status = 'completed', completed_at = outcome.completed_at
      from outcome
      where ta.test_session_id = outcome.id and ta.status <> 'completed' and outcome.score >= ${PASS_MARK}
    )
    select outcome.completed_at, outcome.score, outcome.correct, outcome.total, scored.position,
      scored.selected_answer, scored.flagged, scored.is_correct, scored.question_id, q.question_text,
      q.option_a, q.option_b, q.option_c, q.option_d, q.correct_answer, q.explanation, q.why_wrong, c.code, c.name
    from outcome, scored
    join questions q on q.id = scored.question_id
    join ase_categories c on c.id = q.category_id`,
);
