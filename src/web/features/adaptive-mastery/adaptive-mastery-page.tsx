import { ArrowLeft, Building2 } from 'lucide-react';
import { useLocation, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { TechHeader } from '../tech/tech-header';
import { useMasteryStatus } from './api';
import { MasteryOfferCard } from './mastery-offer-card';
import { PersonalSubscriptionPanel } from './personal-subscription-panel';

/** Stripe's webhook can land a moment after the browser returns; poll briefly until it has. */
const POLL_MS = 2000;
const POLL_TIMES = 15;

/** The technician's Adaptive Mastery page: the $19.99/month offer, or their subscription. */
export default function AdaptiveMasteryPage() {
  const [params] = useSearchParams();
  const returned = params.get('checkout');
  const justConfirmed = (useLocation().state as { subscribed?: boolean } | null)?.subscribed === true;
  const status = useMasteryStatus({
    refetchInterval: (query) =>
      returned === 'success' && !query.state.data?.entitled && query.state.dataUpdateCount < POLL_TIMES
        ? POLL_MS
        : false,
  });
  const data = status.data;

  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <ButtonLink to="/app" variant="ghost" size="sm">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Dashboard
        </ButtonLink>
        <div>
          <h1 className="text-2xl font-bold">Adaptive Mastery</h1>
          <p className="mt-1 text-slate-700">
            See how close you are to passing each ASE test, and practise where it counts.
          </p>
        </div>

        {(returned === 'success' || justConfirmed) && data?.entitled && (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900">
            Welcome to Adaptive Mastery! Your subscription is active.
          </p>
        )}
        {returned === 'success' && data && !data.entitled && (
          <p role="status" className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
            Thank you! We are confirming your payment; this page updates as soon as it has gone through.
          </p>
        )}
        {returned === 'cancelled' && data && !data.entitled && (
          <p role="status" className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
            Checkout was cancelled. You have not been charged.
          </p>
        )}

        {status.isPending && <Spinner label="Loading your subscription…" />}
        {status.error && (
          <div className="space-y-3">
            <ErrorBox message={errorMessage(status.error)} />
            <Button variant="secondary" onClick={() => void status.refetch()}>
              Try Again
            </Button>
          </div>
        )}

        {data?.subscription && <PersonalSubscriptionPanel subscription={data.subscription} />}
        {data?.viaShop && (
          <section className="flex items-start gap-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <Building2 className="mt-0.5 h-6 w-6 shrink-0 text-blue-700" aria-hidden="true" />
            <div>
              <h2 className="text-lg font-bold">Included in your shop's plan</h2>
              <p className="mt-1 text-slate-700">
                Your shop's subscription already includes Adaptive Mastery, so there is nothing to buy.
              </p>
            </div>
          </section>
        )}
        {data && !data.entitled && <MasteryOfferCard />}
      </main>
    </div>
  );
}
