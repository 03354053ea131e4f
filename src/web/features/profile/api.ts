import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '../../../domain/contracts/auth';
import type {
  ShopChangeRequestInput,
  ShopRequestResponse,
  UpdateProfileRequest,
} from '../../../domain/contracts/profile';
import { api } from '../../lib/api-client';
import { meQueryKey } from '../auth';

const shopRequestKey = ['profile', 'shop-request'] as const;

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => api<MeResponse>('/api/v1/me/profile', { method: 'PATCH', body }),
    onSuccess: (me) => client.setQueryData(meQueryKey, me),
  });
}

export function usePendingShopRequest() {
  return useQuery({
    queryKey: shopRequestKey,
    queryFn: () => api<ShopRequestResponse>('/api/v1/me/shop-request').then((r) => r.request),
  });
}

/** After a request or a cancel, the pending request and the dashboard's note about it re-read the server. */
async function refresh(client: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    client.invalidateQueries({ queryKey: shopRequestKey }),
    client.invalidateQueries({ queryKey: meQueryKey }),
  ]);
}

export function useRequestShopChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopChangeRequestInput) =>
      api<ShopRequestResponse>('/api/v1/me/shop-requests', { method: 'POST', body }),
    onSuccess: () => refresh(client),
  });
}

export function useCancelShopRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ ok: true }>(`/api/v1/me/shop-requests/${id}/cancel`, { method: 'POST', body: {} }),
    onSuccess: () => refresh(client),
  });
}
