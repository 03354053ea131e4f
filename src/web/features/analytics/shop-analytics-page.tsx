import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ShopAnalytics } from '../../../domain/contracts/analytics';
import { ManagerHeader } from '../../components/manager-header';
import { QueryState } from '../../components/query-state';
import { ButtonLink } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { Spinner } from '../../components/ui/spinner';
import { useCategoryName } from '../../i18n/category-name';
import { ApiError } from '../../lib/api-client';
import { card, Percent, StatGrid } from './analytics-views';
import { useShopAnalytics } from './api';

const WeekChart = lazy(() => import('./week-chart'));
const CategoryChart = lazy(() => import('./category-chart'));

/** A plan without analytics (docs/PRODUCT.md#plans-and-billing: the shop plan's features decide): say so and point to the plan; null for other errors. */
export function notInPlan(error: Error) {
  if (!(error instanceof ApiError) || error.code !== 'FEATURE_NOT_INCLUDED') return null;
  return <AnalyticsNotInPlan />;
}

function AnalyticsNotInPlan() {
  return (
    <section className={card}>
      <h2 className="text-lg font-semibold">
        <FormattedMessage id="analytics.notInPlan.title" />
      </h2>
      <p className="mt-2 text-slate-700">
        <FormattedMessage id="analytics.notInPlan.body" />
      </p>
      <ButtonLink to="/manager/subscription" className="mt-4 min-h-11">
        <FormattedMessage id="analytics.notInPlan.plan" />
      </ButtonLink>
    </section>
  );
}

export function BackLink({ to, messageId }: { to: string; messageId: string }) {
  return (
    <Link to={to} className="inline-flex min-h-11 items-center gap-1 font-semibold text-blue-800 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      <FormattedMessage id={messageId} />
    </Link>
  );
}

const chartFallback = (
  <div className="flex h-64 items-center justify-center">
    <Spinner />
  </div>
);

/** Shop-wide analytics for the manager's own shop: overview, 12 weeks, technicians, categories. */
export default function ShopAnalyticsPage() {
  const intl = useIntl();
  const analytics = useShopAnalytics();
  return (
    <div className="min-h-screen bg-slate-50">
      <ManagerHeader />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <BackLink to="/manager" messageId="analytics.shop.back" />
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="analytics.shop.title" />
        </h1>
        <QueryState
          query={analytics}
          loadingLabel={intl.formatMessage({ id: 'analytics.loading' })}
          renderError={notInPlan}
        >
          {(data) => <ShopAnalyticsView data={data} />}
        </QueryState>
      </main>
    </div>
  );
}

function ShopAnalyticsView({ data }: { data: ShopAnalytics }) {
  const categoryName = useCategoryName();
  const o = data.overview;
  return (
    <div className="space-y-6">
      <StatGrid
        stats={[
          { label: 'analytics.shop.technicians', value: o.technicians },
          { label: 'analytics.shop.activeTechnicians', value: o.activeTechnicians },
          { label: 'analytics.shop.testsCompleted', value: o.testsTaken },
          {
            label: 'analytics.overview.averageScore',
            value: <Percent value={o.testsTaken > 0 ? o.averageScore : null} />,
          },
          { label: 'analytics.overview.passRate', value: <Percent value={o.testsTaken > 0 ? o.passRate : null} /> },
        ]}
      />

      <section aria-labelledby="shop-techs" className={card}>
        <h2 id="shop-techs" className="text-lg font-semibold">
          <FormattedMessage id="analytics.shop.techniciansTitle" />
        </h2>
        <DataTable
          className="mt-3"
          rows={data.technicians}
          rowKey={(t) => t.id}
          empty={
            <div className="mt-2 text-slate-700">
              <p>
                <FormattedMessage id="analytics.shop.noTechnicians" />
              </p>
              <ButtonLink to="/manager/profile" variant="secondary" className="mt-3 min-h-11">
                <FormattedMessage id="analytics.shop.shopCode" />
              </ButtonLink>
            </div>
          }
          columns={[
            {
              key: 'technician',
              header: <FormattedMessage id="analytics.table.technician" />,
              rowHeader: true,
              // The link is 44 px tall: the row needs no more padding than that.
              pad: 'py-1 pr-3',
              cell: (t) => (
                <Link
                  to={`/manager/technicians/${encodeURIComponent(t.id)}`}
                  className="inline-flex min-h-11 items-center text-blue-800 underline"
                >
                  {t.fullName}
                </Link>
              ),
            },
            {
              key: 'tests',
              header: <FormattedMessage id="analytics.table.tests" />,
              align: 'end',
              cell: (t) => t.testsTaken,
            },
            {
              key: 'average',
              header: <FormattedMessage id="analytics.table.average" />,
              align: 'end',
              cell: (t) => <Percent value={t.averageScore} />,
            },
            {
              key: 'passRate',
              header: <FormattedMessage id="analytics.overview.passRate" />,
              align: 'end',
              from: 'sm',
              cell: (t) => <Percent value={t.passRate} />,
            },
            {
              key: 'lastTest',
              header: <FormattedMessage id="analytics.table.lastTest" />,
              from: 'md',
              cell: (t) =>
                t.lastTestAt ? (
                  <FormattedDate value={t.lastTestAt} dateStyle="medium" />
                ) : (
                  <FormattedMessage id="analytics.none" />
                ),
            },
            {
              key: 'weakest',
              header: <FormattedMessage id="analytics.table.weakest" />,
              cell: (t) => t.weakestCategory ?? <FormattedMessage id="analytics.none" />,
            },
          ]}
        />
      </section>

      <section aria-labelledby="shop-weeks" className={card}>
        <h2 id="shop-weeks" className="text-lg font-semibold">
          <FormattedMessage id="analytics.shop.weeksTitle" values={{ count: data.weeks.length }} />
        </h2>
        <Suspense fallback={chartFallback}>
          <WeekChart weeks={data.weeks} />
        </Suspense>
        <details className="mt-4">
          <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-blue-800">
            <FormattedMessage id="analytics.table.show" />
          </summary>
          <DataTable
            className="mt-2"
            rows={data.weeks}
            rowKey={(w) => w.weekStart}
            columns={[
              {
                key: 'week',
                header: <FormattedMessage id="analytics.table.weekOf" />,
                cell: (w) => <FormattedDate value={`${w.weekStart}T00:00:00Z`} dateStyle="medium" timeZone="UTC" />,
              },
              {
                key: 'tests',
                header: <FormattedMessage id="analytics.table.tests" />,
                align: 'end',
                cell: (w) => w.tests,
              },
              {
                key: 'average',
                header: <FormattedMessage id="analytics.table.average" />,
                align: 'end',
                cell: (w) => <Percent value={w.averageScore} />,
              },
            ]}
          />
        </details>
      </section>

      <section aria-labelledby="shop-categories" className={card}>
        <h2 id="shop-categories" className="text-lg font-semibold">
          <FormattedMessage id="analytics.categories.title" />
        </h2>
        <Suspense fallback={chartFallback}>
          <CategoryChart categories={data.categories} />
        </Suspense>
        <DataTable
          className="mt-4"
          rows={data.categories}
          rowKey={(c) => c.id}
          columns={[
            {
              key: 'category',
              header: <FormattedMessage id="analytics.table.category" />,
              rowHeader: true,
              cell: (c) => (
                <>
                  <span className="font-bold">{c.code}</span>{' '}
                  <span className="hidden sm:inline">{categoryName(c.code, c.name)}</span>
                </>
              ),
            },
            {
              key: 'tests',
              header: <FormattedMessage id="analytics.table.tests" />,
              align: 'end',
              cell: (c) => c.tests,
            },
            {
              key: 'average',
              header: <FormattedMessage id="analytics.table.average" />,
              align: 'end',
              cell: (c) => <Percent value={c.averageScore} />,
            },
            {
              key: 'passRate',
              header: <FormattedMessage id="analytics.overview.passRate" />,
              align: 'end',
              cell: (c) => <Percent value={c.passRate} />,
            },
            {
              key: 'technicians',
              header: <FormattedMessage id="analytics.shop.technicians" />,
              align: 'end',
              from: 'sm',
              cell: (c) => c.technicians,
            },
          ]}
        />
      </section>
    </div>
  );
}
