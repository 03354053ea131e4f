import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { meQueryKey } from '../auth';
import { useShopSubscription } from './api';

/**
 * The plans page as Stripe Checkout returns to it (ADR 0033). After a completed checkout the plan
 * arrives by Stripe's webhook: the page says so and reads the subscription every 2 s; once the shop is
 * on its trial or plan, the gate is read again and the manager goes on to the dashboard. A cancelled
 * checkout just says nothing was charged.
 */
export function CheckoutReturn() {
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  const client = useQueryClient();
  const navigate = useNavigate();
  const current = useShopSubscription({ poll: outcome === 'success' });
  const status = current.data?.subscription?.status ?? null;
  const entitled = status === 'trial' || status === 'active';

  useEffect(() => {
    if (outcome !== 'success' || !entitled) return;
    void client
      .invalidateQueries({ queryKey: meQueryKey })
      .then(() => navigate('/manager', { replace: true, state: { trialStarted: status === 'trial' } }));
  }, [outcome, entitled, status, client, navigate]);

  if (outcome === 'success') {
    return (
      <p
        role="status"
        className="mt-6 flex items-center gap-3 rounded-xl bg-blue-50 p-4 text-blue-900 ring-1 ring-blue-200"
      >
        <span
          className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-blue-200 border-t-blue-700"
          aria-hidden="true"
        />
        <FormattedMessage id="billing.checkout.confirming" />
      </p>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <p role="status" className="mt-6 rounded-xl bg-white p-4 text-slate-700 ring-1 ring-slate-200">
        <FormattedMessage id="billing.checkout.cancelled" />
      </p>
    );
  }
  return null;
}
