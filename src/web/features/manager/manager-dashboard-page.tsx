import { BarChart3, Monitor } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ManagerHeader } from '../../components/manager-header';
import { ButtonLink } from '../../components/ui/button';
import { SubscriptionBanner } from '../billing';
import { ShopCertificationsCard } from '../certifications';
import { DASHBOARD_REFRESH } from './api';
import { AssignmentsSection } from './assignments-section';
import { JoinRequestsSection } from './join-requests-section';
import { StatsSection } from './stats-section';
import { TechnicianProgressSection } from './technician-progress-section';
import { TestHistorySection } from './test-history-section';

/** Where the Assign Test modal is open: for any technician, or for one (fixed) from their row. */
type Assigning = { techId: string | null } | null;

/**
 * The Assign Test form (with its validation schema) loads on its own, after the dashboard is up, so the
 * dashboard's first load does not wait for it (the route budgets in tests/e2e/route-budget.e2e.ts).
 */
const loadAssignTestDialog = () => import('./assign-test-dialog');
const AssignTestDialog = lazy(() => loadAssignTestDialog().then((m) => ({ default: m.AssignTestDialog })));

/**
 * The manager dashboard. `?view=wall` is the view-only mode for a shop-floor screen: no
 * header, no subscription banner, no actions, and it refreshes itself.
 */
export default function ManagerDashboardPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const wall = params.get('view') === 'wall';
  // Both modes keep the shop's reads current (every minute while visible, and on focus).
  const refresh = DASHBOARD_REFRESH;
  const [assigning, setAssigning] = useState<Assigning>(null);
  // Mounted from the first Assign Test on, so it keeps its open and close behaviour afterwards.
  const [dialogMounted, setDialogMounted] = useState(false);
  const openAssign = (techId: string | null) => {
    setDialogMounted(true);
    setAssigning({ techId });
  };
  useEffect(() => {
    if (wall) return;
    // Fetch the form's code once the dashboard has rendered, so Assign Test opens without a wait.
    const idle = window.setTimeout(() => void loadAssignTestDialog(), 1500);
    return () => window.clearTimeout(idle);
  }, [wall]);

  return (
    <div className="min-h-screen bg-slate-50">
      {!wall && <ManagerHeader />}
      <main className="mx-auto max-w-7xl space-y-8 px-4 py-8">
        {!wall && <SubscriptionBanner />}
        <StatsSection refresh={refresh} wall={wall} />
        {!wall && (
          <nav aria-label={intl.formatMessage({ id: 'manager.links' })} className="flex flex-wrap gap-2">
            <ButtonLink to="/manager/analytics" variant="secondary" className="min-h-11">
              <BarChart3 className="h-4 w-4" aria-hidden="true" />
              <FormattedMessage id="manager.shopAnalytics" />
            </ButtonLink>
            <ButtonLink to="/manager?view=wall" variant="secondary" className="min-h-11" target="_blank">
              <Monitor className="h-4 w-4" aria-hidden="true" />
              <FormattedMessage id="manager.wall.open" />
            </ButtonLink>
          </nav>
        )}
        {!wall && <JoinRequestsSection refresh={refresh} />}
        <TechnicianProgressSection refresh={refresh} wall={wall} onAssign={openAssign} />
        <AssignmentsSection refresh={refresh} wall={wall} onAssign={() => openAssign(null)} />
        <TestHistorySection refresh={refresh} />
        {!wall && <ShopCertificationsCard />}
      </main>
      {!wall && dialogMounted && (
        <Suspense fallback={null}>
          <AssignTestDialog
            open={assigning !== null}
            fixedTechId={assigning?.techId ?? null}
            onOpenChange={(open) => !open && setAssigning(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
