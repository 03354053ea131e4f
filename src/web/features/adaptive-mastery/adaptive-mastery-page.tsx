import { ArrowLeft, Building2 } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearchParams } from 'react-router';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { useMasteryStatus } from './api';
import { MasteryOfferCard } from './mastery-offer-card';
import { PersonalSubscriptionPanel } from './personal-subscription-panel';

/** Stripe's webhook can land a moment after the browser returns; poll briefly until it has. */
const POLL_MS = 2000;
const POLL_TIMES = 15;

/** The technician's Adaptive Mastery page: the $19.99/month offer, or their subscription. */
export default function AdaptiveMasteryPage() {
  const intl = useIntl();
  const errorText = useErrorText();
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
          <FormattedMessage id="common.backToDashboard" />
        </ButtonLink>
        <div>
          <h1 className="text-2xl font-bold">
            <FormattedMessage id="adaptiveMastery.title" />
          </h1>
          <p className="mt-1 text-slate-700">
            <FormattedMessage id="adaptiveMastery.intro" />
          </p>
        </div>

        {(returned === 'success' || justConfirmed) && data?.entitled && (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900">
            <FormattedMessage id="adaptiveMastery.welcome" />
          </p>
        )}
        {returned === 'success' && data && !data.entitled && (
          <p role="status" className="rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
            <FormattedMessage id="adaptiveMastery.confirming" />
          </p>
        )}
        {returned === 'cancelled' && data && !data.entitled && (
          <p role="status" className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
            <FormattedMessage id="adaptiveMastery.checkoutCancelled" />
          </p>
        )}

        {status.isPending && <Spinner label={intl.formatMessage({ id: 'adaptiveMastery.loading' })} />}
        {status.error && (
          <div className="space-y-3">
            <ErrorBox message={errorText(status.error)} />
            <Button variant="secondary" onClick={() => void status.refetch()}>
              <FormattedMessage id="common.tryAgain" />
            </Button>
          </div>
        )}

        {data?.subscription && <PersonalSubscriptionPanel subscription={data.subscription} />}
        {data?.viaShop && (
          <section className="flex items-start gap-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <Building2 className="mt-0.5 h-6 w-6 shrink-0 text-blue-700" aria-hidden="true" />
            <div>
              <h2 className="text-lg font-bold">
                <FormattedMessage id="adaptiveMastery.viaShop.title" />
              </h2>
              <p className="mt-1 text-slate-700">
                <FormattedMessage id="adaptiveMastery.viaShop.body" />
              </p>
            </div>
          </section>
        )}
        {data && !data.entitled && <MasteryOfferCard />}
      </main>
    </div>
  );
}
