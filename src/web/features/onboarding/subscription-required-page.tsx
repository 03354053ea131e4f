import { Lock } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { subscriptionStatusLabel } from '../../../domain/billing';
import { useAuth } from '../../app/auth-context';
import { SignOutButton } from '../../components/sign-out-button';
import { ButtonLink } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { LanguageSwitch } from '../../i18n/language-switch';
import { useStatusLabel } from '../billing';

/**
 * docs/PRODUCT.md#gate: a manager whose shop's subscription lapsed or was cancelled (neither active nor trial) is
 * blocked here; a new manager goes through shop setup and plans instead. The server refuses
 * every other manager route for them too.
 */
export default function SubscriptionRequiredPage() {
  const intl = useIntl();
  const { me } = useAuth();
  const statusLabel = useStatusLabel();
  const shop = me?.user.shop;
  const status = me?.user.subscriptionStatus;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-2xl items-center justify-between px-4 py-4">
        <Logo to="/manager/subscription-required" />
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <SignOutButton variant="ghost" />
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 pb-12">
        <section className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
          <Lock className="mx-auto h-10 w-10 text-amber-600" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">
            <FormattedMessage id="onboarding.required.title" />
          </h1>
          <p className="mt-3 text-slate-700">
            {shop && status ? (
              <FormattedMessage
                id="onboarding.required.lapsed"
                values={{
                  shop: shop.name,
                  status: statusLabel(status, subscriptionStatusLabel(status)).toLocaleLowerCase(intl.locale),
                }}
              />
            ) : (
              <FormattedMessage id="onboarding.required.noShop" />
            )}
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            {shop ? (
              <ButtonLink to="/manager/plans" size="lg">
                <FormattedMessage id="onboarding.required.choosePlan" />
              </ButtonLink>
            ) : (
              <ButtonLink to="/manager/shop-setup" size="lg">
                <FormattedMessage id="onboarding.required.setUpShop" />
              </ButtonLink>
            )}
            <SignOutButton variant="secondary" />
          </div>
        </section>
      </main>
    </div>
  );
}
