import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/logo';

/**
 * The centred card the account pages share (forgot and reset password, the e-mail link's pages). Its way back
 * is to sign in, or, for someone `signedIn` (the e-mail link opened in the app's browser), to their dashboard.
 */
export function AccountCardLayout({
  title,
  children,
  signedIn = false,
}: {
  title: ReactNode;
  children: ReactNode;
  signedIn?: boolean;
}) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-md justify-center px-4 pt-10">
        <Logo />
      </header>
      <main className="mx-auto max-w-md px-4 py-8">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-2xl font-bold">{title}</h1>
          {children}
        </div>
        <p className="mt-6 text-center text-sm">
          {/* /app sends each role to its own dashboard (the gate). */}
          <Link to={signedIn ? '/app' : '/sign-in'} className="inline-block py-3 font-semibold text-blue-800 underline">
            <FormattedMessage id={signedIn ? 'common.backToDashboard' : 'account.backToSignIn'} />
          </Link>
        </p>
      </main>
    </div>
  );
}
