import { FormattedMessage } from 'react-intl';
import { useAuth } from '../../app/auth-context';
import { ManagerHeader } from '../../components/manager-header';
import { TechHeader } from '../../components/tech-header';
import { NotificationList } from './notification-list';

/** The notification centre as a page: where the phone menu's entry leads (/app/notifications, /manager/notifications). */
export default function NotificationsPage() {
  const { me } = useAuth();
  const manager = me?.user.role === 'manager';
  return (
    <div className="min-h-screen bg-slate-50 pb-24 lg:pb-0">
      {manager ? <ManagerHeader /> : <TechHeader />}
      <main className="mx-auto max-w-2xl px-4 py-8">
        <h1 className="mb-4 text-2xl font-bold">
          <FormattedMessage id="notifications.title" />
        </h1>
        <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <NotificationList home={manager ? '/manager' : '/app'} />
        </section>
      </main>
    </div>
  );
}
