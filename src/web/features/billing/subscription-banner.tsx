import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { subscriptionStatusLabel, trialDaysLeft } from '../../../domain/billing';
import { ButtonLink } from '../../components/ui/button';
import { useShopSubscription } from './api';
import { useStatusLabel } from './status-label';

/**
 * The manager dashboard's subscription banner: plan, status label, the days left in a trial
 * and a way to manage it. Right after payment it first confirms that the trial has started.
 */
export function SubscriptionBanner() {
  const intl = useIntl();
  const statusLabel = useStatusLabel();
  const current = useShopSubscription();
  const location = useLocation();
  const [justStarted] = useState(() => (location.state as { trialStarted?: boolean } | null)?.trialStarted === true);
  // Said once: a reload does not announce the trial again. React Router keeps its state in `usr`; clearing it
  // there is not a navigation (no scroll or focus change).
  useEffect(() => {
    if (justStarted) window.history.replaceState({ ...window.history.state, usr: null }, '');
  }, [justStarted]);
  const sub = current.data?.subscription;
  if (!sub) return null;
  const date = (iso: string) => intl.formatDate(new Date(iso), { dateStyle: 'long' });
  return (
    <div className="space-y-3">
      {justStarted && sub.status === 'trial' && sub.trialEnd && (
        <p role="status" className="rounded-xl bg-green-50 p-4 font-semibold text-green-950 ring-1 ring-green-200">
          <FormattedMessage id="billing.banner.trialStarted" values={{ date: date(sub.trialEnd) }} />
        </p>
      )}
      <section
        aria-label={intl.formatMessage({ id: 'billing.banner.label' })}
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-blue-50 p-4 ring-1 ring-blue-200"
      >
        <p className="text-sm text-blue-950">
          <span className="font-semibold">{sub.plan.name}</span> ·{' '}
          {statusLabel(sub.status, subscriptionStatusLabel(sub.status))}
          {sub.status === 'trial' && sub.trialEnd && (
            <>
              {' · '}
              <FormattedMessage
                id="billing.banner.trialLeft"
                values={{ days: trialDaysLeft(new Date(sub.trialEnd), new Date()), date: date(sub.trialEnd) }}
              />
            </>
          )}
          {sub.status === 'active' && sub.currentPeriodEnd && (
            <>
              {' · '}
              <FormattedMessage id="billing.banner.renews" values={{ date: date(sub.currentPeriodEnd) }} />
            </>
          )}
        </p>
        <ButtonLink to="/manager/subscription" variant="secondary" size="sm">
          <FormattedMessage id="billing.banner.manage" />
        </ButtonLink>
      </section>
    </div>
  );
}
