import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { ProfileCard } from '../../components/profile-card';
import { Spinner } from '../../components/ui/spinner';
import { loadNamespaces } from '../../i18n/catalogue-store';

// The section and its words load with the profile, not in its chunk (the route budgets in tests/e2e/route-budget.e2e.ts).
const Section = lazy(async () => {
  const [section] = await Promise.all([
    import('./notification-preferences-section'),
    loadNamespaces(['notifications']),
  ]);
  return section;
});

/** The notification preferences on a profile page; the card shows at once, its switches load. */
export function NotificationPreferences() {
  return (
    <Suspense
      fallback={
        <ProfileCard id="notifications-title" title={<FormattedMessage id="common.notifications.title" />}>
          <Spinner />
        </ProfileCard>
      }
    >
      <Section />
    </Suspense>
  );
}
