import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import type { MasteryDashboard } from '../../../domain/contracts/mastery';
import { ManagerHeader } from '../../components/manager-header';
import { QueryState } from '../../components/query-state';
import { ButtonLink } from '../../components/ui/button';
import { useCategoryName } from '../../i18n/category-name';
import { ApiError } from '../../lib/api-client';
import { LevelBadge, PassEstimate } from '../mastery';
import { AnalyticsViewNav, AnalyticsViews, card, Percent, useAnalyticsView } from './analytics-views';
import { useTechnicianAnalytics } from './api';
import { BackLink, notInPlan } from './shop-analytics-page';

function TechnicianNotFound() {
  return (
    <section className={card}>
      <h2 className="text-lg font-semibold">
        <FormattedMessage id="analytics.technician.notFound" />
      </h2>
      <p className="mt-2 text-slate-700">
        <FormattedMessage id="analytics.technician.notFoundBody" />
      </p>
    </section>
  );
}

/** One technician of the manager's shop: who, analytics, mastery. */
export default function TechnicianAnalyticsPage() {
  const intl = useIntl();
  const { techId = '' } = useParams();
  const view = useAnalyticsView();
  const query = useTechnicianAnalytics(techId);
  return (
    <div className="min-h-screen bg-slate-50">
      <ManagerHeader />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <BackLink to="/manager/analytics" messageId="analytics.technician.back" />
        <QueryState
          query={query}
          loadingLabel={intl.formatMessage({ id: 'analytics.loadingManager' })}
          renderError={(error) =>
            error instanceof ApiError && error.status === 404 ? <TechnicianNotFound /> : notInPlan(error)
          }
        >
          {(data) => (
            <>
              <header className="flex flex-wrap items-end justify-between gap-4">
                <div>
                  <h1 className="text-2xl font-bold">{data.technician.fullName}</h1>
                  <p className="text-slate-700">{data.technician.email}</p>
                  <p className="mt-1 text-sm text-slate-700">
                    <FormattedMessage
                      id="analytics.technician.summary"
                      values={{
                        tests: data.analytics.overview.testsTaken,
                        average: <Percent value={data.analytics.overview.averageScore} />,
                      }}
                    />
                  </p>
                </div>
                <ButtonLink
                  to={`/manager/certifications?tech=${encodeURIComponent(data.technician.id)}`}
                  variant="secondary"
                  className="min-h-11"
                >
                  <FormattedMessage id="analytics.technician.certifications" />
                </ButtonLink>
              </header>
              <AnalyticsViewNav view={view} />
              <AnalyticsViews data={data.analytics} view={view} audience="manager" />
              <MasteryTable mastery={data.mastery} />
            </>
          )}
        </QueryState>
      </main>
    </div>
  );
}

function MasteryTable({ mastery }: { mastery: MasteryDashboard }) {
  const categoryName = useCategoryName();
  return (
    <section aria-labelledby="tech-mastery" className={card}>
      <h2 id="tech-mastery" className="text-lg font-semibold">
        <FormattedMessage id="analytics.technician.mastery" />
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {mastery.categories.map((c) => (
          <li key={c.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="min-w-48">
              <p className="font-semibold">
                {c.code} {categoryName(c.code, c.name)}
              </p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <LevelBadge level={c.level} />
                <FormattedMessage id="mastery.readinessValue" values={{ value: c.readiness }} />
                <span>
                  {c.questionsAttempted === 0 ? (
                    <FormattedMessage id="analytics.technician.notPractised" />
                  ) : (
                    <FormattedMessage
                      id="analytics.technician.answered"
                      values={{
                        count: c.questionsAttempted,
                        correct: (
                          <FormattedNumber
                            value={c.correctAnswers / c.questionsAttempted}
                            style="percent"
                            maximumFractionDigits={0}
                          />
                        ),
                      }}
                    />
                  )}
                </span>
              </p>
            </div>
            <div className="max-w-md">
              <PassEstimate category={c} audience="manager" />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
