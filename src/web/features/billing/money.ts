import { useIntl } from 'react-intl';

/**
 * Money and plan words by locale (ADR 0023): prices through `Intl` in US dollars — whole dollars for the
 * shop plans ("$99", docs/PRODUCT.md#plans-and-billing), dollars and cents for the personal subscription ("$19.99").
 */
export function useMoney() {
  const intl = useIntl();
  return {
    wholeDollars: (cents: number) =>
      intl.formatNumber(Math.round(cents / 100), { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
    dollarsAndCents: (cents: number) =>
      intl.formatNumber(cents / 100, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
  };
}

/** Tier label ('6-15', 'up to 20') with the word technicians, in the reader's language. */
export function useTierText() {
  const intl = useIntl();
  return (tier: string) => {
    const upTo = /^up to (\d+)$/.exec(tier);
    return upTo
      ? intl.formatMessage({ id: 'billing.tier.upTo' }, { n: Number(upTo[1]) })
      : intl.formatMessage({ id: 'billing.tier.range' }, { range: tier });
  };
}

/** The plans' feature lines are content (English); the ones we know are shown in the reader's language. */
const PLAN_FEATURE_KEYS: Record<string, string> = {
  'Up to 15 technicians': 'billing.feature.upTo15',
  'Up to 40 technicians': 'billing.feature.upTo40',
  'All A1–A8 practice tests and timed exams': 'billing.feature.allTests',
  'Study guides for every category': 'billing.feature.guides',
  'Test assignments with due dates': 'billing.feature.assignments',
  'Technician progress and analytics': 'billing.feature.progress',
  'Adaptive mastery for every technician': 'billing.feature.mastery',
  'Shop-wide and per-technician analytics': 'billing.feature.shopAnalytics',
  'Certification management with audit log and CSV export': 'billing.feature.certManagement',
  'Priority support': 'billing.feature.support',
};

export function usePlanFeatureText() {
  const intl = useIntl();
  return (feature: string) => {
    const key = PLAN_FEATURE_KEYS[feature];
    return key ? intl.formatMessage({ id: key }) : feature;
  };
}

/** Plan badges, by the domain's English name. */
export const BADGE_KEYS = { 'Most Popular': 'billing.badge.popular', 'Best Value': 'billing.badge.value' } as const;
