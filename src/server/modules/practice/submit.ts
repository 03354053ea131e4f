import { and, eq, inArray, sql } from 'drizzle-orm';
import { isPassingScore, PASS_MARK } from '../../../domain/constants';
import type { Results } from '../../../domain/contracts/practice';
import { effectiveDifficulty } from '../../../domain/question-difficulty';
import { NEW_CARDS_PER_DAY } from '../../../domain/review-pace';
import type { Executor } from '../../db/client';
import { asColumn, columnOf, jsonObject, orNull, preparedStatement, type SqlType } from '../../db/prepared';
import {
  aseCategories,
  profiles,
  questionDifficultyStats,
  questions,
  testAnswers,
  testAssignments,
  testSessions,
} from '../../db/schema';
import { AppError } from '../../errors';
import { notifyAssignmentCompleted } from '../../notifications/events';
import { grantAchievements } from '../achievements';
import { type MasteryRead, type ScoredAnswer, updateMasteryAfterSubmit } from '../mastery';
import { progressTotalsCtes } from './progress-totals';
import { questionTexts, questionVersion } from './question-texts';
import { buildResults, guideIndexFor } from './results';
import { percentScoreSql } from './score-sql';
import { loadOwnSession, loadSlotRows, type SlotRow } from './session-rows';

/** A session the submit has just completed, for the steps that follow in the same transaction. */
export interface CompletedSession {
  sessionId: string;
  userId: string;
  completedAt: Date;
  score: number;
  correct: number;
  total: number;
  /** Each slot without its question's words (read after the transaction: `questionTexts`), by position. */
  slots: SubmittedSlot[];
  /** The answered slots (an exam's blanks are left out), one per slot: an exam's copies count each time. */
  answers: ScoredAnswer[];
  /** What the mastery step reads, read (and locked) by the submit statement to save a round trip. */
  masteryRead: MasteryRead | null;
}

/**
 * Scores and completes a session in one transaction: the submit statement marks every answer right
 * or wrong, completes the session with its score (flagged for the difficulty-stats job, ADR 0014), and
 * updates per-question progress and (at 70 or more, docs/PRODUCT.md#pass-mark) the linked assignment; the steps after it
 * (category mastery, and others) see the completed session and run in the same transaction, so a
 * failure anywhere leaves nothing behind. The statement locks the session row and acts only on the caller's
 * own open session whose questions are all answered (exams may have blanks), so double or concurrent submits
 * complete it once; when it does nothing, the stored result or the reason is returned instead.
 */
export async function submitTestSession(
  db: Executor,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<Results> {
  const completed = await db.transaction(async (tx) => {
    const rows = await completeSession(tx, {
      userId,
      sessionId,
      now: now.toISOString(),
      passMark: PASS_MARK,
      newCardsPerDay: NEW_CARDS_PER_DAY,
    });
    const [first] = rows;
    if (!first) return null;
    const session: CompletedSession = {
      sessionId,
      userId,
      completedAt: first.completed_at,
      score: first.score,
      correct: first.correct,
      total: first.total,
      slots: rows.sort((a, b) => a.position - b.position),
      answers: rows
        .filter((row) => row.selected_answer !== null)
        .map((row) => ({
          questionId: row.question_id,
          categoryId: row.category_id,
          contentArea: row.content_area,
          difficulty: effectiveDifficulty(row.difficulty_label, row.stat_difficulty, row.stat_answered),
          correct: row.is_correct === true,
        })),
      masteryRead: rows.find((row) => row.mastery_read)?.mastery_read ?? null,
    };
    // Almost never: answers marked first although a submit that ran meanwhile answered the question first.
    const raced = rows.find((row) => row.stats_raced)?.stats_raced;
    if (raced) {
      await tx
        .update(testAnswers)
        .set({ countsForStats: false })
        .where(and(eq(testAnswers.sessionId, sessionId), inArray(testAnswers.questionId, raced)));
    }
    // The other writes that belong to a submit (docs/ARCHITECTURE.md#data) follow here, each given `tx` and
    // `session`; the running totals (progress-totals.ts) are part of the statement above.
    await updateMasteryAfterSubmit(tx, session);
    const newAchievements = await grantAchievements(tx, session);
    // Its one extra write, only when the attempt counted for an assignment: the manager's message.
    const assignment = rows.find((row) => row.assignment_done)?.assignment_done;
    if (assignment) {
      await notifyAssignmentCompleted(
        tx,
        {
          assignmentId: assignment.id,
          managerId: assignment.managerId,
          techId: assignment.techId,
          technicianName: assignment.technicianName,
          categoryCode: assignment.categoryCode,
          categoryName: assignment.categoryName,
          score: session.score,
          passed: isPassingScore(session.score),
          sessionId,
        },
        now,
      );
    }
    return { session, newAchievements };
  });
  if (completed) {
    const { session, newAchievements } = completed;
    const texts = await questionTexts(
      db,
      session.slots.map((slot) => ({ id: slot.question_id, version: slot.question_version })),
    );
    const slots = session.slots.map((slot) => slotRowOf(slot, texts));
    return {
      ...buildResults(
        {
          completedAt: session.completedAt,
          score: session.score,
          correctAnswers: session.correct,
          totalQuestions: session.total,
        },
        slots,
        await guideIndexFor(db, slots),
      ),
      newAchievements,
    };
  }
  const session = await loadOwnSession(db, userId, sessionId);
  if (!session.completedAt) throw new AppError('NOT_ALL_ANSWERED', 400);
  const rows = await loadSlotRows(db, sessionId);
  return buildResults(session, rows, await guideIndexFor(db, rows));
}

type SubmittedSlot = Awaited<ReturnType<typeof completeSession>>[number];

/** A submitted slot with its question's words: what the results are built from. */
function slotRowOf(slot: SubmittedSlot, texts: Map<string, SlotRow['question']>): SlotRow {
  const question = texts.get(slot.question_id);
  // The question was in the statement's join, and questions are never deleted (retired ones turn inactive).
  if (!question) throw new Error(`Question ${slot.question_id} of a submitted test was not found`);
  return {
    position: slot.position,
    selected: slot.selected_answer,
    flagged: slot.flagged,
    isCorrect: slot.is_correct,
    scored: slot.scored,
    question,
    categoryCode: slot.code,
    categoryName: slot.name,
    contentArea: slot.content_area,
  };
}

/**
 * The submit statement. Its parts see one snapshot, so each reads the scored answers from
 * `scored`'s RETURNING rather than the table. The user's progress rows are upserted in key order so
 * concurrent submits lock them in the same order. Per-question difficulty statistics are not written
 * here: the session is flagged `stats_pending` and a job counts its answers marked `counts_for_stats`
 * (each technician's first answer to a question, ADR 0014), so concurrent submits never queue on the same
 * questions' rows. It also locks and returns the user's mastery rows
 * of the test's categories for the mastery step, saving it a round trip (taking them before any
 * progress row, so concurrent submits lock in one order), and adds the questions answered wrong to the
 * technician's review deck (ADR 0020), records the keys its review reveals as seen (ADR 0032) and adds
 * the test to the technician's running totals (progress-totals.ts, ADR 0016). The
 * score is `percentScore` in integer SQL; after the deadline an exam counts as submitted at it.
 */
const assignmentDone = jsonObject({
  id: columnOf('a', testAssignments.id),
  managerId: columnOf('a', testAssignments.managerId),
  techId: columnOf('a', testAssignments.techId),
  technicianName: columnOf('p', profiles.fullName),
  categoryCode: columnOf('ac', aseCategories.code),
  categoryName: columnOf('ac', aseCategories.name),
});

const completeSession = preparedStatement(
  'submit_test_session',
  {
    completed_at: asColumn(testSessions.completedAt, sql`outcome.completed_at`),
    score: asColumn(testSessions.score, sql`outcome.score`),
    correct: asColumn(testSessions.correctAnswers, sql`outcome.correct`),
    total: asColumn(testSessions.totalQuestions, sql`outcome.total`),
    position: columnOf('scored', testAnswers.position),
    selected_answer: columnOf('scored', testAnswers.selectedAnswer),
    flagged: columnOf('scored', testAnswers.flagged),
    is_correct: columnOf('scored', testAnswers.isCorrect),
    scored: columnOf('scored', testAnswers.scored),
    question_id: columnOf('scored', testAnswers.questionId),
    // The question's words come from the per-instance cache at this version (question-texts.ts), not from here.
    question_version: questionVersion('q'),
    code: columnOf('c', aseCategories.code),
    name: columnOf('c', aseCategories.name),
    content_area: columnOf('q', questions.contentArea),
    category_id: columnOf('q', questions.categoryId),
    difficulty_label: columnOf('q', questions.difficulty),
    stat_difficulty: orNull(columnOf('d', questionDifficultyStats.difficulty)),
    stat_answered: orNull(columnOf('d', questionDifficultyStats.timesAnswered)),
    // For the mastery step, once: the user's mastery rows of the test's categories (locked) and the
    // progress of its questions as this statement leaves it.
    mastery_read: sql<MasteryRead | null>`case when scored.position = (select min(position) from scored) then
      jsonb_build_object(
        'mastery', (select coalesce(jsonb_agg(mastery), '[]'::jsonb) from mastery),
        'progress', (select coalesce(jsonb_agg(jsonb_build_object('question_id', question_id,
          'times_correct', times_correct)), '[]'::jsonb) from progress)
      ) end`,
    // Once: the questions `scored` marked first answers though another submit of the technician answered them,
    // committed while this statement waited for the technician's lock: the snapshot every CTE reads is taken
    // before the lock, and only the progress upsert sees that submit's rows. Almost always null.
    stats_raced: sql<string[] | null>`case when scored.position = (select min(position) from scored) then (
        select jsonb_agg(p.question_id) from progress p
        where p.times_answered > (select count(*) from answered a where a.question_id = p.question_id)
          and p.question_id in (select question_id from scored where counts_for_stats)
      ) end`,
    // The assignment this attempt counted for, once, for the manager's message (ADR 0042); null for most tests.
    assignment_done: sql<SqlType<typeof assignmentDone> | null>`case
      when scored.position = (select min(position) from scored) then (
        select ${assignmentDone}
        from assignment a join profiles p on p.id = a.tech_id join ase_categories ac on ac.id = a.category_id
      ) end`,
  },
  (columns) => sql`
    with submitter as (
      -- One technician's submits take turns (a transaction lock per technician, taken before anything
      -- else): PostgreSQL's concurrent INSERT … ON CONFLICT of many first-ever rows can deadlock even in
      -- key order, and one person's tests never need to be scored side by side.
      select pg_advisory_xact_lock(hashtext('submit_test_session'), hashtext(${sql.placeholder('userId')}))
    ), session as (
      select id, total_questions, category_id,
        case when deadline_at < ${sql.placeholder('now')}::timestamptz then deadline_at
          else ${sql.placeholder('now')}::timestamptz end as completed_at
      from submitter, test_sessions
      where id = ${sql.placeholder('sessionId')} and tech_id = ${sql.placeholder('userId')} and completed_at is null
        and (kind = 'exam' or not exists
          (select 1 from test_answers where session_id = ${sql.placeholder('sessionId')} and selected_answer is null))
      for update of test_sessions
    ), first_answers as (
      -- A session can hold a question twice (an exam's copies): only its first answered slot may count.
      select min(o.position) as position from session join test_answers o on o.session_id = session.id
      where o.selected_answer is not null group by o.question_id
    ), scored as (
      update test_answers ta
      set is_correct = (ta.selected_answer is not null and ta.selected_answer = q.correct_answer),
        -- The shared difficulty statistics count one answer per technician and question, the first (ADR
        -- 0014): a progress row means an earlier submit answered it (this statement's upsert is not seen here).
        counts_for_stats = ta.position in (select position from first_answers) and not exists
          (select 1 from user_question_progress p
            where p.user_id = ${sql.placeholder('userId')} and p.question_id = ta.question_id)
      from session, questions q
      where ta.session_id = session.id and q.id = ta.question_id
      returning ta.position, ta.selected_answer, ta.flagged, ta.is_correct, ta.question_id, q.category_id, ta.scored,
        ta.counts_for_stats
    ), outcome as (
      -- The score counts the scored items only (an ASE simulation's unscored ones are left out, ADR 0021).
      select session.id, session.completed_at, counted.total, counted.correct,
        ${percentScoreSql(sql`counted.correct`, sql`counted.total`)} as score
      from session, (select count(*) filter (where is_correct and scored)::int as correct,
        count(*) filter (where scored)::int as total from scored) counted
    ), completed as (
      update test_sessions ts
      set completed_at = outcome.completed_at, score = outcome.score, correct_answers = outcome.correct,
        stats_pending = true
      from outcome where ts.id = outcome.id
    ), ${progressTotalsCtes(sql`${sql.placeholder('userId')}`, sql`${sql.placeholder('passMark')}::int`)}, answered as (
      select question_id, category_id, is_correct, outcome.completed_at
      from scored, outcome where scored.selected_answer is not null
    ), mastery as (
      select m.category_id, m.questions_attempted, m.correct_answers, m.recent_performance, m.mastery_score,
        m.questions_mastered, m.area_stats
      from user_category_mastery m
      where m.user_id = ${sql.placeholder('userId')} and m.category_id in (select category_id from answered)
      order by m.category_id
      for update
    ), progress as (
      insert into user_question_progress (user_id, question_id, times_answered, times_correct, last_answered_at)
      select ${sql.placeholder('userId')}, question_id, count(*), count(*) filter (where is_correct), min(completed_at)
      -- The mastery rows are locked before any progress row, in every submit, so two submits never deadlock.
      from answered, (select count(*) from mastery) as mastery_locked_first
      group by question_id order by question_id
      on conflict (user_id, question_id) do update set
        times_answered = user_question_progress.times_answered + excluded.times_answered,
        times_correct = user_question_progress.times_correct + excluded.times_correct,
        last_answered_at = excluded.last_answered_at
      returning question_id, times_correct, times_answered
    ), keys_shown as (
      -- The review reveals the key of each answered question (ADR 0032); per user, in key order, like progress.
      insert into question_keys_shown (user_id, question_id, shown_at)
      select ${sql.placeholder('userId')}, question_id, ${sql.placeholder('now')}::timestamptz
      from answered group by question_id order by question_id
      on conflict (user_id, question_id) do update
        set shown_at = greatest(question_keys_shown.shown_at, excluded.shown_at)
    ), assignment as (
      -- Every attempt counts and leaves its score (a failed one shows as "Not passed yet"); only
      -- one at 70 or more completes the assignment.
      update test_assignments ta set attempts = ta.attempts + 1, last_score = outcome.score,
        status = case when outcome.score >= ${sql.placeholder('passMark')}::int then 'completed' else ta.status end,
        completed_at = case when outcome.score >= ${sql.placeholder('passMark')}::int then outcome.completed_at
          else ta.completed_at end
      from outcome
      where ta.test_session_id = outcome.id and ta.status <> 'completed'
      returning ta.id, ta.manager_id, ta.tech_id, ta.category_id
    ), missed as (
      select question_id, min(completed_at) as at from answered where not is_correct group by question_id
    ), review_deck as (
      -- The review deck (ADR 0020): each question answered wrong, once, as a new FSRS card; at most
      -- NEW_CARDS_PER_DAY new cards a day, counting the new ones still waiting, so one
      -- simulation's 53 misses come due over three days. Per user, in key order, like progress.
      insert into review_cards (user_id, question_id, due)
      select ${sql.placeholder('userId')}, question_id,
        at + make_interval(days => (((select count(*) from review_cards w
          where w.user_id = ${sql.placeholder('userId')} and w.state = 0)
          + row_number() over (order by question_id) - 1) / ${sql.placeholder('newCardsPerDay')}::int)::int)
      from missed
      where not exists (select 1 from review_cards r
        where r.user_id = ${sql.placeholder('userId')} and r.question_id = missed.question_id)
      order by question_id
      on conflict (user_id, question_id) do nothing
    ), review_again as (
      -- One already in the deck keeps its FSRS state and comes due now.
      update review_cards r set due = least(r.due, missed.at)
      from missed where r.user_id = ${sql.placeholder('userId')} and r.question_id = missed.question_id
    )
    select ${columns}
    from outcome, scored
    join questions q on q.id = scored.question_id
    join ase_categories c on c.id = q.category_id
    left join question_difficulty_stats d on d.question_id = scored.question_id`,
);
