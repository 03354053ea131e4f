import { type Card, createEmptyCard, fsrs, Rating, State } from 'ts-fsrs';

/**
 * The review deck's rules (ADR 0020): every question a technician answers wrong becomes an FSRS
 * card (ts-fsrs, default parameters); each review answer reschedules it, a right one as Good (pushed out),
 * a wrong one as Again (back within minutes). Pure: the server stores the card, this decides its next state.
 */

/** A review session's size: up to this many due cards, oldest due first. */
export const REVIEW_SESSION_SIZE = 20;
/** A card is mastered once FSRS schedules it this many days or more ahead (a "mature" card). */
export const MASTERED_INTERVAL_DAYS = 21;

/** A card as stored: ts-fsrs's fields, the state as its number. */
export interface ReviewCardState {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
}

const scheduler = fsrs({ enable_fuzz: false });

/** A new card for a question just missed: due at once. */
export function newReviewCard(now: Date): ReviewCardState {
  return fromFsrs(createEmptyCard(now));
}

/** The card's next state after a review answer given at `now`. */
export function reviewAnswer(card: ReviewCardState, correct: boolean, now: Date): ReviewCardState {
  const next = scheduler.next(toFsrs(card), now, correct ? Rating.Good : Rating.Again);
  return fromFsrs(next.card);
}

/** Due now: FSRS's due time has come. */
export function isDue(card: Pick<ReviewCardState, 'due'>, now: Date): boolean {
  return card.due.getTime() <= now.getTime();
}

/** Mastered: in review with an interval of MASTERED_INTERVAL_DAYS or more; everything else is still learning. */
export function isMastered(card: Pick<ReviewCardState, 'state' | 'scheduledDays'>): boolean {
  return card.state === State.Review && card.scheduledDays >= MASTERED_INTERVAL_DAYS;
}

/** A review session's cards: the due ones, oldest due first (ties by question id), at most REVIEW_SESSION_SIZE. */
export function sessionCards<T extends { due: Date; questionId: string }>(cards: readonly T[], now: Date): T[] {
  return cards
    .filter((card) => isDue(card, now))
    .sort((a, b) => a.due.getTime() - b.due.getTime() || a.questionId.localeCompare(b.questionId))
    .slice(0, REVIEW_SESSION_SIZE);
}

function toFsrs(card: ReviewCardState): Card {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsedDays,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state as State,
    last_review: card.lastReview ?? undefined,
  };
}

function fromFsrs(card: Card): ReviewCardState {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}
