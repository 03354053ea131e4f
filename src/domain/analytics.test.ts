import { describe, expect, it } from 'vitest';
import { averageOf, axisLabelIndexes, categoryTrend, movingAverage, passRate, trendInsight } from './analytics';

describe('trend insight', () => {
  it.each([
    [100, 'positive'],
    [80, 'positive'],
    [79.9, 'neutral'],
    [70, 'neutral'],
    [69.9, 'warning'],
    [0, 'warning'],
  ])('average %s → %s', (average, insight) => {
    expect(trendInsight(average)).toBe(insight);
  });
});

describe('moving average', () => {
  it('averages each test with up to 4 before it', () => {
    expect(movingAverage([50, 60, 70, 80, 90, 100])).toEqual([50, 55, 60, 65, 70, 80]);
    expect(movingAverage([])).toEqual([]);
    expect(movingAverage([70, 71])).toEqual([70, 70.5]);
  });
});

describe('x-axis labels (about 5)', () => {
  it('labels about 5 points, first and last included', () => {
    expect(axisLabelIndexes(20)).toEqual([0, 5, 10, 14, 19]);
    expect(axisLabelIndexes(3)).toEqual([0, 1, 2]);
    expect(axisLabelIndexes(0)).toEqual([]);
    expect(axisLabelIndexes(6)).toHaveLength(5);
  });
});

describe('averages and pass rate', () => {
  it('rounds to whole numbers and is 0 before any test', () => {
    expect(averageOf([70, 75, 80])).toBe(75);
    expect(averageOf([70, 71])).toBe(71);
    expect(averageOf([])).toBe(0);
    expect(passRate(2, 3)).toBe(67);
    expect(passRate(0, 0)).toBe(0);
  });
});

describe('category trend', () => {
  it('compares the latest tests with the ones before them', () => {
    expect(categoryTrend([])).toBe('new');
    expect(categoryTrend([80])).toBe('new');
    expect(categoryTrend([60, 70])).toBe('improving');
    expect(categoryTrend([70, 66])).toBe('steady');
    expect(categoryTrend([90, 85])).toBe('declining');
    // latest 3 (80, 85, 90) against the 3 before (50, 55, 60)
    expect(categoryTrend([10, 50, 55, 60, 80, 85, 90])).toBe('improving');
    expect(categoryTrend([70, 72, 74, 71, 73, 70])).toBe('steady');
  });
});
