import { skipToken, useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '../../components/ui/button';
import { type NotificationHome, notificationKeys, notificationsPath } from './keys';

/**
 * The phone menu's way to the notification centre's page, with the count the bell last read (from the cache:
 * this asks the server nothing). In the menu's own lazily loaded file (account-menu-dialog.tsx).
 */
export function NotificationsMenuLink({ home }: { home: NotificationHome }) {
  const unread = useQuery<number>({ queryKey: notificationKeys.unread, queryFn: skipToken }).data ?? 0;
  return (
    <ButtonLink to={notificationsPath(home)} variant="ghost" size="sm">
      <Bell className="h-4 w-4" aria-hidden="true" />
      <FormattedMessage id="common.notifications.bell" values={{ count: unread }} />
    </ButtonLink>
  );
}
