import { BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Notification } from '../../../domain/contracts/notifications';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { toast } from '../../lib/toast';
import { useMarkAllRead, useMarkRead, useNotificationList, useUnreadCount } from './api';
import { relativeAge, safeAppPath } from './format';

/**
 * The notification centre's content, in the bell's panel and on its own page: newest first, unread ones
 * marked by a "New" label and a bold title (not by colour alone), Mark all read, Load more, and loading,
 * empty and error states. Opening an entry marks it read. `onOpen` closes the panel as its link navigates.
 */
export function NotificationList({ home, onOpen }: { home: string; onOpen?: () => void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const list = useNotificationList();
  const unread = useUnreadCount().data;
  const markAll = useMarkAllRead();
  const markRead = useMarkRead();
  const listed = list.data?.pages[0]?.unreadCount;
  const { refetch } = list;
  // A new message the bell's poll has seen while the centre is open joins the list.
  useEffect(() => {
    if (unread !== undefined && listed !== undefined && unread > listed) void refetch();
  }, [unread, listed, refetch]);

  if (list.isPending) return <Spinner />;
  if (list.isError && !list.data) {
    return (
      <div className="space-y-3 py-4">
        <ErrorBox message={intl.formatMessage({ id: 'notifications.loadFailed' }, { reason: errorText(list.error) })} />
        <Button variant="secondary" className="min-h-11" onClick={() => void list.refetch()}>
          <FormattedMessage id="common.tryAgain" />
        </Button>
      </div>
    );
  }
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center">
        <BellOff className="h-8 w-8 text-slate-500" aria-hidden="true" />
        <p className="font-semibold text-slate-900">
          <FormattedMessage id="notifications.empty" />
        </p>
        <p className="max-w-xs text-sm text-slate-700">
          <FormattedMessage id="notifications.emptyHint" />
        </p>
      </div>
    );
  }
  const anyUnread = (unread ?? 0) > 0 || items.some((item) => item.readAt === null);
  return (
    <div>
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 pb-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          <FormattedMessage id="notifications.unreadSummary" values={{ count: unread ?? 0 }} />
        </p>
        <Button
          variant="ghost"
          size="sm"
          className="px-3 text-blue-800"
          disabled={!anyUnread || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onError: (error) => toast.error(errorText(error)),
            })
          }
        >
          <FormattedMessage id="notifications.markAllRead" />
        </Button>
      </div>
      <ul className="divide-y divide-slate-200">
        {items.map((item) => (
          <NotificationEntry
            key={item.id}
            item={item}
            home={home}
            onOpen={() => {
              if (item.readAt === null) markRead.mutate(item.id);
              onOpen?.();
            }}
          />
        ))}
      </ul>
      {list.hasNextPage && (
        <div className="space-y-2 pt-3">
          {list.isFetchNextPageError && (
            <ErrorBox
              message={intl.formatMessage({ id: 'notifications.loadFailed' }, { reason: errorText(list.error) })}
            />
          )}
          <Button
            variant="secondary"
            className="min-h-11 w-full"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            <FormattedMessage id={list.isFetchingNextPage ? 'common.loading' : 'notifications.loadMore'} />
          </Button>
        </div>
      )}
    </div>
  );
}

function NotificationEntry({ item, home, onOpen }: { item: Notification; home: string; onOpen: () => void }) {
  const unread = item.readAt === null;
  return (
    <li>
      <Link
        to={safeAppPath(item.link, home)}
        onClick={onOpen}
        className={`-mx-2 flex gap-3 rounded-lg px-2 py-3 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none ${unread ? 'bg-blue-50/60' : ''}`}
      >
        <span
          aria-hidden="true"
          className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${unread ? 'bg-blue-700' : 'border border-slate-300'}`}
        />
        <span className="min-w-0 flex-1">
          <span className="flex items-start justify-between gap-2">
            <span className={`text-slate-900 ${unread ? 'font-bold' : 'font-medium'}`}>{item.title}</span>
            {unread && (
              <span className="shrink-0 rounded bg-blue-700 px-1.5 py-0.5 text-xs font-semibold text-white">
                <FormattedMessage id="notifications.new" />
              </span>
            )}
          </span>
          <span className="mt-0.5 block text-sm text-slate-700">{item.body}</span>
          <Age createdAt={item.createdAt} />
        </span>
      </Link>
    </li>
  );
}

/** "5 minutes ago" up to four weeks, then the date; re-read each minute while shown. */
function Age({ createdAt }: { createdAt: string }) {
  const intl = useIntl();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const age = relativeAge(createdAt, now);
  return (
    <time dateTime={createdAt} className="mt-1 block text-xs text-slate-600">
      {age
        ? intl.formatRelativeTime(age.value, age.unit, { numeric: 'auto' })
        : intl.formatDate(createdAt, { dateStyle: 'medium' })}
    </time>
  );
}
