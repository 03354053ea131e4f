import { FormattedMessage } from 'react-intl';
import { useDeckSummary } from './api';

const STATS = [
  { key: 'dueToday', label: 'review.stats.dueToday' },
  { key: 'learning', label: 'review.stats.learning' },
  { key: 'mastered', label: 'review.stats.mastered' },
] as const;

/** The review deck's numbers: due today, learning, mastered (21 days or more between reviews). */
export function DeckStats() {
  const summary = useDeckSummary();
  if (!summary.data) return null;
  return (
    <section aria-labelledby="deck-stats-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="deck-stats-title" className="text-lg font-bold">
        <FormattedMessage id="review.stats.title" />
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        <FormattedMessage id="review.stats.help" />
      </p>
      <dl className="mt-4 grid grid-cols-3 gap-3">
        {STATS.map((stat) => (
          <div key={stat.key} className="rounded-xl bg-slate-50 p-3 text-center">
            <dt className="text-sm text-slate-700">
              <FormattedMessage id={stat.label} />
            </dt>
            <dd className="text-2xl font-bold tabular-nums">{summary.data[stat.key]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
