import { useQuery } from '@tanstack/react-query';
import type { PublicPlansResponse } from '../../../domain/contracts/public-plans';
import { api } from '../../lib/api-client';
import { ssrData } from '../../lib/ssr-data';

/** The key the prerendered plans page's data is under (scripts/prerender.ts). */
export const PUBLIC_PLANS_SSR_KEY = 'plans';

/**
 * The plans anyone may see. The prerendered page carries them (build time, from content/plans.json, which the
 * server loads at start-up), so prices are in the HTML; the API is still asked once and stays the authority.
 */
export function usePublicPlans() {
  const prerendered = ssrData<PublicPlansResponse>(PUBLIC_PLANS_SSR_KEY);
  return useQuery({
    queryKey: ['public-plans'],
    queryFn: () => api<PublicPlansResponse>('/api/v1/plans'),
    // Asked once behind the prerendered data (stale at once), else fetched once per visit.
    staleTime: prerendered ? 0 : Number.POSITIVE_INFINITY,
    initialData: prerendered,
  });
}
