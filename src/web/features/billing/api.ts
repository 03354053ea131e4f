import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BillingPortalResponse,
  CheckoutResponse,
  PlansResponse,
  ShopCheckoutRequest,
  ShopSetupRequest,
  ShopSubscriptionResponse,
  ShopSummary,
  StartSubscriptionRequest,
  SubscriptionView,
} from '../../../domain/contracts/billing';
import { api } from '../../lib/api-client';
import { meQueryKey } from '../auth';
import { shopSubscriptionKey } from './query-keys';

export function useSetUpShop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopSetupRequest) =>
      api<{ shop: ShopSummary }>('/api/v1/shops', { method: 'POST', body }).then((r) => r.shop),
    onSuccess: () => client.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function usePlans() {
  return useQuery({ queryKey: ['shop', 'plans'], queryFn: () => api<PlansResponse>('/api/v1/shop/plans') });
}

/** `poll`: read again every 2 s, while Stripe's webhook is expected to bring the plan (ADR 0033). */
export function useShopSubscription(options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: shopSubscriptionKey,
    queryFn: () => api<ShopSubscriptionResponse>('/api/v1/shop/subscription'),
    refetchInterval: options.poll ? 2000 : false,
  });
}

/** After paying or cancelling, the gate and every subscription view re-read the server. */
async function refreshAfterChange(client: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    client.invalidateQueries({ queryKey: meQueryKey }),
    client.invalidateQueries({ queryKey: shopSubscriptionKey }),
  ]);
}

export function useStartSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartSubscriptionRequest) =>
      api<{ subscription: SubscriptionView }>('/api/v1/shop/subscription', { method: 'POST', body }),
    onSuccess: () => refreshAfterChange(client),
  });
}

/** With Stripe (ADR 0033): a Checkout Session for the plan; the page sends the browser to its URL. */
export function useShopCheckout() {
  return useMutation({
    mutationFn: (body: ShopCheckoutRequest) => api<CheckoutResponse>('/api/v1/shop/checkout', { method: 'POST', body }),
  });
}

export function useCancelSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ subscription: SubscriptionView }>('/api/v1/shop/subscription/cancel', { method: 'POST', body: {} }),
    onSuccess: () => refreshAfterChange(client),
  });
}

export function useBillingPortal() {
  return useMutation({
    mutationFn: () => api<BillingPortalResponse>('/api/v1/shop/billing-portal', { method: 'POST', body: {} }),
  });
}
