import { useIntl } from 'react-intl';
import { Bar, BarChart, CartesianGrid, LabelList, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { PASS_MARK } from '../../../domain/constants';
import { ChartLegend } from './chart-legend';

/**
 * Average score per category as labelled bars (each bar carries its number, so nothing depends on
 * colour); categories without a test show no bar. Loaded on its own; the table beside it has every number.
 */
export default function CategoryChart({ categories }: { categories: { code: string; averageScore: number | null }[] }) {
  const intl = useIntl();
  const data = categories.map((c) => ({ code: c.code, average: c.averageScore }));
  const tested = categories.filter((c) => c.averageScore !== null);
  return (
    <>
      <div
        role="img"
        aria-label={intl.formatMessage(
          { id: 'analytics.chart.categorySummary' },
          {
            count: tested.length,
            list: tested.map((c) => `${c.code} ${c.averageScore}%`).join(', '),
          },
        )}
        className="mt-4 h-64 w-full"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 20, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="code" tick={{ fill: '#334155', fontSize: 12 }} interval={0} />
            <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tick={{ fill: '#334155', fontSize: 12 }} unit="%" />
            <ReferenceLine y={PASS_MARK} stroke="#b91c1c" strokeDasharray="2 4" />
            <Bar dataKey="average" fill="#2563eb" radius={[4, 4, 0, 0]} isAnimationActive={false}>
              <LabelList
                dataKey="average"
                position="top"
                formatter={(v) => (v === null || v === undefined ? '' : `${v}%`)}
                fill="#0f172a"
                fontSize={12}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartLegend
        items={[
          { swatch: 'bar', color: '#2563eb', label: intl.formatMessage({ id: 'analytics.chart.averageScore' }) },
          {
            swatch: 'dotted',
            color: '#b91c1c',
            label: intl.formatMessage({ id: 'analytics.chart.passMark' }, { mark: PASS_MARK }),
          },
        ]}
      />
    </>
  );
}
