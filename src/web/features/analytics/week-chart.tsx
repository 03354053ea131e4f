import { useIntl } from 'react-intl';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ShopAnalytics } from '../../../domain/contracts/analytics';

/**
 * The shop's last 12 weeks: tests completed as bars (left axis) and the average score as a line with
 * square dots (right axis), told apart by shape and named in the legend. The table beside it has every number.
 */
export default function WeekChart({ weeks }: { weeks: ShopAnalytics['weeks'] }) {
  const intl = useIntl();
  const data = weeks.map((w) => ({
    week: intl.formatDate(`${w.weekStart}T00:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    tests: w.tests,
    average: w.averageScore,
  }));
  const total = weeks.reduce((n, w) => n + w.tests, 0);
  return (
    <div
      role="img"
      aria-label={intl.formatMessage({ id: 'analytics.chart.weeksSummary' }, { count: weeks.length, total })}
      className="mt-4 h-72 w-full"
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 10, right: 0, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="week" tick={{ fill: '#334155', fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
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
          <Legend />
          <Bar
            yAxisId="tests"
            dataKey="tests"
            name={intl.formatMessage({ id: 'analytics.chart.testsCompleted' })}
            fill="#93c5fd"
            legendType="rect"
            isAnimationActive={false}
          />
          <Line
            yAxisId="score"
            dataKey="average"
            name={intl.formatMessage({ id: 'analytics.chart.averageScore' })}
            stroke="#1e3a8a"
            strokeWidth={2}
            dot={{ r: 4, fill: '#1e3a8a' }}
            legendType="square"
            connectNulls
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
