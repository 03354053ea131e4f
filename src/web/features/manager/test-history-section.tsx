import { FormattedMessage, useIntl } from 'react-intl';
import type { TestHistoryRow } from '../../../domain/contracts/manager';
import { QueryView, ScrollTable, Section } from '../../components/section';
import { useCategoryName } from '../../i18n/category-name';
import { useShopTestHistory } from './api';

/** Test history: the shop's 20 latest completed tests. */
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
          <>
            <ul className="divide-y divide-slate-100 sm:hidden">
              {rows.map((row) => (
                <li key={row.id} className="flex items-start justify-between gap-3 py-2">
                  <div>
                    <p className="font-semibold">{row.technician.fullName}</p>
                    <p className="text-sm">
                      <TestName row={row} />
                    </p>
                    <p className="text-xs text-slate-700">
                      {intl.formatDate(row.completedAt, { dateStyle: 'medium', timeStyle: 'short' })}
                    </p>
                  </div>
                  <div className="text-right">
                    <p className="font-semibold">{row.score}%</p>
                    <PassFail passed={row.passed} />
                  </div>
                </li>
              ))}
            </ul>
            <div className="hidden sm:block">
              <ScrollTable label={intl.formatMessage({ id: 'manager.testHistory.title' })}>
                <table className="w-full text-sm">
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
                          <TestName row={row} />
                        </td>
                        <td className="px-2 py-2 font-semibold">{row.score}%</td>
                        <td className="px-2 py-2">
                          <PassFail passed={row.passed} />
                        </td>
                        <td className="px-2 py-2 whitespace-nowrap">
                          {intl.formatDate(row.completedAt, { dateStyle: 'medium', timeStyle: 'short' })}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollTable>
            </div>
          </>
        )}
      </QueryView>
    </Section>
  );
}

function TestName({ row }: { row: TestHistoryRow }) {
  const categoryName = useCategoryName();
  return row.category ? (
    <FormattedMessage
      id={row.kind === 'exam' ? 'manager.testHistory.categoryExam' : 'manager.testHistory.category'}
      values={{ code: row.category.code, name: categoryName(row.category.code, row.category.name) }}
    />
  ) : (
    <FormattedMessage id="manager.testHistory.fullExam" />
  );
}

function PassFail({ passed }: { passed: boolean }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${passed ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
    >
      <FormattedMessage id={passed ? 'manager.testHistory.pass' : 'manager.testHistory.fail'} />
    </span>
  );
}
