import { queryOptions } from '@tanstack/react-query';
import type { CategorySummary } from '../../../domain/contracts/categories';
import { api } from '../../lib/api-client';

/**
 * The eight categories, on their own so the app shell can seed or start them with the technician dashboard
 * (src/web/app/route-data.ts, ADR 0054). Content, the same for everyone: fresh for an hour.
 */
export const categoriesQuery = queryOptions({
  queryKey: ['categories'] as const,
  queryFn: async () => (await api<{ categories: CategorySummary[] }>('/api/v1/categories')).categories,
  staleTime: 60 * 60_000,
});
