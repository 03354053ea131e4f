import { CreditCard } from 'lucide-react';
import { canCancel, subscriptionStatusLabel, wholeDollars } from '../../../domain/billing';
import type { SubscriptionView } from '../../../domain/contracts/billing';
import { SubscriptionActions } from '../../components/ui/subscription-actions';
import { useBillingPortal, useCancelSubscription } from './api';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

/**
 * The current-subscription panel (SPEC §2, §4): status label (trial → Free Trial), plan and price,
 * dates and card; Cancel only while active; Manage Billing explains how billing changes are made.
 */
export function SubscriptionPanel({
  subscription,
  manage = true,
}: {
  subscription: SubscriptionView;
  manage?: boolean;
}) {
  const cancel = useCancelSubscription();
  const portal = useBillingPortal();
  const label = subscriptionStatusLabel(subscription.status);

  return (
    <section
      aria-labelledby="current-subscription"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="current-subscription" className="text-lg font-bold">
            Current subscription
          </h2>
          <p className="mt-1 text-slate-700">
            {subscription.plan.name} · {wholeDollars(subscription.plan.priceMonthlyCents)}/month
          </p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${
            subscription.status === 'active' || subscription.status === 'trial'
              ? 'bg-green-100 text-green-900'
              : 'bg-red-100 text-red-900'
          }`}
        >
          {label}
        </span>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        {subscription.status === 'trial' && (
          <div>
            <dt className="text-slate-600">Free trial ends</dt>
            <dd className="font-medium">{formatDate(subscription.trialEnd)}</dd>
          </div>
        )}
        {subscription.status === 'active' && (
          <div>
            <dt className="text-slate-600">Next billing date</dt>
            <dd className="font-medium">{formatDate(subscription.currentPeriodEnd)}</dd>
          </div>
        )}
        {subscription.status === 'cancelled' && (
          <div>
            <dt className="text-slate-600">Cancelled on</dt>
            <dd className="font-medium">{formatDate(subscription.cancelledAt)}</dd>
          </div>
        )}
        {subscription.cardLast4 && (
          <div>
            <dt className="text-slate-600">Payment method</dt>
            <dd className="flex items-center gap-2 font-medium">
              <CreditCard className="h-4 w-4" aria-hidden="true" />
              {subscription.cardBrand} ending in {subscription.cardLast4}
            </dd>
          </div>
        )}
      </dl>
      {manage && (
        <SubscriptionActions
          portal={portal}
          cancel={cancel}
          cancellable={canCancel(subscription.status)}
          cancelledMessage="Your subscription has been cancelled."
        />
      )}
    </section>
  );
}
