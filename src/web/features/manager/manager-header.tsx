import { User } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useAuth } from '../../app/auth-context';
import { AppHeader } from '../../components/app-header';
import { SignOutButton } from '../../components/sign-out-button';
import { ButtonLink } from '../../components/ui/button';

/** The manager's header (SPEC §2): Profile and Sign Out. Every /manager page uses it. */
export function ManagerHeader() {
  const { me } = useAuth();
  return (
    <AppHeader home="/manager" name={me?.user.fullName ?? ''} wide>
      <ButtonLink to="/manager/profile" variant="ghost" size="sm">
        <User className="h-4 w-4" aria-hidden="true" />
        <FormattedMessage id="common.manager.profile" />
      </ButtonLink>
      <SignOutButton />
    </AppHeader>
  );
}
