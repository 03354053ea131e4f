import { useIntl } from 'react-intl';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ShopAnalytics } from '../../../domain/contracts/analytics';
import { ChartLegend } from './chart-legend';

const TESTS = '#93c5fd';
const AVERAGE = '#1e3a8a';

/**
 * The shop's last 12 weeks: tests completed as bars (left axis) and the average score as a line with
 * dots (right axis), told apart by shape and named in the legend. The table beside it has every number.
 */
export default function WeekChart({ weeks }: { weeks: ShopAnalytics['weeks'] }) {
  const intl = useIntl();
  const data = weeks.map((w) => ({
    week: intl.formatDate(`${w.weekStart}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    tests: w.tests,
    average: w.averageScore,
  }));
  const total = weeks.reduce((n, w) => n + w.tests, 0);
  const testsName = intl.formatMessage({ id: 'analytics.chart.testsCompleted' });
  const averageName = intl.formatMessage({ id: 'analytics.chart.averageScore' });
  return (
    <>
      <div
        role="img"
        aria-label={intl.formatMessage({ id: 'analytics.chart.weeksSummary' }, { count: weeks.length, total })}
        className="mt-4 h-72 w-full"
      >
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={data} margin={{ top: 10, right: 0, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="week"
              tick={{ fill: '#334155', fontSize: 12 }}
              interval="preserveStartEnd"
              minTickGap={16}
            />
            <YAxis yAxisId="tests" allowDecimals={false} tick={{ fill: '#334155', fontSize: 12 }} />
            <YAxis
              yAxisId="score"
              orientation="right"
              domain={[0, 100]}
              ticks={[0, 50, 100]}
              unit="%"
              tick={{ fill: '#334155', fontSize: 12 }}
            />
            <Tooltip />
            <Bar yAxisId="tests" dataKey="tests" name={testsName} fill={TESTS} isAnimationActive={false} />
            <Line
              yAxisId="score"
              dataKey="average"
              name={averageName}
              stroke={AVERAGE}
              strokeWidth={2}
              dot={{ r: 4, fill: AVERAGE }}
              connectNulls
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <ChartLegend
        items={[
          { swatch: 'bar', color: TESTS, label: testsName },
          { swatch: 'line-dots', color: AVERAGE, label: averageName },
        ]}
      />
    </>
  );
}
