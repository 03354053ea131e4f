/**
 * The billing feature's public entry: what other features and shared web code may import (ADR 0053).
 * No pages here: app.tsx lazy-loads them, and an entry that pulled a page in would grow other routes' chunks.
 */
export { useMoney } from './money';
export { useStatusLabel } from './status-label';
export { SubscriptionActions } from './subscription-actions';
export { SubscriptionBanner } from './subscription-banner';
