import { useQuery } from '@tanstack/react-query';
import type { ManagerOverview } from '../../../domain/contracts/manager';
import { api } from '../../lib/api-client';

export function useManagerOverview() {
  return useQuery({
    queryKey: ['manager', 'overview'],
    queryFn: () => api<ManagerOverview>('/api/v1/manager/overview'),
  });
}
