import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ExperienceRequest,
  MeResponse,
  PreferencesRequest,
  SignInRequest,
  SignUpRequest,
} from '../../../domain/contracts/auth';
import type { ShopCodeLookupResponse } from '../../../domain/contracts/shop-codes';
import { isShopCode, normaliseShopCode, shopCodeKey } from '../../../domain/shop-code';
import { api } from '../../lib/api-client';
import { clearUserCaches } from '../../lib/offline-cache';

export const meQueryKey = ['me'] as const;

/** The signed-in user and gate step, or null when signed out. */
async function fetchMe(): Promise<MeResponse | null> {
  return (await api<{ session: MeResponse | null }>('/api/v1/session')).session;
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000, retry: 1 });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInRequest) => api<MeResponse>('/api/v1/auth/sign-in', { method: 'POST', body }),
    onSuccess: (me) => client.setQueryData(meQueryKey, me),
  });
}

export function useSignUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SignUpRequest) => api<MeResponse>('/api/v1/auth/sign-up', { method: 'POST', body }),
    onSuccess: (me) => client.setQueryData(meQueryKey, me),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/api/v1/auth/sign-out', { method: 'POST', body: {} }),
    onSettled: () => {
      // Signing out clears the profile and every cached view of the user's data (SPEC §4).
      client.clear();
      client.setQueryData(meQueryKey, null);
      void clearUserCaches();
    },
  });
}

export function useSaveExperience() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExperienceRequest) => api<MeResponse>('/api/v1/me/experience-level', { method: 'PUT', body }),
    onSuccess: (me) => client.setQueryData(meQueryKey, me),
  });
}

/** Saves the language and/or time zone on the profile (ADR 0009). */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesRequest) => api<MeResponse>('/api/v1/me/preferences', { method: 'PATCH', body }),
    onSuccess: (me) => client.setQueryData(meQueryKey, me),
  });
}

/**
 * The shop a code typed at sign-up leads to (issue 38), asked once the code is complete: `data.shop` is
 * its name, or null for a code of no shop. Codes that read alike share one answer.
 */
export function useShopCodeLookup(code: string, enabled: boolean) {
  const complete = enabled && isShopCode(normaliseShopCode(code));
  const key = shopCodeKey(code);
  return useQuery({
    queryKey: ['shop-code', key],
    queryFn: ({ signal }) =>
      api<ShopCodeLookupResponse>(`/api/v1/shop-codes/${encodeURIComponent(normaliseShopCode(code))}`, { signal }),
    enabled: complete,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
