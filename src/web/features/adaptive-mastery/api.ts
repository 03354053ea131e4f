import { type Query, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdaptiveMasteryStatus,
  BillingPortalResponse,
  CheckoutResponse,
  PersonalSubscription,
} from '../../../domain/contracts/billing';
import { api } from '../../lib/api-client';

export const masteryStatusKey = ['adaptive-mastery', 'subscription'] as const;

export function useMasteryStatus(
  options: { refetchInterval?: (query: Query<AdaptiveMasteryStatus>) => number | false } = {},
) {
  return useQuery({
    queryKey: masteryStatusKey,
    queryFn: () => api<AdaptiveMasteryStatus>('/api/v1/adaptive-mastery/subscription'),
    refetchInterval: options.refetchInterval,
  });
}

export function useMasteryCheckout() {
  return useMutation({
    mutationFn: () => api<CheckoutResponse>('/api/v1/adaptive-mastery/checkout', { method: 'POST', body: {} }),
  });
}

export function useConfirmMasteryCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (session: string) =>
      api<{ subscription: PersonalSubscription }>('/api/v1/adaptive-mastery/checkout/confirm', {
        method: 'POST',
        body: { session },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: masteryStatusKey }),
  });
}

export function useCancelMasterySubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ subscription: PersonalSubscription }>('/api/v1/adaptive-mastery/subscription/cancel', {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: masteryStatusKey }),
  });
}

export function useMasteryBillingPortal() {
  return useMutation({
    mutationFn: () =>
      api<BillingPortalResponse>('/api/v1/adaptive-mastery/billing-portal', { method: 'POST', body: {} }),
  });
}
