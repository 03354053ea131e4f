import { FormattedMessage, useIntl } from 'react-intl';
import { canCancel, subscriptionStatusLabel } from '../../../domain/billing';
import type { PersonalSubscription } from '../../../domain/contracts/billing';
import { SubscriptionActions, useStatusLabel } from '../billing';
import { useCancelMasterySubscription, useMasteryBillingPortal } from './api';
import { useMasteryPrice } from './mastery-offer';

/**
 * The technician's own subscription: status (labels of docs/PRODUCT.md#plans-and-billing), the next date, Manage Billing (Stripe's
 * customer portal, or how to reach support) and, for a subscription we bill ourselves, Cancel behind
 * a confirmation. A Stripe subscription is cancelled in the portal.
 */
export function PersonalSubscriptionPanel({ subscription }: { subscription: PersonalSubscription }) {
  const intl = useIntl();
  const statusLabel = useStatusLabel();
  const price = useMasteryPrice();
  const cancel = useCancelMasterySubscription();
  const portal = useMasteryBillingPortal();
  const entitled = subscription.status === 'active' || subscription.status === 'trial';
  const cancellable = subscription.provider === 'mock' && canCancel(subscription.status);

  return (
    <section aria-labelledby="my-subscription" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="my-subscription" className="text-lg font-bold">
            <FormattedMessage id="adaptiveMastery.panel.title" />
          </h2>
          <p className="mt-1 text-slate-700">
            <FormattedMessage id="adaptiveMastery.panel.plan" values={{ price }} />
          </p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${entitled ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
        >
          {statusLabel(subscription.status, subscriptionStatusLabel(subscription.status))}
        </span>
      </div>
      {entitled && subscription.currentPeriodEnd && (
        <dl className="mt-4 text-sm">
          <dt className="text-slate-600">
            <FormattedMessage
              id={subscription.cancelAtPeriodEnd ? 'adaptiveMastery.panel.endsOn' : 'adaptiveMastery.panel.renewsOn'}
            />
          </dt>
          <dd className="font-medium">
            {intl.formatDate(new Date(subscription.currentPeriodEnd), { dateStyle: 'long' })}
          </dd>
        </dl>
      )}
      {subscription.status === 'past_due' && (
        <p className="mt-4 text-sm text-slate-800">
          <FormattedMessage id="adaptiveMastery.panel.pastDue" />
        </p>
      )}
      <SubscriptionActions
        portal={portal}
        cancel={cancel}
        cancellable={cancellable}
        cancelledMessage={intl.formatMessage({ id: 'adaptiveMastery.panel.cancelled' })}
      />
    </section>
  );
}
