import { useIntl } from 'react-intl';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisLabelIndexes } from '../../../domain/analytics';
import { PASS_MARK } from '../../../domain/constants';
import type { TrendPoint } from '../../../domain/contracts/analytics';
import { ChartLegend } from './chart-legend';

const SCORE = '#1d4ed8';
const AVERAGE = '#0f172a';
const PASS = '#b91c1c';

/**
 * The last 20 tests as a line chart with the moving average (about 5 x-axis labels). Loaded
 * on its own (recharts stays out of other routes). Lines differ by shape, not colour alone: scores
 * are a solid line with dots, the moving average a dashed line, each named in the legend; the pass
 * mark is a labelled line. Screen readers get the summary; the table beside it has every number.
 */
export default function TrendChart({ points }: { points: TrendPoint[] }) {
  const intl = useIntl();
  const data = points.map((p, i) => ({ n: i + 1, score: p.score, movingAverage: p.movingAverage, at: p.completedAt }));
  const labelled = axisLabelIndexes(points.length).flatMap((i) => {
    const point = points[i];
    return point ? [{ n: i + 1, at: point.completedAt }] : [];
  });
  const ticks = labelled.map((l) => l.n);
  const dates = labelled.map((l) => intl.formatDate(l.at, { month: 'short', day: 'numeric' }));
  // Several labelled tests on one day: number them instead, so no two labels read the same.
  const byNumber = new Set(dates).size < dates.length;
  const tickLabel = (n: number) =>
    byNumber
      ? intl.formatMessage({ id: 'analytics.chart.testNumber' }, { n: String(n) })
      : (dates[ticks.indexOf(n)] ?? '');
  const scoreName = intl.formatMessage({ id: 'analytics.chart.score' });
  const averageName = intl.formatMessage({ id: 'analytics.chart.movingAverage' });
  const last = points.at(-1);
  return (
    <>
      <div
        role="img"
        aria-label={intl.formatMessage(
          { id: 'analytics.chart.trendSummary' },
          {
            count: points.length,
            first: points[0]?.score ?? 0,
            last: last?.score ?? 0,
            average: last?.movingAverage ?? 0,
          },
        )}
        className="mt-4 h-72 w-full"
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 10, right: 16, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
            <XAxis
              dataKey="n"
              type="number"
              domain={[1, Math.max(2, data.length)]}
              ticks={ticks}
              tickFormatter={tickLabel}
              tick={{ fill: '#334155', fontSize: 12 }}
              allowDecimals={false}
            />
            <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={{ fill: '#334155', fontSize: 12 }} unit="%" />
            <Tooltip
              formatter={(value) => `${value}%`}
              labelFormatter={(n) => intl.formatMessage({ id: 'analytics.chart.testNumber' }, { n: String(n) })}
            />
            <ReferenceLine y={PASS_MARK} stroke={PASS} strokeDasharray="2 4" />
            <Line
              type="monotone"
              dataKey="score"
              name={scoreName}
              stroke={SCORE}
              strokeWidth={2}
              dot={{ r: 4, fill: SCORE }}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="movingAverage"
              name={averageName}
              stroke={AVERAGE}
              strokeWidth={2}
              strokeDasharray="8 4"
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ChartLegend
        items={[
          { swatch: 'line-dots', color: SCORE, label: scoreName },
          { swatch: 'dashed', color: AVERAGE, label: averageName },
          {
            swatch: 'dotted',
            color: PASS,
            label: intl.formatMessage({ id: 'analytics.chart.passMark' }, { mark: PASS_MARK }),
          },
        ]}
      />
    </>
  );
}
