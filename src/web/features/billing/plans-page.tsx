import * as Collapsible from '@radix-ui/react-collapsible';
import { Check, ChevronDown, Languages, Lock, RotateCcw, ShieldCheck, Star } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { CONTACT_SALES_ABOVE_TECHNICIANS, planBadge, tierLabel } from '../../../domain/billing';
import { useAuth } from '../../app/auth-context';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { usePlans, useShopSubscription } from './api';
import { CheckoutReturn } from './checkout-return';
import { BADGE_KEYS, useMoney, usePlanFeatureText, useTierText } from './money';
import { OnboardingShell } from './onboarding-shell';
import { SubscriptionPanel } from './subscription-panel';

const TRUST_ITEMS = [
  { icon: RotateCcw, text: 'billing.trust.trial' },
  { icon: Lock, text: 'billing.trust.secure' },
  { icon: ShieldCheck, text: 'billing.trust.cancel' },
];

/** The FAQ's 14-day money-back answer is kept as written (the payment summary says 30). */
const FAQ = [
  { q: 'billing.faq.trial.q', a: 'billing.faq.trial.a' },
  { q: 'billing.faq.refund.q', a: 'billing.faq.refund.a' },
  { q: 'billing.faq.change.q', a: 'billing.faq.change.a' },
  { q: 'billing.faq.large.q', a: 'billing.faq.large.a' },
];

/** The paywall (docs/PRODUCT.md#gate): plan cards for the shop type, trust items, FAQ, current subscription, Contact Sales. */
export default function PlansPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const errorText = useErrorText();
  const money = useMoney();
  const tierText = useTierText();
  const featureText = usePlanFeatureText();
  const { me } = useAuth();
  const plans = usePlans();
  const current = useShopSubscription();
  if (me && !me.user.shop) return <Navigate to="/manager/shop-setup" replace />;
  const sub = current.data?.subscription ?? null;
  const entitled = sub?.status === 'trial' || sub?.status === 'active';

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
          {plans.data?.plans.map((plan) => {
            const badge = planBadge(plan.name);
            return (
              <li
                key={plan.id}
                className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-2 ${
                  badge ? 'ring-blue-700' : 'ring-slate-200'
                }`}
              >
                {badge && (
                  <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-blue-700 px-3 py-1 text-xs font-bold text-white">
                    <Star className="h-3 w-3" aria-hidden="true" />
                    {t(BADGE_KEYS[badge])}
                  </span>
                )}
                <h2 className="text-xl font-bold">{plan.name}</h2>
                <p className="mt-1 text-sm text-slate-700">{tierText(tierLabel(plan.maxTechnicians))}</p>
                <p className="mt-4">
                  <FormattedMessage
                    id="billing.price.perMonth"
                    values={{
                      price: money.wholeDollars(plan.priceMonthlyCents),
                      big: (chunks) => <span className="text-4xl font-extrabold">{chunks}</span>,
                      small: (chunks) => <span className="text-slate-700">{chunks}</span>,
                    }}
                  />
                </p>
                <ul className="mt-4 flex-1 space-y-2 text-sm">
                  {plan.features.map((f) => (
                    <li key={f} className="flex gap-2">
                      <Check className="h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
                      {featureText(f)}
                    </li>
                  ))}
                </ul>
                {entitled ? (
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
                )}
              </li>
            );
          })}
        </ul>
      </div>
      <p className="mt-6 text-center text-slate-700">
        <FormattedMessage
          id="billing.plans.contactSales"
          values={{
            n: CONTACT_SALES_ABOVE_TECHNICIANS,
            link: (chunks) => (
              <a href="mailto:sales@torqueprep.com" className="inline-block py-2 font-semibold text-blue-800 underline">
                {chunks}
              </a>
            ),
          }}
        />
      </p>
      <ul className="mt-8 grid gap-3 sm:grid-cols-3">
        {TRUST_ITEMS.map((item) => (
          <li key={item.text} className="flex items-center gap-2 rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200">
            <item.icon className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
            {t(item.text)}
          </li>
        ))}
      </ul>
      <section aria-labelledby="faq" className="mt-10">
        <h2 id="faq" className="text-xl font-bold">
          <FormattedMessage id="billing.faq.title" />
        </h2>
        <div className="mt-4 space-y-2">
          {FAQ.map((item) => (
            <FaqItem key={item.q} question={t(item.q)} answer={t(item.a)} />
          ))}
        </div>
      </section>
    </OnboardingShell>
  );
}

function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-xl bg-white ring-1 ring-slate-200">
      <Collapsible.Trigger asChild>
        <Button variant="ghost" className="w-full justify-between px-4 py-3 text-left whitespace-normal">
          {question}
          <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content className="px-4 pb-4 text-sm text-slate-700">{answer}</Collapsible.Content>
    </Collapsible.Root>
  );
}
