import { Award, BarChart3, Brain, Trophy, User } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useAuth } from '../app/auth-context';
import { NotificationBell } from '../features/notifications';
import { AppHeader } from './app-header';
import { SignOutButton } from './sign-out-button';
import { TechTabBar } from './tech-tab-bar';
import { ButtonLink } from './ui/button';

/** The header's destinations, each at /app/<path>. */
export const TECH_SECTIONS = [
  { path: 'profile', label: 'common.tech.profile', icon: User },
  { path: 'mastery', label: 'common.tech.mastery', icon: Brain },
  { path: 'analytics', label: 'common.tech.analytics', icon: BarChart3 },
  { path: 'achievements', label: 'common.tech.achievements', icon: Award },
  { path: 'master-challenge', label: 'common.tech.masterChallenge', icon: Trophy },
] as const;

/**
 * Every technician page's header: the dashboard's buttons on a desktop, a slim bar with the account menu on a
 * phone, plus Home · Practice · Study · Progress: the bottom tab bar on a phone unless the page has its own
 * bottom bar (`tabs={false}`: study guide; tests use their own focus bar instead of this header), and a row
 * under the header on a desktop.
 */
export function TechHeader({ tabs = true }: { tabs?: boolean }) {
  const { me } = useAuth();
  return (
    <>
      <AppHeader home="/app" name={me?.user.fullName ?? ''} tools={<NotificationBell home="/app" />}>
        {TECH_SECTIONS.map((s) => (
          <ButtonLink key={s.path} to={`/app/${s.path}`} variant="ghost" size="sm" className="px-3 lg:px-2.5">
            {/* Icons only where the row has room for them (the phone menu always has room). */}
            <s.icon className="h-4 w-4 lg:hidden 2xl:block" aria-hidden="true" />
            <FormattedMessage id={s.label} />
          </ButtonLink>
        ))}
        <SignOutButton />
      </AppHeader>
      <TechTabBar phone={tabs} />
    </>
  );
}
