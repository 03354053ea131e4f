import { FormattedMessage } from 'react-intl';
import { ChangePasswordForm } from './change-password-form';

/** "Account security" on a profile page: changing the password (and, with it, ending other sessions). */
export function AccountSecuritySection() {
  return (
    <section aria-labelledby="account-security" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="account-security" className="text-lg font-semibold">
        <FormattedMessage id="account.securityTitle" />
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        <FormattedMessage id="account.securityIntro" />
      </p>
      <div className="mt-4 max-w-md">
        <ChangePasswordForm />
      </div>
    </section>
  );
}
