import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_CODES,
  type AchievementCode,
  consecutivePasses,
  evaluateAchievements,
  type PracticeRecord,
} from './achievements';

const empty: PracticeRecord = { completedTests: 0, bestScore: null, recentScores: [], categoryBestScores: [] };
const standing = (record: Partial<PracticeRecord>, code: AchievementCode) => {
  const found = evaluateAchievements({ ...empty, ...record }).find((s) => s.code === code);
  if (!found) throw new Error(code);
  return found;
};
const earned = (record: Partial<PracticeRecord>) =>
  evaluateAchievements({ ...empty, ...record })
    .filter((s) => s.earned)
    .map((s) => s.code);

describe('achievement rules', () => {
  it('a new technician has earned nothing, with every standing at 0', () => {
    const all = evaluateAchievements(empty);
    expect(all.map((s) => s.code)).toEqual([...ACHIEVEMENT_CODES]);
    expect(all.every((s) => !s.earned && s.progress === 0)).toBe(true);
  });

  it.each([
    ['first_test', 0, 1],
    ['test_taker_5', 4, 5],
    ['test_veteran_10', 9, 10],
    ['test_master_25', 24, 25],
    ['test_legend_50', 49, 50],
  ] as const)('%s: %i completed tests is not enough, %i is', (code, below, at) => {
    expect(standing({ completedTests: below }, code)).toMatchObject({ earned: false, progress: below, target: at });
    expect(standing({ completedTests: at }, code)).toMatchObject({ earned: true, progress: at });
    expect(standing({ completedTests: at + 7 }, code)).toMatchObject({ earned: true, progress: at });
  });

  it.each([
    ['first_pass', 69, 70],
    ['high_achiever', 89, 90],
    ['perfect_score', 99, 100],
  ] as const)('%s: a best score of %i is not enough, %i is', (code, below, at) => {
    expect(standing({ completedTests: 1, bestScore: below }, code)).toMatchObject({
      earned: false,
      progress: below,
      target: at,
    });
    expect(standing({ completedTests: 1, bestScore: at }, code)).toMatchObject({ earned: true, progress: at });
  });

  it('a score of 100 earns first_pass, high_achiever and perfect_score together', () => {
    expect(earned({ completedTests: 1, bestScore: 100, recentScores: [100] })).toEqual([
      'first_test',
      'first_pass',
      'high_achiever',
      'perfect_score',
    ]);
  });

  it('consistent_passer: 4 passes then a fail is not enough; 5 passes in a row (newest first) is', () => {
    const four = [70, 95, 80, 70, 69, 100];
    expect(standing({ recentScores: four }, 'consistent_passer')).toMatchObject({ earned: false, progress: 4 });
    const five = [70, 95, 80, 70, 71, 12];
    expect(standing({ recentScores: five }, 'consistent_passer')).toMatchObject({
      earned: true,
      progress: 5,
      target: 5,
    });
    // The fail in between breaks the run even when there are five passes in all.
    expect(standing({ recentScores: [90, 90, 50, 90, 90, 90] }, 'consistent_passer').earned).toBe(false);
    expect(standing({ recentScores: [69, 90, 90, 90, 90, 90] }, 'consistent_passer').progress).toBe(0);
  });

  it('consecutivePasses counts from the newest test back to the first below 70', () => {
    expect(consecutivePasses([])).toBe(0);
    expect(consecutivePasses([70])).toBe(1);
    expect(consecutivePasses([69, 100])).toBe(0);
    expect(consecutivePasses([100, 70, 69, 100])).toBe(2);
  });

  it('master_all_categories: 70 or more in 7 of 8 categories is not enough, in all 8 is', () => {
    const seven = [70, 80, 90, 100, 75, 71, 70, 69];
    expect(standing({ categoryBestScores: seven }, 'master_all_categories')).toMatchObject({
      earned: false,
      progress: 7,
      target: 8,
    });
    expect(standing({ categoryBestScores: seven.slice(0, 7) }, 'master_all_categories').earned).toBe(false);
    expect(standing({ categoryBestScores: [...seven.slice(0, 7), 70] }, 'master_all_categories')).toMatchObject({
      earned: true,
      progress: 8,
    });
  });
});
