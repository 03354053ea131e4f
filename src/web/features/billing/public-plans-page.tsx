import { Languages } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Logo } from '../../components/ui/logo';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { LanguageSwitch } from '../../i18n/language-switch';
import { useMoney } from './money';
import { PlanCard, PlansFooter } from './plan-parts';
import { usePublicPlans } from './public-plans-api';

const SHOP_TYPE_KEYS = {
  independent: 'billing.public.for.independent',
  dealership: 'billing.public.for.dealership',
  both: 'billing.public.for.both',
} as const;

/**
 * Plans and prices for anyone (`/plans`, linked from the homepage): the shop plans with the cards the manager's
 * paywall shows, the personal Adaptive Mastery price, trust items and FAQ. Server-rendered (ADR 0028).
 */
export default function PublicPlansPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const money = useMoney();
  const plans = usePublicPlans();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-5xl items-center justify-between gap-2 px-4 py-3">
        <Logo />
        <LanguageSwitch />
      </header>
      <main className="mx-auto max-w-5xl px-4 pt-4 pb-12">
        <h1 className="text-2xl font-bold sm:text-3xl">
          <FormattedMessage id="billing.public.title" />
        </h1>
        <p className="mt-2 text-slate-700">
          <FormattedMessage id="billing.public.intro" />
        </p>
        <p className="mt-2 flex items-start gap-2 text-slate-700">
          <Languages className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
          <FormattedMessage id="billing.plans.spanish" />
        </p>
        <div className="mt-8">
          {plans.isPending && <Spinner label={intl.formatMessage({ id: 'billing.plans.loading' })} />}
          <ErrorBox message={plans.error ? errorText(plans.error) : null} />
          <ul className="grid gap-6 md:grid-cols-2">
            {plans.data?.shopPlans.map((plan) => (
              <PlanCard
                key={plan.code}
                plan={plan}
                action={
                  <>
                    <p className="mt-4 text-sm font-medium text-slate-800">
                      <FormattedMessage id={SHOP_TYPE_KEYS[plan.shopType]} />
                    </p>
                    {/* A shop's trial is started by its manager: sign-up opens on Shop Manager. */}
                    <ButtonLink
                      to="/sign-up?role=manager"
                      size="lg"
                      className="mt-4"
                      aria-label={intl.formatMessage({ id: 'billing.public.startTrialNamed' }, { plan: plan.name })}
                    >
                      <FormattedMessage id="billing.public.startTrial" />
                    </ButtonLink>
                  </>
                }
              />
            ))}
          </ul>
          {plans.data && (
            <section
              aria-labelledby="personal-plan"
              className="mt-6 flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <h2 id="personal-plan" className="text-xl font-bold">
                  <FormattedMessage id="billing.public.personal.title" />
                </h2>
                <p className="mt-1 text-slate-700">
                  <FormattedMessage id="billing.public.personal.body" />
                </p>
                <p className="mt-2">
                  <FormattedMessage
                    id="billing.price.perMonth"
                    values={{
                      price: money.dollarsAndCents(plans.data.adaptiveMasteryPriceCents),
                      big: (chunks) => <span className="text-2xl font-extrabold">{chunks}</span>,
                      small: (chunks) => <span className="text-slate-700">{chunks}</span>,
                    }}
                  />
                </p>
              </div>
              <ButtonLink to="/sign-up" variant="secondary" size="lg" className="shrink-0">
                <FormattedMessage id="billing.public.personal.signUp" />
              </ButtonLink>
            </section>
          )}
        </div>
        <PlansFooter />
        <p className="mt-8 text-center text-sm">
          <Link to="/" className="inline-block py-3 text-slate-700 underline">
            <FormattedMessage id="common.backToHomepage" />
          </Link>
        </p>
      </main>
    </div>
  );
}
