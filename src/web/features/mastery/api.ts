import { useQuery } from '@tanstack/react-query';
import type { FeatureAccess } from '../../../domain/contracts/access';
import type { MasteryDashboard } from '../../../domain/contracts/mastery';
import { api } from '../../lib/api-client';

export const masteryKeys = {
  access: (feature: string) => ['access', feature] as const,
  dashboard: ['mastery', 'dashboard'] as const,
};

/** The access check of docs/PRODUCT.md#plans-and-billing for one feature (the server decides; the client only chooses what to show). */
export function useFeatureAccess(feature: string) {
  return useQuery({
    queryKey: masteryKeys.access(feature),
    queryFn: () => api<FeatureAccess>(`/api/v1/access/${encodeURIComponent(feature)}`),
  });
}

/** The mastery dashboard; only asked for once access is granted. */
export function useMasteryDashboard(enabled: boolean) {
  return useQuery({
    queryKey: masteryKeys.dashboard,
    queryFn: () => api<MasteryDashboard>('/api/v1/me/mastery'),
    enabled,
  });
}
