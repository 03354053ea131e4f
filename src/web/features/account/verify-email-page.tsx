import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../app/auth-context';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText, useMessage } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { AccountCardLayout } from './account-card-layout';
import { useVerifyEmail } from './api';
import { EmailVerificationNotice } from './email-verification-notice';

/**
 * The mailed link's page (/verify-email?token=…): it verifies the address once, on any device, and
 * signs nobody in. A used, expired or made-up link says so and offers a new one.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const { me } = useAuth();
  const intl = useIntl();
  const errorText = useErrorText();
  const message = useMessage();
  // The token works once: one request per page, even when React runs the effect twice.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const linkInvalid = !token || (verify.error instanceof ApiError && verify.error.code === 'VERIFICATION_LINK_INVALID');
  const next = me?.user.role === 'tech' ? '/app/leaderboard' : me ? '/' : '/sign-in';
  return (
    <AccountCardLayout title={<FormattedMessage id="account.verify.title" />} signedIn={Boolean(me)}>
      {verify.isSuccess ? (
        <div className="mt-4 space-y-4">
          <p role="status" className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
            {message(verify.data.key)}
          </p>
          <ButtonLink to={next} size="lg" className="w-full">
            <FormattedMessage
              id={me?.user.role === 'tech' ? 'account.verify.toLeaderboard' : 'account.verify.continue'}
            />
          </ButtonLink>
        </div>
      ) : linkInvalid ? (
        <div className="mt-4 space-y-4">
          <ErrorBox message="messages.emailVerification.linkInvalid" />
          {me ? (
            <EmailVerificationNotice />
          ) : (
            <ButtonLink to="/sign-in" size="lg" className="w-full">
              <FormattedMessage id="account.verify.signInToResend" />
            </ButtonLink>
          )}
        </div>
      ) : verify.error ? (
        <div className="mt-4 space-y-4">
          <ErrorBox message={errorText(verify.error)} />
          <Button size="lg" className="w-full" onClick={() => verify.mutate({ token })}>
            <FormattedMessage id="common.tryAgain" />
          </Button>
        </div>
      ) : (
        <Spinner label={intl.formatMessage({ id: 'account.verify.checking' })} />
      )}
    </AccountCardLayout>
  );
}
