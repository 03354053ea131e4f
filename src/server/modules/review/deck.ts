import { sql } from 'drizzle-orm';
import { endOfDay, FALLBACK_TIME_ZONE, today } from '../../../domain/calendar-day';
import type { DeckSummary, ReviewCard } from '../../../domain/contracts/review';
import { shownDifficulty } from '../../../domain/item-statistics';
import { MASTERED_INTERVAL_DAYS, REVIEW_SESSION_SIZE, sessionCards } from '../../../domain/review';
import { spanishQuestion } from '../../../domain/translation';
import type { Executor } from '../../db/client';
import { asColumn, columnOf, orNull, preparedStatement } from '../../db/prepared';
import { shownQuestionColumns } from '../../db/question-columns';
import { aseCategories, questionDifficultyStats, questions, reviewCards } from '../../db/schema';

/** The deck in numbers, one pass over the technician's cards (their own rows, by the primary key's prefix). */
const deckSummary = preparedStatement(
  'review_deck_summary',
  {
    due_now: sql<number>`count(*) filter (where due <= ${sql.placeholder('now')}::timestamptz)::int`,
    due_today: sql<number>`count(*) filter (where due <= ${sql.placeholder('endOfDay')}::timestamptz)::int`,
    mastered: sql<number>`count(*) filter (where state = 2 and scheduled_days >= ${MASTERED_INTERVAL_DAYS})::int`,
    total: sql<number>`count(*)::int`,
    next_due: orNull(
      asColumn(reviewCards.due, sql`min(due) filter (where due > ${sql.placeholder('now')}::timestamptz)`),
    ),
  },
  (columns) => sql`select ${columns} from review_cards where user_id = ${sql.placeholder('userId')}`,
);

/** Due today, learning and mastered (the deck stats), and due now (the dashboard card), in the user's day. */
export async function getDeckSummary(
  db: Executor,
  userId: string,
  timeZone: string | null,
  now = new Date(),
): Promise<DeckSummary> {
  const zone = timeZone ?? FALLBACK_TIME_ZONE;
  const [row] = await deckSummary(db, {
    userId,
    now: now.toISOString(),
    endOfDay: endOfDay(today(now, zone), zone).toISOString(),
  });
  const total = row?.total ?? 0;
  const mastered = row?.mastered ?? 0;
  return {
    dueNow: row?.due_now ?? 0,
    dueToday: row?.due_today ?? 0,
    learning: total - mastered,
    mastered,
    total,
    nextDueAt: row?.next_due?.toISOString() ?? null,
  };
}

/**
 * A review session's cards: oldest due first, at most REVIEW_SESSION_SIZE, by the `(user_id, due)` index.
 * It does not count the whole deck (the summary does): a start costs the same with 20 cards or 2,000.
 */
const dueCards = preparedStatement(
  'review_due_cards',
  {
    question_id: columnOf('due', reviewCards.questionId),
    due: columnOf('due', reviewCards.due),
    ...shownQuestionColumns('q'),
    content_area: columnOf('q', questions.contentArea),
    code: columnOf('c', aseCategories.code),
    label: columnOf('q', questions.difficulty),
    // A question nobody has answered yet has no statistics row (a left join).
    times_answered: orNull(columnOf('d', questionDifficultyStats.timesAnswered)),
    times_correct: orNull(columnOf('d', questionDifficultyStats.timesCorrect)),
  },
  (columns) => sql`
    with due as (
      select question_id, due from review_cards
      where user_id = ${sql.placeholder('userId')} and due <= ${sql.placeholder('now')}::timestamptz
      order by due, question_id limit ${REVIEW_SESSION_SIZE}
    )
    select ${columns}
    from due join questions q on q.id = due.question_id join ase_categories c on c.id = q.category_id
      left join question_difficulty_stats d on d.question_id = due.question_id
    order by due.due, due.question_id`,
);

/** Starts a review: the due cards, without their keys (each answer reveals its own). Writes nothing. */
export async function startReview(db: Executor, userId: string, now = new Date()): Promise<{ cards: ReviewCard[] }> {
  const rows = await dueCards(db, { userId, now: now.toISOString() });
  // The statement already picks them in the deck's order; the domain's rule has the last word.
  const picked = sessionCards(
    rows.map((row) => ({ ...row, questionId: row.question_id })),
    now,
  );
  return {
    cards: picked.map((row) => ({
      questionId: row.question_id,
      categoryCode: row.code,
      contentArea: row.content_area,
      question: row.question_text,
      options: { A: row.option_a, B: row.option_b, C: row.option_c, D: row.option_d },
      exhibit: row.exhibit,
      difficulty: shownDifficulty(row.label, row.times_answered ?? 0, row.times_correct ?? 0),
      es: spanishQuestion(row.es),
    })),
  };
}
