import { CreditCard } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { canCancelShopPlan, subscriptionStatusLabel } from '../../../domain/billing';
import type { SubscriptionView } from '../../../domain/contracts/billing';
import { useBillingPortal, useCancelSubscription } from './api';
import { useMoney } from './money';
import { useStatusLabel } from './status-label';
import { SubscriptionActions } from './subscription-actions';

/**
 * The current-subscription panel (docs/PRODUCT.md#plans-and-billing): status label (trial → Free Trial), plan and price,
 * dates and card; Cancel only while active; Manage Billing explains how billing changes are made.
 */
export function SubscriptionPanel({
  subscription,
  manage = true,
}: {
  subscription: SubscriptionView;
  manage?: boolean;
}) {
  const intl = useIntl();
  const money = useMoney();
  const statusLabel = useStatusLabel();
  const cancel = useCancelSubscription();
  const portal = useBillingPortal();
  const formatDate = (iso: string | null) => (iso ? intl.formatDate(new Date(iso), { dateStyle: 'long' }) : '—');

  return (
    <section
      aria-labelledby="current-subscription"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="current-subscription" className="text-lg font-bold">
            <FormattedMessage id="billing.panel.title" />
          </h2>
          <p className="mt-1 text-slate-700">
            <FormattedMessage
              id="billing.panel.plan"
              values={{ plan: subscription.plan.name, price: money.wholeDollars(subscription.plan.priceMonthlyCents) }}
            />
          </p>
        </div>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${
            subscription.status === 'active' || subscription.status === 'trial'
              ? 'bg-green-100 text-green-900'
              : 'bg-red-100 text-red-900'
          }`}
        >
          {statusLabel(subscription.status, subscriptionStatusLabel(subscription.status))}
        </span>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        {subscription.status === 'trial' && (
          <div>
            <dt className="text-slate-600">
              <FormattedMessage id="billing.panel.trialEnds" />
            </dt>
            <dd className="font-medium">{formatDate(subscription.trialEnd)}</dd>
          </div>
        )}
        {subscription.status === 'active' && (
          <div>
            <dt className="text-slate-600">
              <FormattedMessage id="billing.panel.nextBilling" />
            </dt>
            <dd className="font-medium">{formatDate(subscription.currentPeriodEnd)}</dd>
          </div>
        )}
        {subscription.status === 'cancelled' && (
          <div>
            <dt className="text-slate-600">
              <FormattedMessage id="billing.panel.cancelledOn" />
            </dt>
            <dd className="font-medium">{formatDate(subscription.cancelledAt)}</dd>
          </div>
        )}
        {subscription.cardLast4 && (
          <div>
            <dt className="text-slate-600">
              <FormattedMessage id="billing.panel.card" />
            </dt>
            <dd className="flex items-center gap-2 font-medium">
              <CreditCard className="h-4 w-4" aria-hidden="true" />
              <FormattedMessage
                id="billing.panel.cardEnding"
                values={{ brand: subscription.cardBrand ?? '', last4: subscription.cardLast4 }}
              />
            </dd>
          </div>
        )}
      </dl>
      {manage && (
        <SubscriptionActions
          portal={portal}
          cancel={cancel}
          // A plan on Stripe Billing is cancelled in Stripe's customer portal (Manage Billing, ADR 0033).
          cancellable={canCancelShopPlan(subscription.status) && subscription.provider !== 'stripe'}
          // Cancelling a trial ends it now, and the card is never charged.
          confirmNote={
            subscription.status === 'trial' ? intl.formatMessage({ id: 'billing.actions.trialCancelNote' }) : undefined
          }
          cancelledMessage={intl.formatMessage({ id: 'billing.panel.cancelled' })}
        />
      )}
    </section>
  );
}
