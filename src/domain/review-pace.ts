/**
 * The review deck's pace, apart from the FSRS rules (review.ts) so the dashboard can show the
 * minutes without loading the scheduler.
 */

/**
 * New cards introduced a day, as Anki's default: one simulation's 53 misses come due 20 today,
 * 20 tomorrow and 13 the day after, not all on day one.
 */
export const NEW_CARDS_PER_DAY = 20;
/** About how long one review card takes to read, answer and read the explanation of. */
export const SECONDS_PER_CARD = 30;

/**
 * The day (0 = now, 1 = a day later, …) a newly missed question is first due: `waiting` new cards not yet
 * reviewed are ahead of it in the deck, and it is the `index`-th (from 0) of the new ones of this test.
 */
export function newCardDayOffset(waiting: number, index: number): number {
  return Math.floor((Math.max(0, waiting) + Math.max(0, index)) / NEW_CARDS_PER_DAY);
}

/** About how many minutes reviewing `cards` cards takes: at least 1 when there is any, whole minutes. */
export function expectedMinutes(cards: number): number {
  if (cards <= 0) return 0;
  return Math.max(1, Math.round((cards * SECONDS_PER_CARD) / 60));
}
