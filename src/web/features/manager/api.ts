import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApprovalHistoryResponse,
  AssignmentRow,
  AssignmentsResponse,
  CreateAssignmentRequest,
  JoinRequestsResponse,
  ReviewResponse,
  TechnicianProgressResponse,
  TestHistoryResponse,
} from '../../../domain/contracts/manager';
import { retryNever } from '../../app/retry-policy';
import { api } from '../../lib/api-client';
import { managerOverviewQuery } from './overview-query';

/**
 * The dashboard (and its view-only shop-floor mode) re-reads the shop on this interval while it is visible, and
 * when the window regains focus: a join request or a finished assigned test shows without a reload, although
 * the app's queries do not refetch on focus (src/web/app/app.tsx).
 */
export const DASHBOARD_REFRESH_MS = 60_000;

/** How a dashboard read keeps itself current. */
export type Refresh = {
  refetchInterval?: number | false;
  refetchIntervalInBackground?: boolean;
  refetchOnWindowFocus?: boolean | 'always';
};

export const DASHBOARD_REFRESH: Refresh = {
  refetchInterval: DASHBOARD_REFRESH_MS,
  // A hidden tab does not poll; coming back to it reads at once. 'always': the overview that came with the page
  // counts as fresh for its first 30 s (ADR 0054), and its Pending Approvals must not lag the list below it.
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
};

const keys = {
  all: ['manager'] as const,
  overview: managerOverviewQuery.queryKey,
  technicians: ['manager', 'technicians'] as const,
  assignments: ['manager', 'assignments'] as const,
  history: ['manager', 'test-history'] as const,
  requests: ['manager', 'join-requests'] as const,
  approvals: ['manager', 'join-requests', 'history'] as const,
};

export function useManagerOverview(options: Refresh = {}) {
  return useQuery({ ...managerOverviewQuery, ...options });
}

export function useTechnicianProgress(options: Refresh = {}) {
  return useQuery({
    queryKey: keys.technicians,
    queryFn: () => api<TechnicianProgressResponse>('/api/v1/manager/technicians').then((r) => r.technicians),
    ...options,
  });
}

/**
 * Test Assignments, 25 a page (open ones first, then completed ones, newest first); "Show more" follows
 * the cursor. A refresh (the wall's interval, or after an assign) re-reads every page shown.
 */
export function useAssignments(options: Refresh = {}) {
  return useInfiniteQuery({
    queryKey: keys.assignments,
    queryFn: ({ pageParam, signal }) => {
      const query = pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : '';
      return api<AssignmentsResponse>(`/api/v1/manager/assignments${query}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: (data) => data.pages.flatMap((page) => page.assignments),
    ...options,
  });
}

export function useShopTestHistory(options: Refresh = {}) {
  return useQuery({
    queryKey: keys.history,
    queryFn: () => api<TestHistoryResponse>('/api/v1/manager/test-history').then((r) => r.sessions),
    ...options,
  });
}

export function useJoinRequests(options: Refresh = {}) {
  return useQuery({
    queryKey: keys.requests,
    queryFn: () => api<JoinRequestsResponse>('/api/v1/manager/join-requests').then((r) => r.requests),
    ...options,
  });
}

export function useApprovalHistory(enabled: boolean) {
  return useQuery({
    queryKey: keys.approvals,
    queryFn: () => api<ApprovalHistoryResponse>('/api/v1/manager/join-requests/history').then((r) => r.requests),
    enabled,
    // The modal shows 'Failed to load approval history' with Try Again at once rather than retrying quietly.
    retry: retryNever,
  });
}

/** Approve or reject; afterwards every view of the shop re-reads the server. */
export function useReviewJoinRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      api<ReviewResponse>(`/api/v1/manager/join-requests/${id}/${decision}`, { method: 'POST', body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useCreateAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAssignmentRequest) =>
      api<{ assignment: AssignmentRow }>('/api/v1/manager/assignments', { method: 'POST', body }).then(
        (r) => r.assignment,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
