import { Check, Sparkles } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ADAPTIVE_MASTERY_PRICE_CENTS } from '../../../domain/billing';
import { useMoney } from '../billing';

/**
 * What the personal subscription includes (the mastery dashboard and its analytics, docs/PRODUCT.md#mastery-levels-and-readiness), by
 * catalogue key (namespace `adaptive-mastery`: every page that shows the offer loads it).
 */
export const MASTERY_FEATURES = [
  'adaptiveMastery.feature.dashboard',
  'adaptiveMastery.feature.areas',
  'adaptiveMastery.feature.adaptive',
  'adaptiveMastery.feature.advice',
] as const;

/** docs/PRODUCT.md#plans-and-billing: the personal subscription is $19.99 per month (shown with cents, unlike the shop plans). */
export function useMasteryPrice(): string {
  return useMoney().dollarsAndCents(ADAPTIVE_MASTERY_PRICE_CENTS);
}

export function MasteryPrice() {
  return (
    <p className="flex items-baseline gap-1">
      <FormattedMessage
        id="adaptiveMastery.price"
        values={{
          price: useMasteryPrice(),
          big: (chunks) => <span className="text-4xl font-extrabold text-slate-900">{chunks}</span>,
          small: (chunks) => <span className="text-slate-700">{chunks}</span>,
        }}
      />
    </p>
  );
}

export function MasteryFeatureList() {
  const intl = useIntl();
  return (
    <ul className="space-y-2">
      {MASTERY_FEATURES.map((feature) => (
        <li key={feature} className="flex items-start gap-2 text-slate-800">
          <Check className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
          {intl.formatMessage({ id: feature })}
        </li>
      ))}
    </ul>
  );
}

export function PremiumBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-xs font-bold tracking-wide text-amber-900 uppercase">
      <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
      <FormattedMessage id="adaptiveMastery.premium" />
    </span>
  );
}
