import { FormattedMessage } from 'react-intl';
import { ManagerHeader } from '../manager/manager-header';
import { AccountSecuritySection } from './account-security-section';

/** The manager's Profile (header link): for now its account security; issue 15 builds the rest around it. */
export default function ManagerProfilePage() {
  return (
    <div className="min-h-screen bg-slate-50">
      <ManagerHeader />
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="common.manager.profile" />
        </h1>
        <AccountSecuritySection />
      </main>
    </div>
  );
}
