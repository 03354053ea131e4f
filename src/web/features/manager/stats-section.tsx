import { FormattedMessage, useIntl } from 'react-intl';
import { QueryView } from '../../components/section';
import { type Refresh, useManagerOverview } from './api';
import { ShopInvite } from './shop-invite';

const STATS = [
  ['technicians', 'manager.stats.technicians'],
  ['totalTests', 'manager.stats.totalTests'],
  ['completedTests', 'manager.stats.completedTests'],
  ['pendingApprovals', 'manager.stats.pendingApprovals'],
] as const;

/** The shop's name and the dashboard stats: Technicians, Total Tests, Completed Tests, Pending Approvals. */
export function StatsSection({ refresh, wall }: { refresh: Refresh; wall: boolean }) {
  const intl = useIntl();
  const overview = useManagerOverview(refresh);
  return (
    <QueryView query={overview} isEmpty={() => false} empty={null}>
      {(data) => (
        <section aria-labelledby="shop-title" className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h1 id="shop-title" className="text-2xl font-bold">
              {data.shop.name}
            </h1>
            {wall ? (
              <p className="text-sm text-slate-700" role="status">
                <FormattedMessage
                  id="manager.wall.updated"
                  values={{ time: intl.formatTime(overview.dataUpdatedAt, { timeStyle: 'short' }) }}
                />
              </p>
            ) : (
              <ShopInvite shopCode={data.shop.shopCode} shopName={data.shop.name} />
            )}
          </div>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {STATS.map(([field, label]) => (
              <div key={field} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <dt className="text-sm text-slate-700">
                  <FormattedMessage id={label} />
                </dt>
                <dd className="mt-1 text-3xl font-bold">{intl.formatNumber(data[field])}</dd>
                {field === 'technicians' && data.maxTechnicians > 0 && (
                  <dd className="text-xs text-slate-600">
                    <FormattedMessage id="manager.stats.planLimit" values={{ max: data.maxTechnicians }} />
                  </dd>
                )}
              </div>
            ))}
          </dl>
        </section>
      )}
    </QueryView>
  );
}
