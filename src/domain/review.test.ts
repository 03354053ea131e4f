import { describe, expect, it } from 'vitest';
import {
  isDue,
  isMastered,
  MASTERED_INTERVAL_DAYS,
  newReviewCard,
  REVIEW_SESSION_SIZE,
  type ReviewCardState,
  reviewAnswer,
  sessionCards,
} from './review';

const now = new Date('2026-11-23T15:00:00Z');
const minutes = (n: number) => n * 60_000;
const days = (n: number) => n * 86_400_000;

describe('FSRS scheduling of review cards (ts-fsrs)', () => {
  it('a missed question is a new card due at once', () => {
    const card = newReviewCard(now);
    expect(card).toMatchObject({ state: 0, reps: 0, lapses: 0 });
    expect(isDue(card, now)).toBe(true);
  });

  it('a wrong answer is due sooner than a right one, and soon (minutes)', () => {
    const card = newReviewCard(now);
    const wrong = reviewAnswer(card, false, now);
    const right = reviewAnswer(card, true, now);
    expect(wrong.due.getTime()).toBeLessThan(right.due.getTime());
    expect(wrong.due.getTime() - now.getTime()).toBeLessThanOrEqual(minutes(10));
    expect(isDue(wrong, now)).toBe(false);
    expect(wrong.reps).toBe(1);
  });

  it('right answers push the card further out each time until it is mastered; a lapse brings it back', () => {
    let card: ReviewCardState = newReviewCard(now);
    let at = now;
    let previousInterval = 0;
    for (let i = 0; i < 6; i++) {
      card = reviewAnswer(card, true, at);
      const interval = card.due.getTime() - at.getTime();
      expect(interval).toBeGreaterThanOrEqual(previousInterval);
      previousInterval = interval;
      at = card.due;
    }
    expect(card.scheduledDays).toBeGreaterThanOrEqual(MASTERED_INTERVAL_DAYS);
    expect(isMastered(card)).toBe(true);
    const lapsed = reviewAnswer(card, false, at);
    expect(lapsed.lapses).toBe(1);
    expect(isMastered(lapsed)).toBe(false);
    expect(lapsed.due.getTime() - at.getTime()).toBeLessThan(days(1));
  });

  it('a wrong answer on a mature card is due sooner than a right one', () => {
    let card = newReviewCard(now);
    let at = now;
    for (let i = 0; i < 4; i++) {
      card = reviewAnswer(card, true, at);
      at = card.due;
    }
    expect(reviewAnswer(card, false, at).due.getTime()).toBeLessThan(reviewAnswer(card, true, at).due.getTime());
  });
});

describe('the deck ordering', () => {
  const card = (questionId: string, dueOffsetMs: number) => ({
    questionId,
    due: new Date(now.getTime() + dueOffsetMs),
  });

  it('takes due cards only, oldest due first, ties by question id', () => {
    const cards = [card('a1-3', -minutes(1)), card('a1-1', -days(2)), card('a1-9', minutes(5)), card('a1-2', -days(2))];
    expect(sessionCards(cards, now).map((c) => c.questionId)).toEqual(['a1-1', 'a1-2', 'a1-3']);
  });

  it('takes at most REVIEW_SESSION_SIZE (20) of them', () => {
    const cards = Array.from({ length: 45 }, (_, i) => card(`a2-${String(i).padStart(2, '0')}`, -minutes(i)));
    const picked = sessionCards(cards, now);
    expect(REVIEW_SESSION_SIZE).toBe(20);
    expect(picked).toHaveLength(20);
    expect(picked[0]!.questionId).toBe('a2-44');
    expect(picked.at(-1)?.questionId).toBe('a2-25');
  });
});
