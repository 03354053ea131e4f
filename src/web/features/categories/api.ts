import { useQuery } from '@tanstack/react-query';
import type { CategorySummary } from '../../../domain/contracts/categories';
import { api } from '../../lib/api-client';

export function useCategories() {
  return useQuery({
    queryKey: ['categories'],
    queryFn: async () => (await api<{ categories: CategorySummary[] }>('/api/v1/categories')).categories,
    staleTime: 60 * 60_000,
  });
}
