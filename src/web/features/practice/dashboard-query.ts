import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '../../../domain/contracts/practice';
import { api } from '../../lib/api-client';

/**
 * The technician dashboard's first read, on its own so the app shell can seed or start it before the page's
 * code arrives (src/web/app/route-data.ts, ADR 0054) without taking the rest of the feature's API with it.
 */
export const practiceDashboardQuery = queryOptions({
  queryKey: ['practice', 'dashboard'] as const,
  queryFn: () => api<Dashboard>('/api/v1/me/practice-dashboard'),
});
