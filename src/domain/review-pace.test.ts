import { describe, expect, it } from 'vitest';
import { expectedMinutes, NEW_CARDS_PER_DAY, newCardDayOffset } from './review-pace';

describe('new cards a day and the time a review takes', () => {
  it('introduces at most NEW_CARDS_PER_DAY (20) new cards a day: 53 misses come due over three days', () => {
    const days = Array.from({ length: 53 }, (_, i) => newCardDayOffset(0, i));
    expect(days.filter((d) => d === 0)).toHaveLength(20);
    expect(days.filter((d) => d === 1)).toHaveLength(20);
    expect(days.filter((d) => d === 2)).toHaveLength(13);
    expect(NEW_CARDS_PER_DAY).toBe(20);
  });

  it('counts the new cards still waiting from before: with 19 waiting, the 1st is today, the 2nd tomorrow', () => {
    expect(newCardDayOffset(19, 0)).toBe(0);
    expect(newCardDayOffset(19, 1)).toBe(1);
    expect(newCardDayOffset(40, 0)).toBe(2);
  });

  it('says about 30 seconds a card, in whole minutes, at least one', () => {
    expect(expectedMinutes(0)).toBe(0);
    expect(expectedMinutes(1)).toBe(1);
    expect(expectedMinutes(3)).toBe(2);
    expect(expectedMinutes(20)).toBe(10);
    expect(expectedMinutes(53)).toBe(27);
  });
});
