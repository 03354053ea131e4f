import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { HistoryItem } from '../../../../domain/contracts/practice';
import { useSessionTitle } from '../../practice';

/** Recent Test History (last 10): Passed / Not passed by score, In Progress with a way back in. */
export function HistorySection({ history }: { history: HistoryItem[] }) {
  const intl = useIntl();
  const title = useSessionTitle();
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="text-xl font-semibold">
        <FormattedMessage id="tech.history.title" />
      </h2>
      {history.length === 0 ? (
        <p className="mt-3 text-slate-700">
          <FormattedMessage id="tech.history.empty" />
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {history.map((h) => (
            <li key={h.id}>
              <Link
                to={`/app/tests/${h.id}`}
                className="flex min-h-14 flex-col gap-1 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
              >
                <span className="min-w-0">
                  <span className="block font-semibold text-blue-800 underline">{title(h)}</span>
                  <span className="text-sm text-slate-700">
                    {intl.formatDate(new Date(h.startedAt), { dateStyle: 'medium' })}
                  </span>
                </span>
                {/* On a phone the status goes under the title, which keeps the width ("Terminada · No aprobada"
                    beside it left the Spanish title a word a line). */}
                <span className="flex flex-wrap gap-x-3 text-sm sm:block sm:shrink-0 sm:text-right">
                  {h.status === 'In Progress' ? (
                    <span className="font-semibold text-blue-800">
                      <FormattedMessage id="tech.history.inProgress" />
                    </span>
                  ) : (
                    <span className={`font-semibold ${h.passed ? 'text-green-800' : 'text-amber-800'}`}>
                      <FormattedMessage id="tech.history.completed" values={{ passed: Boolean(h.passed) }} />
                    </span>
                  )}
                  {h.score !== null && (
                    <span className="tabular-nums text-slate-800 sm:block">
                      <FormattedMessage
                        id="tech.history.score"
                        values={{
                          score: intl.formatNumber(h.score / 100, { style: 'percent' }),
                          correct: h.correct,
                          total: h.total,
                        }}
                      />
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
