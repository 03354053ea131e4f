import { FormattedMessage } from 'react-intl';
import { TechHeader } from '../../components/tech-header';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { useErrorText } from '../../i18n/i18n-provider';
import { PracticeStreakCard } from '../achievements';
import { CertificationsSummary } from '../certifications';
import { usePracticeDashboard } from '../practice';
import { ReviewDueCard } from '../review';
import { AssignedTestsSection } from './dashboard/assigned-tests-section';
import { CategoriesSection } from './dashboard/categories-section';
import { ContinueCard } from './dashboard/continue-card';
import { TechDashboardSectionsSkeleton } from './dashboard/dashboard-skeleton';
import { FreeTestOffer } from './dashboard/free-test-offer';
import { HistorySection } from './dashboard/history-section';
import { InsightsSection } from './dashboard/insights-section';
import { PracticeOptionsSection } from './dashboard/practice-options-section';
import { StartHereCard } from './dashboard/start-here-card';
import { WelcomeSection } from './dashboard/welcome-section';

/**
 * The technician dashboard, one file per section so features add theirs without touching the
 * others: the way back into an open test first, then (first visit) Start here or (after a result)
 * Performance Insights, Assigned Tests, Practice Options, Practice by Category, Recent Test History.
 * Assigned Tests move up, under the way back in, while one is due soon or overdue.
 */
export default function TechDashboardPage() {
  const errorText = useErrorText();
  const dashboard = usePracticeDashboard();
  const data = dashboard.data;
  const firstVisit = data ? data.history.length === 0 : false;
  const noResults = data ? data.insights.testsTaken === 0 : false;
  // The free test taken before signing up (imported with the account) is not a choice of test yet: the
  // first visit still asks which one.
  const onlyFreeTest = data ? data.history.every((h) => h.origin === 'free_test') : false;
  // An assigned test due soon or overdue comes before the warm-up and the rest: on a phone it was below the fold.
  const urgentAssigned = data?.assignments?.some((a) => a.dueSoon || a.status === 'Overdue') ?? false;
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:py-8">
        <WelcomeSection firstVisit={firstVisit} />
        {dashboard.isPending && <TechDashboardSectionsSkeleton />}
        {dashboard.error && (
          <div className="space-y-3">
            <ErrorBox message={errorText(dashboard.error)} />
            <Button onClick={() => void dashboard.refetch()}>
              <FormattedMessage id="common.tryAgain" />
            </Button>
          </div>
        )}
        {data && (
          <>
            <ContinueCard tests={data.openTests} />
            {data.assignments && urgentAssigned && <AssignedTestsSection assignments={data.assignments} />}
            <FreeTestOffer importOpen={data.freeTestImportOpen} />
            {(noResults || onlyFreeTest) && data.openTests.length === 0 && <StartHereCard />}
            {!noResults && <PracticeStreakCard />}
            {!noResults && <ReviewDueCard />}
            {!noResults && <InsightsSection insights={data.insights} />}
            {data.assignments && !urgentAssigned && <AssignedTestsSection assignments={data.assignments} />}
            <CertificationsSummary />
            <PracticeOptionsSection />
            <CategoriesSection progress={data.categories} />
            <HistorySection history={data.history} />
          </>
        )}
      </main>
    </div>
  );
}
