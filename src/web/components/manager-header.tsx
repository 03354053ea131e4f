import { User } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useAuth } from '../app/auth-context';
import { NotificationBell } from '../features/notifications';
import { AppHeader } from './app-header';
import { SignOutButton } from './sign-out-button';
import { ButtonLink } from './ui/button';

/** The manager's header: Profile and Sign Out, and the notification bell. Every /manager page uses it. */
export function ManagerHeader() {
  const { me } = useAuth();
  return (
    <AppHeader home="/manager" name={me?.user.fullName ?? ''} wide tools={<NotificationBell home="/manager" />}>
      <ButtonLink to="/manager/profile" variant="ghost" size="sm">
        <User className="h-4 w-4" aria-hidden="true" />
        <FormattedMessage id="common.manager.profile" />
      </ButtonLink>
      <SignOutButton />
    </AppHeader>
  );
}
