import { sql } from 'drizzle-orm';
import type { Letter } from '../../../domain/content/letters';
import type { ReviewAnswerResult } from '../../../domain/contracts/review';
import { isDue, type ReviewCardState, reviewAnswer } from '../../../domain/review';
import type { Executor } from '../../db/client';
import { asColumn, columnOf, preparedStatement } from '../../db/prepared';
import { questions, reviewCards } from '../../db/schema';
import { AppError, notFound } from '../../errors';

const cardNotDue = () => new AppError('CARD_NOT_DUE', 409);

/** The technician's card and its question's key. */
const readCard = preparedStatement(
  'review_card_read',
  {
    due: columnOf('c', reviewCards.due),
    stability: columnOf('c', reviewCards.stability),
    difficulty: columnOf('c', reviewCards.difficulty),
    elapsed_days: columnOf('c', reviewCards.elapsedDays),
    scheduled_days: columnOf('c', reviewCards.scheduledDays),
    learning_steps: columnOf('c', reviewCards.learningSteps),
    reps: columnOf('c', reviewCards.reps),
    lapses: columnOf('c', reviewCards.lapses),
    state: columnOf('c', reviewCards.state),
    last_review: columnOf('c', reviewCards.lastReview),
    correct_answer: columnOf('q', questions.correctAnswer),
    explanation: columnOf('q', questions.explanation),
    why_wrong: columnOf('q', questions.whyWrong),
    es: columnOf('q', questions.es),
  },
  (columns) => sql`
    select ${columns}
    from review_cards c join questions q on q.id = c.question_id
    where c.user_id = ${sql.placeholder('userId')} and c.question_id = ${sql.placeholder('questionId')}`,
);

/**
 * Writes the card's next state only if no other answer changed it since it was read (its `reps` moved on),
 * so a double click reschedules once; the key the answer reveals counts as seen from now (ADR 0032).
 */
const writeCard = preparedStatement(
  'review_card_write',
  { question_id: asColumn(reviewCards.questionId, sql`question_id`) },
  (columns) => sql`
    with written as (
      update review_cards set due = ${sql.placeholder('due')}::timestamptz,
          stability = ${sql.placeholder('stability')}::real, difficulty = ${sql.placeholder('difficulty')}::real,
          elapsed_days = ${sql.placeholder('elapsedDays')}::int, scheduled_days = ${sql.placeholder('scheduledDays')}::int,
          learning_steps = ${sql.placeholder('learningSteps')}::int, reps = ${sql.placeholder('reps')}::int,
          lapses = ${sql.placeholder('lapses')}::int, state = ${sql.placeholder('state')}::smallint,
          last_review = ${sql.placeholder('lastReview')}::timestamptz
      -- Like a draft answer (ADR 0008), a review answer does not wait for its commit to reach the disk: after a
      -- database crash the last fraction of a second of reviews may come due again (and their keys count as unseen).
      from (select set_config('synchronous_commit', 'off', true)) as asynchronous
        where user_id = ${sql.placeholder('userId')} and question_id = ${sql.placeholder('questionId')}
          and reps = ${sql.placeholder('previousReps')}::int
      returning question_id
    ), key_shown as (
      insert into question_keys_shown (user_id, question_id, shown_at)
      select ${sql.placeholder('userId')}, question_id, ${sql.placeholder('shownAt')}::timestamptz from written
      on conflict (user_id, question_id) do update
        set shown_at = greatest(question_keys_shown.shown_at, excluded.shown_at)
    )
    select ${columns} from written`,
);

/**
 * One review answer: a due card of the technician's deck is rescheduled by FSRS — right pushes
 * it out, wrong brings it back within minutes — and the key, the explanation and why each wrong option is
 * wrong come back. Test scores, progress and mastery are untouched. 404 for a card not in the deck,
 * 409 for one not due (already answered).
 */
export async function answerReviewCard(
  db: Executor,
  userId: string,
  questionId: string,
  answer: Letter,
  now = new Date(),
): Promise<ReviewAnswerResult> {
  const [row] = await readCard(db, { userId, questionId });
  if (!row) throw notFound('NOT_FOUND.reviewCard');
  const card: ReviewCardState = {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsedDays: row.elapsed_days,
    scheduledDays: row.scheduled_days,
    learningSteps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    lastReview: row.last_review,
  };
  if (!isDue(card, now)) throw cardNotDue();
  const correct = answer === row.correct_answer;
  const next = reviewAnswer(card, correct, now);
  const [written] = await writeCard(db, {
    userId,
    questionId,
    previousReps: card.reps,
    due: next.due.toISOString(),
    stability: next.stability,
    difficulty: next.difficulty,
    elapsedDays: next.elapsedDays,
    scheduledDays: next.scheduledDays,
    learningSteps: next.learningSteps,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    lastReview: next.lastReview?.toISOString() ?? null,
    shownAt: now.toISOString(),
  });
  if (!written) throw cardNotDue();
  const reasons = (all: Partial<Record<Letter, string>>) => {
    const whyWrong: Partial<Record<Letter, string>> = {};
    for (const letter of ['A', 'B', 'C', 'D'] as const) {
      const why = all[letter];
      if (letter !== row.correct_answer && why) whyWrong[letter] = why;
    }
    return whyWrong;
  };
  return {
    correct,
    correctAnswer: row.correct_answer,
    explanation: row.explanation,
    whyWrong: reasons(row.why_wrong),
    es: row.es ? { explanation: row.es.explanation, whyWrong: reasons(row.es.whyWrong) } : null,
    nextDueAt: next.due.toISOString(),
  };
}
