import * as Collapsible from '@radix-ui/react-collapsible';
import { Check, ChevronDown, Lock, RotateCcw, ShieldCheck, Star } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTACT_SALES_ABOVE_TECHNICIANS, planBadge, tierLabel } from '../../../domain/billing';
import type { ShopSummary } from '../../../domain/contracts/billing';
import { Button } from '../../components/ui/button';
import { BADGE_KEYS, useMoney, usePlanFeatureText, useTierText } from './money';

/** What every plan comes with, under the cards (the manager's paywall and the public plans page). */
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

interface PlanCardPlan {
  name: string;
  priceMonthlyCents: number;
  maxTechnicians: number;
  features: string[];
}

/** One shop plan: badge, name, technicians, whole-dollar price, features, and its action below. */
export function PlanCard({ plan, action }: { plan: PlanCardPlan; action: ReactNode }) {
  const intl = useIntl();
  const money = useMoney();
  const tierText = useTierText();
  const featureText = usePlanFeatureText();
  const badge = planBadge(plan.name);
  return (
    <li
      className={`relative flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-2 ${
        badge ? 'ring-blue-700' : 'ring-slate-200'
      }`}
    >
      {badge && (
        <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-blue-700 px-3 py-1 text-xs font-bold text-white">
          <Star className="h-3 w-3" aria-hidden="true" />
          {intl.formatMessage({ id: BADGE_KEYS[badge] })}
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
      {action}
    </li>
  );
}

const salesLink = (chunks: ReactNode) => (
  <a href="mailto:sales@torqueprep.com" className="inline-block py-2 font-semibold text-blue-800 underline">
    {chunks}
  </a>
);

/**
 * Under the plan cards on both plans pages: contact sales for larger shops, what every plan comes with, the FAQ.
 * On the manager's paywall (`forShop`) the cards are only the plans of the shop's type (an independent shop sees
 * Professional alone): the line says so, and that a shop larger than the largest of them contacts sales.
 */
export function PlansFooter({ forShop }: { forShop?: { type: ShopSummary['type']; largestPlan: number } }) {
  return (
    <>
      <p className="mt-6 text-center text-slate-700">
        {forShop ? (
          <FormattedMessage
            id="billing.plans.byShopType"
            values={{ type: forShop.type, n: forShop.largestPlan, link: salesLink }}
          />
        ) : (
          <FormattedMessage
            id="billing.plans.contactSales"
            values={{ n: CONTACT_SALES_ABOVE_TECHNICIANS, link: salesLink }}
          />
        )}
      </p>
      <TrustItems />
      <PlansFaq />
    </>
  );
}

function TrustItems() {
  const intl = useIntl();
  return (
    <ul className="mt-8 grid gap-3 sm:grid-cols-3">
      {TRUST_ITEMS.map((item) => (
        <li key={item.text} className="flex items-center gap-2 rounded-xl bg-white p-4 text-sm ring-1 ring-slate-200">
          <item.icon className="h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
          {intl.formatMessage({ id: item.text })}
        </li>
      ))}
    </ul>
  );
}

function PlansFaq() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
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
  );
}

function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-xl bg-white ring-1 ring-slate-200">
      {/* `!`: the button's own whitespace-nowrap would otherwise win, and a long question (Spanish) would run
          wider than a phone. */}
      <Collapsible.Trigger asChild>
        <Button variant="ghost" className="w-full justify-between px-4 py-3 text-left whitespace-normal!">
          {question}
          <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
        </Button>
      </Collapsible.Trigger>
      <Collapsible.Content className="px-4 pb-4 text-sm text-slate-700">{answer}</Collapsible.Content>
    </Collapsible.Root>
  );
}
