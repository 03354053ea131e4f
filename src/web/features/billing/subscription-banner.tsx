import { FormattedMessage } from 'react-intl';
import { subscriptionStatusLabel, trialDaysLeft } from '../../../domain/billing';
import { ButtonLink } from '../../components/ui/button';
import { useShopSubscription } from './api';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The manager dashboard's subscription banner (SPEC §2): plan, status label and a way to manage it. */
export function SubscriptionBanner() {
  const current = useShopSubscription();
  const sub = current.data?.subscription;
  if (!sub) return null;
  const when =
    sub.status === 'trial' && sub.trialEnd
      ? ` · ends ${dateFormat.format(new Date(sub.trialEnd))}`
      : sub.status === 'active' && sub.currentPeriodEnd
        ? ` · renews ${dateFormat.format(new Date(sub.currentPeriodEnd))}`
        : '';
  return (
    <section
      aria-label="Subscription"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-blue-50 p-4 ring-1 ring-blue-200"
    >
      <p className="text-sm text-blue-950">
        <span className="font-semibold">{sub.plan.name}</span> · {subscriptionStatusLabel(sub.status)}
        {when}
        {sub.status === 'trial' && sub.trialEnd && (
          <>
            {' · '}
            <span className="font-semibold">
              <FormattedMessage
                id="billing.trialDaysLeft"
                values={{ days: trialDaysLeft(new Date(sub.trialEnd), new Date()) }}
              />
            </span>
          </>
        )}
      </p>
      <ButtonLink to="/manager/subscription" variant="secondary" size="sm">
        Manage Subscription
      </ButtonLink>
    </section>
  );
}
