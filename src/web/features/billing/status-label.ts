import { useIntl } from 'react-intl';

/**
 * Catalogue keys (namespace `billing`) of subscription statuses. docs/PRODUCT.md#plans-and-billing: trial shows as Free Trial, any
 * other status capitalised (`subscriptionStatusLabel` in the domain gives the same English).
 */
const STATUS_KEYS: Record<string, string> = {
  trial: 'billing.status.trial',
  active: 'billing.status.active',
  past_due: 'billing.status.pastDue',
  cancelled: 'billing.status.cancelled',
  incomplete: 'billing.status.incomplete',
};

/** A subscription status as the reader's language labels it; an unknown status falls back to the domain's label. */
export function useStatusLabel(): (status: string, fallback: string) => string {
  const intl = useIntl();
  return (status, fallback) => {
    const key = STATUS_KEYS[status];
    return key ? intl.formatMessage({ id: key }) : fallback;
  };
}
