import { Languages } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { useAuth } from '../../app/auth-context';
import { ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { usePlans, useShopSubscription } from './api';
import { CheckoutReturn } from './checkout-return';
import { OnboardingShell } from './onboarding-shell';
import { PlanCard, PlansFooter } from './plan-parts';
import { SubscriptionPanel } from './subscription-panel';

/** The paywall (docs/PRODUCT.md#gate): plan cards for the shop type, trust items, FAQ, current subscription, Contact Sales. */
export default function PlansPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const errorText = useErrorText();
  const { me } = useAuth();
  const plans = usePlans();
  const current = useShopSubscription();
  if (me && !me.user.shop) return <Navigate to="/manager/shop-setup" replace />;
  const sub = current.data?.subscription ?? null;
  const entitled = sub?.status === 'trial' || sub?.status === 'active';
  const offered = plans.data?.plans ?? [];
  // The plans follow the shop's type: say so, and where a shop larger than the largest of them goes.
  const forShop =
    plans.data && offered.length > 0
      ? { type: plans.data.shop.type, largestPlan: Math.max(...offered.map((p) => p.maxTechnicians)) }
      : undefined;

  return (
    <OnboardingShell step={entitled ? null : 1}>
      <h1 className="text-2xl font-bold sm:text-3xl">
        <FormattedMessage id="billing.plans.title" />
      </h1>
      <p className="mt-2 text-slate-700">
        {plans.data ? (
          <FormattedMessage id="billing.plans.intro" values={{ shop: plans.data.shop.name }} />
        ) : (
          <FormattedMessage id="billing.plans.introNoShop" />
        )}
      </p>
      <p className="mt-2 flex items-start gap-2 text-slate-700">
        <Languages className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
        <FormattedMessage id="billing.plans.spanish" />
      </p>
      <CheckoutReturn />
      {sub && (
        <div className="mt-6">
          {/* A plan past due on Stripe is put right in Stripe's portal (ADR 0033). */}
          <SubscriptionPanel subscription={sub} manage={entitled || sub.provider === 'stripe'} />
        </div>
      )}
      <div className="mt-6">
        {plans.isPending && <Spinner label={t('billing.plans.loading')} />}
        <ErrorBox message={plans.error ? errorText(plans.error) : null} />
        {plans.data && plans.data.plans.length === 0 && (
          <p className="rounded-xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
            <FormattedMessage id="billing.plans.none" />
          </p>
        )}
        <ul className="grid gap-6 md:grid-cols-2">
          {plans.data?.plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              action={
                entitled ? (
                  <p className="mt-6 text-center text-sm text-slate-700">
                    <FormattedMessage
                      id={sub?.plan.id === plan.id ? 'billing.plans.current' : 'billing.plans.changeViaSupport'}
                    />
                  </p>
                ) : (
                  <ButtonLink
                    to={`/manager/payment?plan=${plan.id}`}
                    size="lg"
                    className="mt-6"
                    aria-label={intl.formatMessage({ id: 'billing.plans.chooseNamed' }, { plan: plan.name })}
                  >
                    <FormattedMessage id="billing.plans.choose" />
                  </ButtonLink>
                )
              }
            />
          ))}
        </ul>
      </div>
      <PlansFooter forShop={forShop} />
    </OnboardingShell>
  );
}
