import { FormattedMessage, useIntl } from 'react-intl';
import { QueryState } from '../../components/query-state';
import { TechHeader } from '../../components/tech-header';
import { DeckStats } from '../review';
import { AnalyticsViewNav, AnalyticsViews, useAnalyticsView } from './analytics-views';
import { useMyAnalytics } from './api';

/** The technician's Analytics: Overview, Trends and By Category, each at its own address. */
export default function AnalyticsPage() {
  const intl = useIntl();
  const view = useAnalyticsView();
  const analytics = useMyAnalytics();
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="common.tech.analytics" />
        </h1>
        <AnalyticsViewNav view={view} />
        <QueryState query={analytics} loadingLabel={intl.formatMessage({ id: 'analytics.loading' })}>
          {(data) => <AnalyticsViews data={data} view={view} audience="self" />}
        </QueryState>
        <DeckStats />
      </main>
    </div>
  );
}
