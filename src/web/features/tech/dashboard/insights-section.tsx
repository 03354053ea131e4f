import { FormattedMessage, useIntl } from 'react-intl';
import type { Dashboard } from '../../../../domain/contracts/practice';
import { card } from './card';

/** Performance Insights, shown once there is a result to show (no wall of zeros). */
export function InsightsSection({ insights }: { insights: Dashboard['insights'] }) {
  const intl = useIntl();
  const percent = (n: number) => intl.formatNumber(n / 100, { style: 'percent' });
  const stats = [
    { label: 'tech.insights.testsTaken', value: intl.formatNumber(insights.testsTaken) },
    { label: 'tech.insights.averageScore', value: percent(insights.averageScore) },
    { label: 'tech.insights.testsPassed', value: intl.formatNumber(insights.testsPassed) },
    { label: 'tech.insights.bestScore', value: percent(insights.bestScore) },
  ];
  return (
    <section aria-labelledby="insights-title">
      <h2 id="insights-title" className="text-xl font-semibold">
        <FormattedMessage id="tech.insights.title" />
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((s) => (
          <div key={s.label} className={card}>
            <dt className="text-sm text-slate-700">
              <FormattedMessage id={s.label} />
            </dt>
            <dd className="mt-1 text-2xl font-bold sm:text-3xl">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
