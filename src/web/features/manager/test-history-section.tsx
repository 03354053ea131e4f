import { FormattedMessage, useIntl } from 'react-intl';
import type { TestHistoryRow } from '../../../domain/contracts/manager';
import { QueryView, Section } from '../../components/section';
import { DataTable } from '../../components/ui/data-table';
import { useCategoryName } from '../../i18n/category-name';
import { type Refresh, useShopTestHistory } from './api';

/** Test history: the shop's 20 latest completed tests. */
export function TestHistorySection({ refresh }: { refresh: Refresh }) {
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
          <DataTable
            look="divided"
            label={intl.formatMessage({ id: 'manager.testHistory.title' })}
            rows={rows}
            rowKey={(row) => row.id}
            columns={[
              {
                key: 'technician',
                header: <FormattedMessage id="manager.testHistory.technician" />,
                rowHeader: true,
                cell: (row) => row.technician.fullName,
              },
              {
                key: 'test',
                header: <FormattedMessage id="manager.testHistory.test" />,
                cell: (row) => <TestName row={row} />,
              },
              {
                key: 'score',
                header: <FormattedMessage id="manager.testHistory.score" />,
                className: 'font-semibold',
                cell: (row) => `${row.score}%`,
              },
              {
                key: 'result',
                header: <FormattedMessage id="manager.testHistory.result" />,
                cell: (row) => <PassFail passed={row.passed} />,
              },
              {
                key: 'completed',
                header: <FormattedMessage id="manager.testHistory.completed" />,
                className: 'whitespace-nowrap',
                cell: (row) => intl.formatDate(row.completedAt, { dateStyle: 'medium', timeStyle: 'short' }),
              },
            ]}
            phone={{
              below: 'sm',
              cards: (
                <ul className="divide-y divide-slate-100">
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
              ),
            }}
          />
        )}
      </QueryView>
    </Section>
  );
}

/** Its category and sort; the free test saved at sign-up says so (it was taken with each key shown). */
function TestName({ row }: { row: TestHistoryRow }) {
  const categoryName = useCategoryName();
  return row.category ? (
    <FormattedMessage
      id={
        row.origin === 'free_test'
          ? 'manager.testHistory.freeTest'
          : row.kind === 'exam'
            ? 'manager.testHistory.categoryExam'
            : 'manager.testHistory.category'
      }
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
