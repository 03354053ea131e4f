import * as Collapsible from '@radix-ui/react-collapsible';
import { Check, ChevronDown, Lock, RotateCcw, ShieldCheck, Star } from 'lucide-react';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { CONTACT_SALES_ABOVE_TECHNICIANS, planBadge, tierLabel, wholeDollars } from '../../../domain/billing';
import { useAuth } from '../../app/auth-context';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { usePlans, useShopSubscription } from './api';
import { OnboardingShell } from './onboarding-shell';
import { SubscriptionPanel } from './subscription-panel';

const TRUST_ITEMS = [
  { icon: RotateCcw, text: '14-day free trial — no charge for 14 days' },
  { icon: Lock, text: 'Secure payment; we never store your card number' },
  { icon: ShieldCheck, text: 'Cancel any time' },
];

const FAQ = [
  {
    q: 'How does the free trial work?',
    a: 'Your plan starts with a 14-day free trial. Your card is charged for the first month when the trial ends, then monthly.',
  },
  {
    q: 'Is there a money-back guarantee?',
    a: 'Yes. If TorquePrep is not right for your shop, ask within 14 days of your first charge for a full refund.',
  },
  {
    q: 'Can I change or cancel my plan?',
    a: 'You can cancel an active subscription from the subscription panel at any time. To change plans, contact support.',
  },
  {
    q: 'What if I have more than 75 technicians?',
    a: 'Contact our sales team for a plan sized for your organisation.',
  },
];

/** The paywall (SPEC §2): plan cards for the shop type, trust items, FAQ, current subscription, Contact Sales. */
export default function PlansPage() {
  const { me } = useAuth();
  const plans = usePlans();
  const current = useShopSubscription();
  if (me && !me.user.shop) return <Navigate to="/manager/shop-setup" replace />;
  const sub = current.data?.subscription ?? null;
  const entitled = sub?.status === 'trial' || sub?.status === 'active';

  return (
    <OnboardingShell step={entitled ? null : 1}>
      <h1 className="text-2xl font-bold sm:text-3xl">Choose your plan</h1>
      <p className="mt-2 text-slate-700">
        Start with a 14-day free trial. Plans for {plans.data?.shop.name ?? 'your shop'}.
      </p>
      {sub && (
        <div className="mt-6">
          <SubscriptionPanel subscription={sub} manage={entitled} />
        </div>
      )}
      <div className="mt-6">
        {plans.isPending && <Spinner label="Loading plans…" />}
        <ErrorBox message={plans.error ? errorMessage(plans.error) : null} />
        {plans.data && plans.data.plans.length === 0 && (
          <p className="rounded-xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
            No plans are available for your shop type right now. Please contact sales.
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
                    {badge}
                  </span>
                )}
                <h2 className="text-xl font-bold">{plan.name}</h2>
                <p className="mt-1 text-sm text-slate-700">{tierLabel(plan.maxTechnicians)} technicians</p>
                <p className="mt-4">
                  <span className="text-4xl font-extrabold">{wholeDollars(plan.priceMonthlyCents)}</span>
                  <span className="text-slate-700">/month</span>
                </p>
                <ul className="mt-4 flex-1 space-y-2 text-sm">
                  {plan.features.map((f) => (
                    <li key={f} className="flex gap-2">
                      <Check className="h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
                      {f}
                    </li>
                  ))}
                </ul>
                {entitled ? (
                  <p className="mt-6 text-center text-sm text-slate-700">
                    {sub?.plan.id === plan.id ? 'Your current plan' : 'Contact support to change plans'}
                  </p>
                ) : (
                  <ButtonLink
                    to={`/manager/payment?plan=${plan.id}`}
                    size="lg"
                    className="mt-6"
                    aria-label={`Choose ${plan.name} plan`}
                  >
                    Choose Plan
                  </ButtonLink>
                )}
              </li>
            );
          })}
        </ul>
      </div>
      <p className="mt-6 text-center text-slate-700">
        More than {CONTACT_SALES_ABOVE_TECHNICIANS} technicians?{' '}
        <a href="mailto:sales@torqueprep.com" className="font-semibold text-blue-800 underline">
          Contact Sales
        </a>
      </p>
      <ul className="mt-8 grid gap-3 sm:grid-cols-3">
        {TRUST_ITEMS.map((item) => (
          <li key={item.text} className="flex items-center gap-2 rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200">
            <item.icon className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
            {item.text}
          </li>
        ))}
      </ul>
      <section aria-labelledby="faq" className="mt-10">
        <h2 id="faq" className="text-xl font-bold">
          Frequently asked questions
        </h2>
        <div className="mt-4 space-y-2">
          {FAQ.map((item) => (
            <FaqItem key={item.q} question={item.q} answer={item.a} />
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
        <Button variant="ghost" className="w-full justify-between px-4 py-3 text-left">
          {question}
          <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content className="px-4 pb-4 text-sm text-slate-700">{answer}</Collapsible.Content>
    </Collapsible.Root>
  );
}
