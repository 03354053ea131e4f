import { useQuery } from '@tanstack/react-query';
import type { ShopAnalytics, TechAnalytics, TechnicianAnalytics } from '../../../domain/contracts/analytics';
import { api } from '../../lib/api-client';

export const analyticsKeys = {
  mine: ['analytics', 'me'] as const,
  shop: ['analytics', 'shop'] as const,
  technician: (id: string) => ['analytics', 'technician', id] as const,
};

/** The signed-in technician's own analytics. */
export function useMyAnalytics() {
  return useQuery({ queryKey: analyticsKeys.mine, queryFn: () => api<TechAnalytics>('/api/v1/me/analytics') });
}

/** The manager's shop-wide analytics. */
export function useShopAnalytics() {
  return useQuery({ queryKey: analyticsKeys.shop, queryFn: () => api<ShopAnalytics>('/api/v1/manager/analytics') });
}

/** One technician of the manager's shop: who, analytics, mastery. */
export function useTechnicianAnalytics(techId: string) {
  return useQuery({
    queryKey: analyticsKeys.technician(techId),
    queryFn: () => api<TechnicianAnalytics>(`/api/v1/manager/technicians/${encodeURIComponent(techId)}/analytics`),
  });
}
