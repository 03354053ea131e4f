import { queryOptions } from '@tanstack/react-query';
import type { ManagerOverview } from '../../../domain/contracts/manager';
import { api } from '../../lib/api-client';

/**
 * The manager dashboard's first read, on its own so the app shell can seed or start it before the page's
 * code arrives (src/web/app/route-data.ts, ADR 0054) without taking the rest of the feature's API with it.
 */
export const managerOverviewQuery = queryOptions({
  queryKey: ['manager', 'overview'] as const,
  queryFn: () => api<ManagerOverview>('/api/v1/manager/overview'),
});
