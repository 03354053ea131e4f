import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { SubscriptionBanner } from '../billing/subscription-banner';
import { useManagerOverview } from './api';
import { ManagerHeader } from './manager-header';

/** The manager dashboard shell: header and the shop's headline numbers. */
export default function ManagerDashboardPage() {
  const overview = useManagerOverview();
  return (
    <div className="min-h-screen bg-slate-50">
      <ManagerHeader />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <SubscriptionBanner />
        {overview.isPending && <Spinner />}
        <ErrorBox message={overview.error ? errorMessage(overview.error) : null} />
        {overview.data && (
          <>
            <h1 className="text-2xl font-bold">{overview.data.shop.name}</h1>
            <p className="text-slate-700">Shop code: {overview.data.shop.shopCode}</p>
            <dl className="grid gap-4 sm:grid-cols-2">
              <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">Technicians</dt>
                <dd className="text-3xl font-bold">{overview.data.technicians}</dd>
              </div>
              <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <dt className="text-sm text-slate-600">Pending Approvals</dt>
                <dd className="text-3xl font-bold">{overview.data.pendingApprovals}</dd>
              </div>
            </dl>
          </>
        )}
      </main>
    </div>
  );
}
