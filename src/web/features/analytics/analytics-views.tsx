import { AlertTriangle, ArrowRight, CheckCircle2, Info, TrendingDown, TrendingUp } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { CategoryAnalytics, TechAnalytics, TrendPoint } from '../../../domain/contracts/analytics';
import { ButtonLink } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { Spinner } from '../../components/ui/spinner';
import { useCategoryName } from '../../i18n/category-name';

const TrendChart = lazy(() => import('./trend-chart'));
const CategoryChart = lazy(() => import('./category-chart'));

export const ANALYTICS_VIEWS = ['overview', 'trends', 'categories'] as const;
export type AnalyticsView = (typeof ANALYTICS_VIEWS)[number];
const VIEW_LABEL = {
  overview: 'analytics.view.overview',
  trends: 'analytics.view.trends',
  categories: 'analytics.view.categories',
} as const;

/** Who is looking: the technician at their own analytics, or their manager. */
export type Audience = 'self' | 'manager';

export const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5';

/** The view chosen in the URL (`?view=trends`), so each view has its own address and Back works. */
export function useAnalyticsView(): AnalyticsView {
  const [params] = useSearchParams();
  const view = params.get('view');
  return ANALYTICS_VIEWS.find((v) => v === view) ?? 'overview';
}

/** Overview, Trends, By Category as links to the same page's views. */
export function AnalyticsViewNav({ view }: { view: AnalyticsView }) {
  const intl = useIntl();
  const [params] = useSearchParams();
  return (
    <nav aria-label={intl.formatMessage({ id: 'analytics.view.nav' })}>
      <ul className="flex gap-1 rounded-xl bg-slate-200/70 p-1">
        {ANALYTICS_VIEWS.map((v) => {
          const next = new URLSearchParams(params);
          next.set('view', v);
          const current = v === view;
          return (
            <li key={v} className="flex-1">
              <Link
                to={{ search: `?${next.toString()}` }}
                replace
                aria-current={current ? 'page' : undefined}
                className={`flex min-h-11 items-center justify-center rounded-lg px-1 text-center text-sm leading-tight font-semibold sm:px-3 ${
                  current ? 'bg-white text-blue-800 shadow-sm' : 'text-slate-700 hover:bg-white/60'
                }`}
              >
                <FormattedMessage id={VIEW_LABEL[v]} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The chosen view of a technician's analytics. */
export function AnalyticsViews({
  data,
  view,
  audience,
}: {
  data: TechAnalytics;
  view: AnalyticsView;
  audience: Audience;
}) {
  if (data.overview.testsTaken === 0) return <NoTestsYet audience={audience} />;
  if (view === 'trends') return <TrendsView data={data} />;
  if (view === 'categories') return <ByCategoryView categories={data.categories} />;
  return <OverviewView data={data} />;
}

function NoTestsYet({ audience }: { audience: Audience }) {
  return (
    <section className={`${card} text-center`} aria-labelledby="no-tests">
      <h2 id="no-tests" className="text-lg font-semibold">
        <FormattedMessage id={audience === 'self' ? 'analytics.empty.title' : 'analytics.empty.titleManager'} />
      </h2>
      <p className="mt-2 text-slate-700">
        <FormattedMessage id={audience === 'self' ? 'analytics.empty.body' : 'analytics.empty.bodyManager'} />
      </p>
      {audience === 'self' && (
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/app" size="lg" className="min-h-12">
            <FormattedMessage id="analytics.empty.chooseTest" />
          </ButtonLink>
          <ButtonLink to="/app/exams" variant="secondary" size="lg" className="min-h-12">
            <FormattedMessage id="analytics.empty.selectExam" />
          </ButtonLink>
        </div>
      )}
    </section>
  );
}

export function Percent({ value }: { value: number | null }) {
  if (value === null) return <FormattedMessage id="analytics.none" />;
  return <FormattedNumber value={value / 100} style="percent" maximumFractionDigits={0} />;
}

function Duration({ seconds }: { seconds: number }) {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return <FormattedMessage id="analytics.duration.minutes" values={{ minutes }} />;
  return (
    <FormattedMessage
      id="analytics.duration.hoursMinutes"
      values={{ hours: Math.floor(minutes / 60), minutes: minutes % 60 }}
    />
  );
}

export function StatGrid({ stats }: { stats: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      {stats.map((s) => (
        <div key={s.label} className={card}>
          <dt className="text-sm text-slate-700">
            <FormattedMessage id={s.label} />
          </dt>
          <dd className="mt-1 text-2xl font-bold sm:text-3xl">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OverviewView({ data }: { data: TechAnalytics }) {
  const categoryName = useCategoryName();
  const o = data.overview;
  const tested = data.categories.filter((c) => c.tests > 0);
  return (
    <div className="space-y-6">
      <StatGrid
        stats={[
          { label: 'analytics.overview.testsTaken', value: o.testsTaken },
          { label: 'analytics.overview.averageScore', value: <Percent value={o.averageScore} /> },
          { label: 'analytics.overview.passRate', value: <Percent value={o.passRate} /> },
          { label: 'analytics.overview.bestScore', value: <Percent value={o.bestScore} /> },
          { label: 'analytics.overview.timePractised', value: <Duration seconds={o.secondsPractised} /> },
        ]}
      />
      <section aria-labelledby="overview-categories" className={card}>
        <h2 id="overview-categories" className="text-lg font-semibold">
          <FormattedMessage id="analytics.overview.perCategory" />
        </h2>
        <DataTable
          className="mt-3"
          rows={tested}
          rowKey={(c) => c.id}
          empty={
            <p className="mt-2 text-slate-700">
              <FormattedMessage id="analytics.overview.noCategoryTests" />
            </p>
          }
          columns={[
            {
              key: 'category',
              header: <FormattedMessage id="analytics.table.category" />,
              rowHeader: true,
              cell: (c) => `${c.code} ${categoryName(c.code, c.name)}`,
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
              key: 'best',
              header: <FormattedMessage id="analytics.table.best" />,
              align: 'end',
              cell: (c) => <Percent value={c.bestScore} />,
            },
          ]}
        />
        {o.fullExams > 0 && (
          <p className="mt-3 text-sm text-slate-700">
            <FormattedMessage id="analytics.overview.fullExams" values={{ count: o.fullExams }} />
          </p>
        )}
      </section>
    </div>
  );
}

const INSIGHT = {
  positive: {
    id: 'analytics.trends.insight.positive',
    icon: CheckCircle2,
    tone: 'bg-green-50 text-green-900 ring-green-200',
  },
  warning: {
    id: 'analytics.trends.insight.warning',
    icon: AlertTriangle,
    tone: 'bg-amber-50 text-amber-950 ring-amber-300',
  },
  neutral: { id: 'analytics.trends.insight.neutral', icon: Info, tone: 'bg-blue-50 text-blue-950 ring-blue-200' },
} as const;

/** A test's name in charts and tables: the category code, "A1 free test", or "Full exam". */
export function useTestLabel() {
  const intl = useIntl();
  return (p: Pick<TrendPoint, 'kind' | 'origin' | 'categoryCode'>) =>
    p.categoryCode
      ? p.origin === 'free_test'
        ? intl.formatMessage({ id: 'analytics.trends.freeTest' }, { code: p.categoryCode })
        : p.kind === 'exam'
          ? intl.formatMessage({ id: 'analytics.trends.categoryExam' }, { code: p.categoryCode })
          : p.categoryCode
      : intl.formatMessage({ id: 'analytics.trends.fullExam' });
}

function ChartFallback() {
  return (
    <div className="flex h-72 items-center justify-center">
      <Spinner />
    </div>
  );
}

function TrendsView({ data }: { data: TechAnalytics }) {
  const { points, average, insight } = data.trend;
  const testLabel = useTestLabel();
  const tone = INSIGHT[insight];
  return (
    <div className="space-y-6">
      <p className={`flex items-start gap-3 rounded-xl p-4 ring-1 ${tone.tone}`} role="status">
        <tone.icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <span>
          <FormattedMessage id={tone.id} values={{ count: points.length, average }} />
        </span>
      </p>
      <section aria-labelledby="trend-title" className={card}>
        <h2 id="trend-title" className="text-lg font-semibold">
          <FormattedMessage id="analytics.trends.title" values={{ count: points.length }} />
        </h2>
        <Suspense fallback={<ChartFallback />}>
          <TrendChart points={points} />
        </Suspense>
        <details className="mt-4">
          <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-blue-800">
            <FormattedMessage id="analytics.table.show" />
          </summary>
          <DataTable
            className="mt-2"
            caption={<FormattedMessage id="analytics.trends.title" values={{ count: points.length }} />}
            rows={points}
            rowKey={(p) => p.id}
            columns={[
              { key: 'number', header: '#', cell: (_, i) => i + 1 },
              {
                key: 'date',
                header: <FormattedMessage id="analytics.table.date" />,
                cell: (p) => <FormattedDate value={p.completedAt} dateStyle="medium" />,
              },
              { key: 'test', header: <FormattedMessage id="analytics.table.test" />, cell: (p) => testLabel(p) },
              {
                key: 'score',
                header: <FormattedMessage id="analytics.table.score" />,
                align: 'end',
                cell: (p) => <Percent value={p.score} />,
              },
              {
                key: 'movingAverage',
                header: <FormattedMessage id="analytics.table.movingAverage" />,
                align: 'end',
                cell: (p) => (
                  <FormattedNumber value={p.movingAverage / 100} style="percent" maximumFractionDigits={1} />
                ),
              },
            ]}
          />
        </details>
      </section>
    </div>
  );
}

const TREND = {
  improving: { id: 'analytics.categories.trend.improving', icon: TrendingUp },
  declining: { id: 'analytics.categories.trend.declining', icon: TrendingDown },
  steady: { id: 'analytics.categories.trend.steady', icon: ArrowRight },
  new: { id: 'analytics.categories.trend.new', icon: null },
} as const;

export function TrendLabel({ trend }: { trend: CategoryAnalytics['trend'] }) {
  const t = TREND[trend];
  return (
    <span className="inline-flex items-center gap-1">
      {t.icon && <t.icon className="h-4 w-4" aria-hidden="true" />}
      <FormattedMessage id={t.id} />
    </span>
  );
}

const NARROW = 'py-2 pr-2 sm:pr-3';

function ByCategoryView({ categories }: { categories: CategoryAnalytics[] }) {
  const categoryName = useCategoryName();
  return (
    <section aria-labelledby="by-category-title" className={card}>
      <h2 id="by-category-title" className="text-lg font-semibold">
        <FormattedMessage id="analytics.categories.title" />
      </h2>
      <Suspense fallback={<ChartFallback />}>
        <CategoryChart categories={categories} />
      </Suspense>
      <DataTable
        className="mt-4"
        // A phone keeps the code and four columns in its width: smaller text, narrower gaps.
        tableClassName="text-xs sm:text-sm"
        caption={<FormattedMessage id="analytics.categories.title" />}
        rows={categories}
        rowKey={(c) => c.id}
        columns={[
          {
            key: 'category',
            header: <FormattedMessage id="analytics.table.category" />,
            rowHeader: true,
            pad: NARROW,
            cell: (c) => (
              <>
                <span className="font-bold">{c.code}</span>{' '}
                <span className="hidden sm:inline">{categoryName(c.code, c.name)}</span>
              </>
            ),
          },
          {
            key: 'attempts',
            header: <FormattedMessage id="analytics.table.attempts" />,
            align: 'end',
            pad: NARROW,
            cell: (c) => c.tests,
          },
          {
            key: 'average',
            header: <FormattedMessage id="analytics.table.average" />,
            align: 'end',
            pad: NARROW,
            cell: (c) => <Percent value={c.averageScore} />,
          },
          {
            key: 'last',
            header: <FormattedMessage id="analytics.table.last" />,
            align: 'end',
            from: 'sm',
            pad: NARROW,
            cell: (c) => <Percent value={c.lastScore} />,
          },
          {
            key: 'trend',
            header: <FormattedMessage id="analytics.table.trend" />,
            pad: 'py-2',
            cell: (c) => <TrendLabel trend={c.trend} />,
          },
        ]}
      />
    </section>
  );
}
