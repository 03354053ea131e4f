import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TRIAL_DAYS } from '../../../domain/constants';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { useErrorText } from '../../i18n/i18n-provider';
import { useShopCheckout } from './api';

/**
 * Onboarding step 3 when shop plans run on Stripe Billing (ADR 0033): the order summary and one button
 * that opens Stripe Checkout, where the card is entered; Stripe brings the manager back to the plans page.
 */
export function StripeCheckoutStep({ planId, summary }: { planId: string; summary: ReactNode }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const checkout = useShopCheckout();
  const onContinue = () => checkout.mutate({ planId }, { onSuccess: (result) => window.location.assign(result.url) });
  // Still pending after success: the browser is leaving for Stripe.
  const leaving = checkout.isPending || checkout.isSuccess;

  return (
    <>
      <h1 className="text-2xl font-bold sm:text-3xl">
        <FormattedMessage id="billing.payment.title" />
      </h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        {summary}
        <section
          aria-labelledby="stripe-checkout"
          className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:order-1"
        >
          <h2 id="stripe-checkout" className="flex items-center gap-2 text-lg font-bold">
            <Lock className="h-5 w-5 text-blue-700" aria-hidden="true" />
            <FormattedMessage id="billing.checkout.title" />
          </h2>
          <p className="text-slate-700">
            <FormattedMessage id="billing.checkout.intro" values={{ days: TRIAL_DAYS }} />
          </p>
          <ErrorBox
            message={
              checkout.error
                ? intl.formatMessage({ id: 'billing.checkout.error' }, { reason: errorText(checkout.error) })
                : null
            }
          />
          <Button size="lg" className="w-full" onClick={onContinue} disabled={leaving}>
            <FormattedMessage id={leaving ? 'billing.checkout.opening' : 'billing.checkout.continue'} />
          </Button>
        </section>
      </div>
    </>
  );
}
