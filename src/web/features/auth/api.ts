import {
  type Query,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ExperienceRequest, MeResponse, SignInRequest, SignUpRequest } from '../../../domain/contracts/auth';
import type { PreferencesRequest } from '../../../domain/contracts/preferences';
import type { ShopCodeLookupResponse } from '../../../domain/contracts/shop-codes';
import { isShopCode, normaliseShopCode, shopCodeKey } from '../../../domain/shop-code';
import { retryNever } from '../../app/retry-policy';
import { ApiError, api, stopRequests } from '../../lib/api-client';
import { clearUserCaches } from '../../lib/offline-cache';
import { pageHydration } from '../../lib/page-hydration';

export const meQueryKey = ['me'] as const;

/**
 * The signed-in user and gate step, or null when signed out. Asked once a server-rendered page is hydrated:
 * the answer re-renders the pages that show who is signed in (lib/page-hydration.ts).
 */
async function fetchMe(): Promise<MeResponse | null> {
  await pageHydration();
  return (await api<{ session: MeResponse | null }>('/api/v1/session')).session;
}

/** Who is signed in: read by every page through the AuthProvider, and started early by app.tsx (ADR 0054). */
export const meQuery = queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQuery);
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

/**
 * Forgets a user the server no longer knows (a 401 inside the app): the profile and every cached view of their
 * data, so the gate sends them to sign in with a return path. The profile turns null before the rest
 * goes: removing the profile query itself (QueryClient.clear) leaves the AuthProvider watching a query no
 * longer in the cache, still showing the last person's name.
 */
export function forgetSignedInUser(client: QueryClient) {
  const isUserData = (query: Query) => query.queryKey[0] !== meQueryKey[0];
  void client.cancelQueries({ predicate: isUserData });
  client.setQueryData(meQueryKey, null);
  client.removeQueries({ predicate: isUserData });
  void clearUserCaches();
}

/** A request refused for want of a session (it expired, or the user signed out in another tab). */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'UNAUTHENTICATED';
}

/**
 * Signs out, then loads the homepage afresh: the page load drops every cached view of the user's data and the
 * server sends the signed-out homepage, so nothing of the last person stays on a shared tablet.
 * Forgetting the user inside the running app instead had the gate of the page still on screen send them to
 * sign in, and a cleared cache the AuthProvider did not see kept "Go to dashboard" and their name.
 */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const signedOut = api<{ ok: true }>('/api/v1/auth/sign-out', { method: 'POST', body: {} });
      // Nothing else asks the server from here on; reads in flight are dropped, not answered with a 401.
      stopRequests();
      void client.cancelQueries();
      return signedOut;
    },
    onSettled: async () => {
      await clearUserCaches();
      window.location.replace('/');
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
 * The shop a code typed at sign-up leads to, asked once the code is complete: `data.shop` is
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
    // The next keystroke asks again.
    retry: retryNever,
  });
}
