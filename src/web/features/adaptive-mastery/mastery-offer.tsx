import { Check, Sparkles } from 'lucide-react';
import { ADAPTIVE_MASTERY_PRICE_CENTS, dollarsAndCents } from '../../../domain/billing';

/** What the personal subscription includes (the mastery dashboard of SPEC §2 and its analytics, §9). */
export const MASTERY_FEATURES = [
  'Mastery dashboard for A1–A8 with your level in every category, from New to Expert',
  'Your three weakest and three strongest areas, with a readiness score for each',
  'Adaptive practice that aims at what you have not mastered yet',
  'Daily practice-time advice based on your progress',
] as const;

/** SPEC §9: the personal subscription is $19.99 per month (shown with cents, unlike the shop plans). */
export const MASTERY_PRICE = dollarsAndCents(ADAPTIVE_MASTERY_PRICE_CENTS);

export function MasteryPrice() {
  return (
    <p className="flex items-baseline gap-1">
      <span className="text-4xl font-extrabold text-slate-900">{MASTERY_PRICE}</span>
      <span className="text-slate-700">per month</span>
    </p>
  );
}

export function MasteryFeatureList() {
  return (
    <ul className="space-y-2">
      {MASTERY_FEATURES.map((feature) => (
        <li key={feature} className="flex items-start gap-2 text-slate-800">
          <Check className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
          {feature}
        </li>
      ))}
    </ul>
  );
}

export function PremiumBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-xs font-bold tracking-wide text-amber-900 uppercase">
      <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
      Premium
    </span>
  );
}
