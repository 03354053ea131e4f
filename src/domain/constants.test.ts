import { describe, expect, it } from 'vitest';
import { isPassingScore, PASS_MARK, percentScore } from './constants';

describe('scoring', () => {
  it('passes at 70, not at 69 (SPEC §9)', () => {
    expect(PASS_MARK).toBe(70);
    expect(isPassingScore(69)).toBe(false);
    expect(isPassingScore(70)).toBe(true);
  });
  it('rounds percentages and guards an empty test', () => {
    expect(percentScore(4, 5)).toBe(80);
    expect(percentScore(2, 3)).toBe(67);
    expect(percentScore(14, 20)).toBe(70);
    expect(percentScore(0, 0)).toBe(0);
  });
});
