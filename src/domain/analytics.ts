/** Analytics rules: trends use the last 20 tests. */

/** Trends show the last 20 tests. */
export const TREND_TESTS = 20;
/** A positive insight at an average of 80 or more, a warning below 70. */
export const INSIGHT_POSITIVE_AVERAGE = 80;
export const INSIGHT_WARNING_AVERAGE = 70;
/** About 5 x-axis labels. */
export const TREND_AXIS_LABELS = 5;
/** The moving average spans this many tests (the test itself and the ones before it). */
export const MOVING_AVERAGE_TESTS = 5;
/** A category's trend compares its latest tests with as many before them; a change of 5 points or more counts. */
export const CATEGORY_TREND_TESTS = 3;
export const CATEGORY_TREND_POINTS = 5;
/** A test's time counts at most this long toward time practised (a tab left open overnight is not practice). */
export const MAX_COUNTED_SECONDS_PER_TEST = 3600;

export type Insight = 'positive' | 'warning' | 'neutral';
export type CategoryTrend = 'improving' | 'declining' | 'steady' | 'new';

export function trendInsight(average: number): Insight {
  if (average >= INSIGHT_POSITIVE_AVERAGE) return 'positive';
  if (average < INSIGHT_WARNING_AVERAGE) return 'warning';
  return 'neutral';
}

/** The trailing moving average of each point, to one decimal. */
export function movingAverage(scores: readonly number[], window = MOVING_AVERAGE_TESTS): number[] {
  return scores.map((_, i) => {
    const slice = scores.slice(Math.max(0, i - window + 1), i + 1);
    return Math.round((slice.reduce((a, b) => a + b, 0) / slice.length) * 10) / 10;
  });
}

/** Indexes of the points that carry an x-axis label: about `labels` of them, first and last included. */
export function axisLabelIndexes(count: number, labels = TREND_AXIS_LABELS): number[] {
  if (count <= 0) return [];
  if (count <= labels) return Array.from({ length: count }, (_, i) => i);
  const step = (count - 1) / (labels - 1);
  return [...new Set(Array.from({ length: labels }, (_, i) => Math.round(i * step)))];
}

/** Whole-number mean; 0 for no scores. */
export function averageOf(scores: readonly number[]): number {
  if (scores.length === 0) return 0;
  return Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
}

/** Percent of tests passed, a whole number; 0 before any test. */
export function passRate(passed: number, taken: number): number {
  return taken > 0 ? Math.round((100 * passed) / taken) : 0;
}

/**
 * A category's direction from its scores, oldest first: the mean of the latest 3 against the mean of
 * up to 3 before them. Fewer than 2 tests: new.
 */
export function categoryTrend(scores: readonly number[]): CategoryTrend {
  if (scores.length < 2) return 'new';
  const latestCount = Math.min(CATEGORY_TREND_TESTS, Math.ceil(scores.length / 2));
  const latest = scores.slice(-latestCount);
  const before = scores.slice(-latestCount - CATEGORY_TREND_TESTS, -latestCount);
  const change = mean(latest) - mean(before);
  if (change >= CATEGORY_TREND_POINTS) return 'improving';
  if (change <= -CATEGORY_TREND_POINTS) return 'declining';
  return 'steady';
}

function mean(values: readonly number[]) {
  return values.reduce((a, b) => a + b, 0) / values.length;
}
