import { useEffect } from 'react';
import { Link } from 'react-router';
import { checkoutAlert } from '../../../domain/adaptive-mastery';
import { BILLING_MESSAGES } from '../../../domain/contracts/billing';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { ApiError } from '../../lib/api-client';
import { useMasteryCheckout } from './api';

/** SPEC §5/§8: a lost session asks to log in; any other failure is 'Error starting subscription: …'. */
function subscribeError(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return BILLING_MESSAGES.loginToSubscribe;
  return checkoutAlert(error instanceof ApiError ? error.message : null);
}

/**
 * Starts the checkout and sends the browser to the URL the server returns (Stripe Checkout, or the
 * mock confirmation page). The button is busy until the page changes and usable again after an error.
 */
export function SubscribeButton({ className = '' }: { className?: string }) {
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
        {checkout.isPending ? 'Starting checkout…' : checkout.isSuccess ? 'Redirecting…' : 'Subscribe'}
      </Button>
      <ErrorBox message={checkout.error ? subscribeError(checkout.error) : null} />
      {signedOut && (
        <Link to="/sign-in?next=%2Fapp%2Fadaptive-mastery" className="font-semibold text-blue-800 underline">
          Sign In
        </Link>
      )}
    </div>
  );
}
