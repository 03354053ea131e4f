import { FormattedMessage } from 'react-intl';
import { useAuth } from '../../app/auth-context';
import { ManagerHeader } from '../../components/manager-header';
import { ProfileCard } from '../../components/profile-card';
import { AccountSecuritySection } from '../account';
import { NotificationPreferences } from '../notifications';
import { CopyShopCode, PersonalInfoForm } from '../profile';

/** Manager profile: edit own name; see and copy the shop code ('No Shop Data Available' without a shop). */
export default function ManagerProfilePage() {
  const { me } = useAuth();
  const shop = me?.user.shop;
  return (
    <div className="min-h-screen bg-slate-50">
      <ManagerHeader />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="profile.title" />
        </h1>
        <ProfileCard id="personal-title" title={<FormattedMessage id="profile.personal" />}>
          <PersonalInfoForm withExperience={false} />
        </ProfileCard>
        <ProfileCard id="shop-title" title={<FormattedMessage id="profile.shop.yourShop" />}>
          {shop ? (
            <div className="space-y-3">
              <p className="font-semibold">{shop.name}</p>
              <p className="text-sm text-slate-700">
                <FormattedMessage id="profile.shop.codeIntro" />
              </p>
              <CopyShopCode code={shop.shopCode} />
            </div>
          ) : (
            <p className="rounded-xl bg-slate-50 p-4 font-semibold text-slate-800">
              <FormattedMessage id="profile.shop.noData" />
            </p>
          )}
        </ProfileCard>
        <NotificationPreferences />
        <AccountSecuritySection />
      </main>
    </div>
  );
}
