import { useState } from 'react';
import { toast } from 'sonner';
import { canCancel, subscriptionStatusLabel } from '../../../domain/billing';
import { BILLING_MESSAGES, type PersonalSubscription } from '../../../domain/contracts/billing';
import { Button } from '../../components/ui/button';
import { CancelSubscriptionDialog } from '../../components/ui/cancel-subscription-dialog';
import { errorMessage } from '../../lib/api-client';
import { useCancelMasterySubscription, useMasteryBillingPortal } from './api';
import { MASTERY_PRICE } from './mastery-offer';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

/**
 * The technician's own subscription: status (SPEC §4 labels), the next date, Manage Billing (Stripe's
 * customer portal, or how to reach support) and, for a subscription we bill ourselves, Cancel behind
 * the SPEC §5 confirmation. A Stripe subscription is cancelled in the portal.
 */
export function PersonalSubscriptionPanel({ subscription }: { subscription: PersonalSubscription }) {
  const cancel = useCancelMasterySubscription();
  const portal = useMasteryBillingPortal();
  const [confirming, setConfirming] = useState(false);
  const [billingNote, setBillingNote] = useState<string | null>(null);
  const entitled = subscription.status === 'active' || subscription.status === 'trial';
  const cancellable = subscription.provider === 'mock' && canCancel(subscription.status);

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Your Adaptive Mastery subscription has been cancelled.');
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(`Error cancelling subscription: ${errorMessage(error)}`);
      },
    });

  const onManage = () =>
    portal.mutate(undefined, {
      onSuccess: (result) => {
        if (result.url) window.location.assign(result.url);
        else setBillingNote(result.message);
      },
      onError: () => setBillingNote(BILLING_MESSAGES.manageBilling),
    });

  return (
    <section aria-labelledby="my-subscription" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="my-subscription" className="text-lg font-bold">
            Your subscription
          </h2>
          <p className="mt-1 text-slate-700">Adaptive Mastery · {MASTERY_PRICE}/month</p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${entitled ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
        >
          {subscriptionStatusLabel(subscription.status)}
        </span>
      </div>
      {entitled && subscription.currentPeriodEnd && (
        <dl className="mt-4 text-sm">
          <dt className="text-slate-600">{subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
          <dd className="font-medium">{formatDate(subscription.currentPeriodEnd)}</dd>
        </dl>
      )}
      {subscription.status === 'past_due' && (
        <p className="mt-4 text-sm text-slate-800">
          Your last payment did not go through. Update your card with Manage Billing to get Adaptive Mastery back.
        </p>
      )}
      <div className="mt-5 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onManage} disabled={portal.isPending}>
          {portal.isPending ? 'Opening…' : 'Manage Billing'}
        </Button>
        {cancellable && (
          <CancelSubscriptionDialog
            open={confirming}
            onOpenChange={setConfirming}
            onConfirm={onCancel}
            pending={cancel.isPending}
          />
        )}
      </div>
      {billingNote && (
        <p role="status" className="mt-4 rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
          {billingNote}
        </p>
      )}
    </section>
  );
}
