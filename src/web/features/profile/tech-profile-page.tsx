import { FormattedMessage } from 'react-intl';
import { subscriptionStatusLabel } from '../../../domain/billing';
import { useAuth } from '../../app/auth-context';
import { ProfileCard } from '../../components/profile-card';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useErrorText } from '../../i18n/i18n-provider';
import { AccountSecuritySection, EmailVerificationNotice } from '../account';
import { useMasteryStatus } from '../adaptive-mastery';
import { useStatusLabel } from '../billing';
import { CertificationsPanel } from '../certifications';
import { NotificationPreferences } from '../notifications';
import { PersonalInfoForm } from './personal-info-form';
import { ShopChangeRequest } from './shop-change-request';

/** Technician profile: personal info, shop affiliation, personal subscription, shop change request. */
export default function TechProfilePage() {
  const { me } = useAuth();
  const shop = me?.user.shop;
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="profile.title" />
        </h1>
        <ProfileCard id="personal-title" title={<FormattedMessage id="profile.personal" />}>
          <PersonalInfoForm withExperience />
        </ProfileCard>
        <ProfileCard id="shop-title" title={<FormattedMessage id="profile.shop.title" />}>
          {shop ? (
            <p>
              <FormattedMessage
                id="profile.shop.member"
                values={{ shop: <span className="font-semibold">{shop.name}</span> }}
              />
            </p>
          ) : (
            <p className="text-slate-700">
              <FormattedMessage id="profile.shop.none" />
            </p>
          )}
        </ProfileCard>
        <ProfileCard id="subscription-title" title={<FormattedMessage id="profile.subscription.title" />}>
          <PersonalSubscriptionStatus />
        </ProfileCard>
        <ProfileCard id="certifications-title" title={<FormattedMessage id="certifications.title" />}>
          <CertificationsPanel />
        </ProfileCard>
        <ProfileCard id="request-title" title={<FormattedMessage id="profile.request.title" />}>
          <ShopChangeRequest />
        </ProfileCard>
        <NotificationPreferences />
        <EmailVerificationNotice />
        <AccountSecuritySection />
      </main>
    </div>
  );
}

/** The personal Adaptive Mastery subscription's status (labels of docs/PRODUCT.md#plans-and-billing) and where to manage it. */
function PersonalSubscriptionStatus() {
  const errorText = useErrorText();
  const statusLabel = useStatusLabel();
  const status = useMasteryStatus();
  if (status.isPending) return <Spinner />;
  if (status.error) {
    return (
      <div className="space-y-3">
        <ErrorBox message={errorText(status.error)} />
        <Button variant="secondary" className="min-h-11" onClick={() => void status.refetch()}>
          <FormattedMessage id="common.tryAgain" />
        </Button>
      </div>
    );
  }
  const { subscription, viaShop } = status.data;
  return (
    <div className="space-y-3">
      <p>
        {subscription ? (
          <FormattedMessage
            id="profile.subscription.status"
            values={{
              status: (
                <span className="font-semibold">
                  {statusLabel(subscription.status, subscriptionStatusLabel(subscription.status))}
                </span>
              ),
            }}
          />
        ) : viaShop ? (
          <FormattedMessage id="profile.subscription.viaShop" />
        ) : (
          <FormattedMessage id="profile.subscription.none" />
        )}
      </p>
      <ButtonLink to="/app/adaptive-mastery" variant="secondary" className="min-h-11">
        <FormattedMessage id={subscription ? 'profile.subscription.manage' : 'profile.subscription.learnMore'} />
      </ButtonLink>
    </div>
  );
}
