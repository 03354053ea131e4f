import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { useErrorText } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { useMasteryCheckout } from './api';

/** A lost session asks to log in; any other failure is 'Error starting subscription: …' with the server's reason. */
export function useSubscribeError() {
  const intl = useIntl();
  const errorText = useErrorText();
  return (error: unknown): string => {
    if (error instanceof ApiError && error.status === 401)
      return intl.formatMessage({ id: 'errors.UNAUTHENTICATED.subscribe' });
    return intl.formatMessage({ id: 'adaptiveMastery.checkoutError' }, { reason: errorText(error) });
  };
}

/**
 * Starts the checkout and sends the browser to the URL the server returns (Stripe Checkout, or the
 * mock confirmation page). The button is busy until the page changes and usable again after an error.
 */
export function SubscribeButton({ className = '' }: { className?: string }) {
  const subscribeError = useSubscribeError();
  const checkout = useMasteryCheckout();
  const { reset } = checkout;

  // Coming back with the browser's Back button restores this page from cache: let the user try again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);

  const onSubscribe = () =>
    checkout.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
    });

  const busy = checkout.isPending || checkout.isSuccess;
  const signedOut = checkout.error instanceof ApiError && checkout.error.status === 401;
  return (
    <div className={`space-y-3 ${className}`}>
      <Button size="lg" onClick={onSubscribe} disabled={busy} aria-busy={busy} className="w-full sm:w-auto">
        <FormattedMessage
          id={
            checkout.isPending
              ? 'adaptiveMastery.subscribe.pending'
              : checkout.isSuccess
                ? 'adaptiveMastery.subscribe.redirecting'
                : 'adaptiveMastery.subscribe'
          }
        />
      </Button>
      <ErrorBox message={checkout.error ? subscribeError(checkout.error) : null} />
      {signedOut && (
        <Link
          to="/sign-in?next=%2Fapp%2Fadaptive-mastery"
          className="inline-block py-2 font-semibold text-blue-800 underline"
        >
          <FormattedMessage id="adaptiveMastery.signIn" />
        </Link>
      )}
    </div>
  );
}
