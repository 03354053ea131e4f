import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationListResponse,
  NotificationPreferences,
  UnreadCountResponse,
  UnsubscribePreview,
  UnsubscribeResponse,
  UpdateNotificationPreferences,
} from '../../../domain/contracts/notifications';
import { retryNever } from '../../app/retry-policy';
import { api } from '../../lib/api-client';
import { notificationKeys } from './keys';

/** How often the bell asks for the unread count while the tab is visible (ADR 0043). */
export const UNREAD_POLL_MS = 30_000;

/**
 * The bell's count, kept fresh without a reload (ADR 0043): asked every 30 s while the tab is visible
 * (TanStack pauses the interval in a hidden tab) and when the window regains focus.
 */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) =>
      api<UnreadCountResponse>('/api/v1/notifications/unread-count', { signal }).then((r) => r.unreadCount),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // The next poll is the retry: a failing server is not asked three times more every 30 s.
    retry: retryNever,
    staleTime: 5_000,
  });
}

type ListPages = InfiniteData<NotificationListResponse, string | null>;

/** The notification centre's list, newest first, 20 a page; "Load more" follows the cursor. */
export function useNotificationList() {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam, signal }) => {
      const query = pageParam ? `?before=${encodeURIComponent(pageParam)}` : '';
      const page = await api<NotificationListResponse>(`/api/v1/notifications${query}`, { signal });
      // The list knows the count as well as the bell's poll: the badge never disagrees with the list.
      if (!pageParam) client.setQueryData(notificationKeys.unread, page.unreadCount);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Opening the centre always shows what the server has now.
    refetchOnMount: 'always',
    retry: retryNever,
  });
}

/**
 * Marks one entry read in the cached list (at once, before the server answers) and takes the count it returns.
 * Opening an entry also marks everything else the app has cached as stale: the screen it leads to (the
 * dashboard with a new assigned test, the manager's history with a new result) must show the news it
 * announces, not the copy read before it happened.
 */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<UnreadCountResponse>(`/api/v1/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onMutate: (id) => {
      markInList(client, (item) => item.id === id);
      void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'notifications' });
    },
    onSuccess: ({ unreadCount }) => setUnread(client, unreadCount),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<UnreadCountResponse>('/api/v1/notifications/read-all', { method: 'POST' }),
    onSuccess: ({ unreadCount }) => {
      markInList(client, () => true);
      setUnread(client, unreadCount);
    },
  });
}

type Client = ReturnType<typeof useQueryClient>;

/** The count the server answered with, for the bell and for the list's first page (which the centre compares). */
function setUnread(client: Client, unreadCount: number) {
  client.setQueryData(notificationKeys.unread, unreadCount);
  client.setQueryData<ListPages>(notificationKeys.list, (data) =>
    data ? { ...data, pages: data.pages.map((page, i) => (i === 0 ? { ...page, unreadCount } : page)) } : data,
  );
}

function markInList(client: Client, which: (item: NotificationListResponse['items'][number]) => boolean) {
  const readAt = new Date().toISOString();
  client.setQueryData<ListPages>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.readAt === null && which(item) ? { ...item, readAt } : item)),
          })),
        }
      : data,
  );
}

export function useNotificationPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: () => api<NotificationPreferences>('/api/v1/me/notification-preferences'),
  });
}

/** Saves one change (a partial); the server answers with every preference, which replaces the cached ones. */
export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: UpdateNotificationPreferences) =>
      api<NotificationPreferences>('/api/v1/me/notification-preferences', { method: 'PUT', body: change }),
    onSuccess: (preferences) => client.setQueryData(notificationKeys.preferences, preferences),
  });
}

const unsubscribePath = (token: string) => `/api/v1/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * What an e-mail's unsubscribe link is for, and whether that kind's e-mails are on now (no sign-in: the signed
 * token says who and which kind). Reading it changes nothing, so a mail scanner opening the link unsubscribes
 * nobody; the page's button does.
 */
export function useUnsubscribePreview(token: string) {
  return useQuery({
    queryKey: ['notifications', 'unsubscribe', token],
    queryFn: () => api<UnsubscribePreview>(unsubscribePath(token)),
    enabled: token !== '',
    retry: retryNever,
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => api<UnsubscribeResponse>(unsubscribePath(token), { method: 'POST' }),
  });
}
