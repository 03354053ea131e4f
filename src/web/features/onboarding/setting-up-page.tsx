import { FormattedMessage, useIntl } from 'react-intl';
import { SignOutButton } from '../../components/sign-out-button';
import { Logo } from '../../components/ui/logo';
import { Spinner } from '../../components/ui/spinner';

/** Signed in, but the account has no role yet (docs/PRODUCT.md#gate). */
export default function SettingUpPage() {
  const intl = useIntl();
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <Logo />
      <h1 className="text-xl font-semibold">
        <FormattedMessage id="onboarding.settingUp.title" />
      </h1>
      <Spinner label={intl.formatMessage({ id: 'onboarding.settingUp.wait' })} />
      <SignOutButton />
    </main>
  );
}
