import { describe, expect, it } from 'vitest';
import {
  averageScore,
  hasRoomForTechnician,
  heatLevel,
  type ProgressRowLike,
  passRate,
  sortProgressRows,
} from './technician-progress';

describe('technician progress', () => {
  it('bands heat cells at 50, 70 (pass) and 90 (high achiever)', () => {
    expect(heatLevel(null)).toBe('none');
    expect(heatLevel(0)).toBe('weak');
    expect(heatLevel(49)).toBe('weak');
    expect(heatLevel(50)).toBe('developing');
    expect(heatLevel(69)).toBe('developing');
    expect(heatLevel(70)).toBe('passing');
    expect(heatLevel(89)).toBe('passing');
    expect(heatLevel(90)).toBe('strong');
    expect(heatLevel(100)).toBe('strong');
  });

  it('averages and rates passes in whole percents, null before any test', () => {
    expect(averageScore(0, 0)).toBeNull();
    expect(averageScore(155, 2)).toBe(78);
    expect(passRate(0, 0)).toBeNull();
    expect(passRate(1, 3)).toBe(33);
    expect(passRate(2, 3)).toBe(67);
  });

  it("caps the shop at the plan's max_technicians", () => {
    expect(hasRoomForTechnician(14, 15)).toBe(true);
    expect(hasRoomForTechnician(15, 15)).toBe(false);
    expect(hasRoomForTechnician(16, 15)).toBe(false);
    expect(hasRoomForTechnician(0, 0)).toBe(false);
  });

  const row = (fullName: string, a5: number | null, average: number | null, last: string | null): ProgressRowLike => ({
    fullName,
    testsTaken: average === null ? 0 : 3,
    averageScore: average,
    passRate: average,
    lastActivityAt: last,
    categoryBest: [null, null, null, null, a5, null, null, null],
  });
  const rows = [
    row('Cy', 40, 60, '2026-03-02T00:00:00Z'),
    row('Al', null, null, null),
    row('Bo', 90, 80, '2026-03-01T00:00:00Z'),
  ];

  it('sorts by a column, either way, with the rows without data last', () => {
    const names = (r: ProgressRowLike[]) => r.map((x) => x.fullName);
    expect(names(sortProgressRows(rows, 'name', 'asc'))).toEqual(['Al', 'Bo', 'Cy']);
    expect(names(sortProgressRows(rows, 'name', 'desc'))).toEqual(['Cy', 'Bo', 'Al']);
    expect(names(sortProgressRows(rows, 'A5', 'asc'))).toEqual(['Cy', 'Bo', 'Al']);
    expect(names(sortProgressRows(rows, 'A5', 'desc'))).toEqual(['Bo', 'Cy', 'Al']);
    expect(names(sortProgressRows(rows, 'averageScore', 'desc'))).toEqual(['Bo', 'Cy', 'Al']);
    expect(names(sortProgressRows(rows, 'lastActivity', 'desc'))).toEqual(['Cy', 'Bo', 'Al']);
    expect(names(sortProgressRows(rows, 'A1', 'desc'))).toEqual(['Al', 'Bo', 'Cy']);
  });
});
