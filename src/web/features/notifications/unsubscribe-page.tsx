import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { NotificationKind } from '../../../domain/contracts/notifications';
import { useAuth } from '../../app/auth-context';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { ApiError } from '../../lib/api-client';
import { AccountCardLayout } from '../account';
import { useUnsubscribe, useUnsubscribePreview } from './api';
import { KIND_NAME } from './kinds';

/** A link the server does not take: made up, damaged, or for an account that is gone. */
const isInvalidLink = (error: unknown) => error instanceof ApiError && [400, 404, 410].includes(error.status);

/**
 * The e-mail's unsubscribe link (/unsubscribe?token=…), signed out or in: it names the kind of
 * e-mail the link is for and stops it with one press. Opening the page changes nothing — mail scanners open
 * links — and the e-mail's own List-Unsubscribe-Post (RFC 8058) needs no page at all.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useUnsubscribePreview(token);
  const unsubscribe = useUnsubscribe();
  const intl = useIntl();
  const errorText = useErrorText();

  let body: ReactNode;
  if (!token || isInvalidLink(preview.error) || isInvalidLink(unsubscribe.error)) {
    body = <ErrorBox message={intl.formatMessage({ id: 'notifications.unsubscribe.invalid' })} />;
  } else if (preview.isPending) {
    body = <Spinner label={intl.formatMessage({ id: 'notifications.unsubscribe.checking' })} />;
  } else if (preview.isError) {
    body = (
      <div className="space-y-4">
        <ErrorBox message={errorText(preview.error)} />
        <Button size="lg" className="w-full" onClick={() => void preview.refetch()}>
          <FormattedMessage id="common.tryAgain" />
        </Button>
      </div>
    );
  } else if (unsubscribe.isSuccess || !preview.data.email) {
    body = <Unsubscribed kind={preview.data.kind} />;
  } else {
    const kind = <strong>{intl.formatMessage({ id: KIND_NAME[preview.data.kind] })}</strong>;
    body = (
      <div className="space-y-4">
        <p>
          <FormattedMessage id="notifications.unsubscribe.confirm" values={{ kind }} />
        </p>
        {unsubscribe.isError && <ErrorBox message={errorText(unsubscribe.error)} />}
        <Button size="lg" className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
          <FormattedMessage
            id={unsubscribe.isPending ? 'notifications.unsubscribe.working' : 'notifications.unsubscribe.button'}
          />
        </Button>
      </div>
    );
  }
  return (
    <AccountCardLayout title={<FormattedMessage id="notifications.unsubscribe.title" />}>
      <div className="mt-4">{body}</div>
    </AccountCardLayout>
  );
}

/** Done: says which e-mails stopped and where to change the choice back. */
function Unsubscribed({ kind }: { kind: NotificationKind }) {
  const intl = useIntl();
  const { me } = useAuth();
  const profile = me?.user.role === 'manager' ? '/manager/profile' : me ? '/app/profile' : '/sign-in';
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-lg border border-green-300 bg-green-50 px-4 py-3 text-green-900">
        <FormattedMessage
          id="notifications.unsubscribe.done"
          values={{ kind: <strong>{intl.formatMessage({ id: KIND_NAME[kind] })}</strong> }}
        />
      </p>
      <ButtonLink to={profile} size="lg" className="w-full">
        <FormattedMessage id={me ? 'notifications.unsubscribe.toProfile' : 'notifications.unsubscribe.signIn'} />
      </ButtonLink>
    </div>
  );
}
