import { FormattedMessage, useIntl } from 'react-intl';
import { useShopTestHistory } from './api';
import { QueryView, ScrollTable, Section } from './section';

/** SPEC §2 test history: the shop's 20 latest completed tests. */
export function TestHistorySection({ refresh }: { refresh: { refetchInterval?: number } }) {
  const intl = useIntl();
  const history = useShopTestHistory(refresh);
  return (
    <Section id="history-title" title={<FormattedMessage id="manager.testHistory.title" />}>
      <QueryView
        query={history}
        isEmpty={(rows) => rows.length === 0}
        empty={<FormattedMessage id="manager.testHistory.empty" />}
      >
        {(rows) => (
          <ScrollTable label={intl.formatMessage({ id: 'manager.testHistory.title' })}>
            <table className="w-full min-w-[36rem] text-sm">
              <thead className="border-b border-slate-200 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    <FormattedMessage id="manager.testHistory.technician" />
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    <FormattedMessage id="manager.testHistory.test" />
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    <FormattedMessage id="manager.testHistory.score" />
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    <FormattedMessage id="manager.testHistory.result" />
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    <FormattedMessage id="manager.testHistory.completed" />
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" className="px-2 py-2 text-left font-semibold">
                      {row.technician.fullName}
                    </th>
                    <td className="px-2 py-2">
                      {row.category ? (
                        <FormattedMessage
                          id={row.kind === 'exam' ? 'manager.testHistory.categoryExam' : 'manager.testHistory.category'}
                          values={{ code: row.category.code, name: row.category.name }}
                        />
                      ) : (
                        <FormattedMessage id="manager.testHistory.fullExam" />
                      )}
                    </td>
                    <td className="px-2 py-2 font-semibold">{row.score}%</td>
                    <td className="px-2 py-2">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${row.passed ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
                      >
                        <FormattedMessage id={row.passed ? 'manager.testHistory.pass' : 'manager.testHistory.fail'} />
                      </span>
                    </td>
                    <td className="px-2 py-2 whitespace-nowrap">
                      {intl.formatDate(row.completedAt, { dateStyle: 'medium', timeStyle: 'short' })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </QueryView>
    </Section>
  );
}
