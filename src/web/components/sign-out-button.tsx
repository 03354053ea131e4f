import { LogOut } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useSignOut } from '../features/auth';
import { Button } from './ui/button';

export function SignOutButton({ variant = 'secondary' }: { variant?: 'secondary' | 'ghost' | 'primary' }) {
  const signOut = useSignOut();
  return (
    <Button variant={variant} size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
      <LogOut className="h-4 w-4" aria-hidden="true" />
      <FormattedMessage id="common.signOut" />
    </Button>
  );
}
