import { describe, expect, it } from 'vitest';
import { isPassingScore, PASS_MARK, percentScore } from './constants';

describe('scoring', () => {
  it('passes at 70, not at 69', () => {
    expect(PASS_MARK).toBe(70);
    expect(isPassingScore(69)).toBe(false);
    expect(isPassingScore(70)).toBe(true);
  });
  it('rounds percentages and guards an empty test', () => {
    expect(percentScore(4, 5)).toBe(80);
    expect(percentScore(2, 3)).toBe(67);
    expect(percentScore(14, 20)).toBe(70);
    expect(percentScore(0, 0)).toBe(0);
    // Halves round up, exactly: 7 of 40 is 17.5 (17.499… in floating point).
    expect(percentScore(7, 40)).toBe(18);
    expect(percentScore(1, 8)).toBe(13);
    expect(percentScore(139, 200)).toBe(70);
    expect(percentScore(138, 200)).toBe(69);
  });
});
