import { MailWarning } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useAuth } from '../../app/auth-context';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { useErrorText, useMessage } from '../../i18n/i18n-provider';
import { useResendVerification } from './api';

/**
 * Shown to a technician whose e-mail is not verified yet: the global leaderboard lists only
 * verified addresses, so this says so and offers a new link. Nothing shows once the address is verified.
 */
export function EmailVerificationNotice() {
  const { me } = useAuth();
  const resend = useResendVerification();
  const errorText = useErrorText();
  const message = useMessage();
  if (!me || me.user.emailVerified || me.user.role !== 'tech') return null;
  return (
    <section
      aria-labelledby="email-verification-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-slate-900"
    >
      <h2 id="email-verification-title" className="flex items-center gap-2 font-semibold">
        <MailWarning className="h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        <FormattedMessage id="account.verify.noticeTitle" />
      </h2>
      <p className="mt-2 text-sm text-slate-800 [overflow-wrap:anywhere]">
        <FormattedMessage id="account.verify.noticeBody" values={{ email: me.user.email }} />
      </p>
      <div className="mt-3 space-y-3">
        {resend.isSuccess ? (
          <p role="status" className="text-sm font-medium text-green-900">
            {message(resend.data.key)}
          </p>
        ) : (
          <Button
            variant="secondary"
            className="min-h-11 max-w-full whitespace-normal! text-center"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            <FormattedMessage id={resend.isPending ? 'account.verify.sending' : 'account.verify.resend'} />
          </Button>
        )}
        <ErrorBox message={resend.error ? errorText(resend.error) : null} />
      </div>
    </section>
  );
}
