import { describe, expect, it } from 'vitest';
import { areaScores, weakestArea } from './area-scores';

const slot = (contentArea: string, correct: boolean, categoryCode = 'A5') => ({ categoryCode, contentArea, correct });

describe('area scores', () => {
  it('counts right and total per category and area, sorted by code then area', () => {
    expect(
      areaScores([slot('Drum', true), slot('Disc', false), slot('Disc', true), slot('Battery', true, 'A6')]),
    ).toEqual([
      { categoryCode: 'A5', area: 'Disc', correct: 1, total: 2 },
      { categoryCode: 'A5', area: 'Drum', correct: 1, total: 1 },
      { categoryCode: 'A6', area: 'Battery', correct: 1, total: 1 },
    ]);
    expect(areaScores([])).toEqual([]);
  });

  it('the weakest is the lowest share right, then more questions, then by name; none when all are right', () => {
    const scores = areaScores([
      slot('Disc', true),
      slot('Disc', false),
      slot('Disc', false),
      slot('Drum', false),
      slot('Hydraulic', true),
    ]);
    // Drum 0/1 is below Disc 1/3.
    expect(weakestArea(scores)?.area).toBe('Drum');
    const tie = areaScores([slot('B', false), slot('B', true), slot('A', false), slot('A', true), slot('C', false)]);
    expect(weakestArea(tie)?.area).toBe('C');
    const evenTie = areaScores([slot('B', false), slot('B', false), slot('A', false)]);
    expect(weakestArea(evenTie)?.area).toBe('B');
    const alphabetical = areaScores([slot('B', false), slot('A', false)]);
    expect(weakestArea(alphabetical)?.area).toBe('A');
    expect(weakestArea(areaScores([slot('Disc', true)]))).toBeNull();
  });
});
