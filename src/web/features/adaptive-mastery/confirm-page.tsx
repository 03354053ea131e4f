import { ShieldCheck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { useErrorText } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { useConfirmMasteryCheckout } from './api';
import { MasteryFeatureList, useMasteryPrice } from './mastery-offer';

/**
 * The mock provider's checkout page (ADR 0007): the order and a Confirm button. The server activates
 * only the signed-in technician's own pending checkout; no card is taken in this mode.
 */
export default function MasteryConfirmPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const price = useMasteryPrice();
  const [params] = useSearchParams();
  const session = params.get('session');
  const confirm = useConfirmMasteryCheckout();
  const navigate = useNavigate();

  const onConfirm = () => {
    if (!session) return;
    confirm.mutate(session, {
      onSuccess: () => navigate('/app/adaptive-mastery', { replace: true, state: { subscribed: true } }),
    });
  };

  const failure =
    confirm.error instanceof ApiError && confirm.error.status === 401
      ? intl.formatMessage({ id: 'errors.UNAUTHENTICATED.subscribe' })
      : confirm.error
        ? intl.formatMessage({ id: 'adaptiveMastery.checkoutError' }, { reason: errorText(confirm.error) })
        : null;

  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-xl space-y-6 px-4 py-8">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="adaptiveMastery.confirm.title" />
        </h1>
        {!session ? (
          <div className="space-y-4">
            <ErrorBox message={intl.formatMessage({ id: 'adaptiveMastery.confirm.incomplete' })} />
            <ButtonLink to="/app/adaptive-mastery">
              <FormattedMessage id="adaptiveMastery.confirm.back" />
            </ButtonLink>
          </div>
        ) : (
          <section aria-labelledby="order-summary" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 id="order-summary" className="text-lg font-bold">
              <FormattedMessage id="adaptiveMastery.confirm.summary" />
            </h2>
            <dl className="mt-4 divide-y divide-slate-200 text-sm">
              <div className="flex justify-between gap-4 py-2">
                <dt className="text-slate-700">
                  <FormattedMessage id="adaptiveMastery.confirm.item" />
                </dt>
                <dd className="font-semibold">
                  <FormattedMessage id="adaptiveMastery.perMonth" values={{ price }} />
                </dd>
              </div>
              <div className="flex justify-between gap-4 py-2 text-base">
                <dt className="font-semibold">
                  <FormattedMessage id="adaptiveMastery.confirm.dueToday" />
                </dt>
                <dd className="font-bold">{price}</dd>
              </div>
            </dl>
            <div className="mt-5">
              <MasteryFeatureList />
            </div>
            <p className="mt-5 flex items-start gap-2 text-sm text-slate-700">
              <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
              <FormattedMessage id="adaptiveMastery.confirm.testNote" />
            </p>
            <div className="mt-6 space-y-3">
              <ErrorBox message={failure} />
              <div className="flex flex-wrap gap-2">
                <Button size="lg" onClick={onConfirm} disabled={confirm.isPending} aria-busy={confirm.isPending}>
                  <FormattedMessage
                    id={confirm.isPending ? 'adaptiveMastery.confirm.pending' : 'adaptiveMastery.confirm.submit'}
                  />
                </Button>
                <ButtonLink to="/app/adaptive-mastery?checkout=cancelled" variant="secondary" size="lg">
                  <FormattedMessage id="adaptiveMastery.confirm.cancel" />
                </ButtonLink>
              </div>
            </div>
          </section>
        )}
      </main>
    </div>
  );
}
