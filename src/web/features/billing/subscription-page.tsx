import { ArrowLeft } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAuth } from '../../app/auth-context';
import { AppHeader } from '../../components/app-header';
import { SignOutButton } from '../../components/sign-out-button';
import { ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { useShopSubscription } from './api';
import { SubscriptionPanel } from './subscription-panel';

/** Subscription management for a manager whose shop is entitled. */
export default function SubscriptionPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const { me } = useAuth();
  const current = useShopSubscription();
  return (
    <div className="min-h-screen bg-slate-50">
      <AppHeader home="/manager" name={me?.user.fullName ?? ''}>
        <SignOutButton />
      </AppHeader>
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <ButtonLink to="/manager" variant="ghost" size="sm">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          <FormattedMessage id="common.backToDashboard" />
        </ButtonLink>
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="billing.subscription.title" />
        </h1>
        {current.isPending && <Spinner label={intl.formatMessage({ id: 'billing.subscription.loading' })} />}
        <ErrorBox message={current.error ? errorText(current.error) : null} />
        {current.data && !current.data.subscription && (
          <p className="rounded-xl bg-white p-6 text-slate-700 ring-1 ring-slate-200">
            <FormattedMessage id="billing.subscription.none" />
          </p>
        )}
        {current.data?.subscription && <SubscriptionPanel subscription={current.data.subscription} />}
      </main>
    </div>
  );
}
