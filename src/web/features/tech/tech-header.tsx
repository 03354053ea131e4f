import { Award, BarChart3, Brain, Trophy, User } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useAuth } from '../../app/auth-context';
import { AppHeader } from '../../components/app-header';
import { SignOutButton } from '../../components/sign-out-button';
import { ButtonLink } from '../../components/ui/button';

export const TECH_SECTIONS = [
  { path: 'profile', label: 'common.tech.profile', icon: User },
  { path: 'mastery', label: 'common.tech.mastery', icon: Brain },
  { path: 'analytics', label: 'common.tech.analytics', icon: BarChart3 },
  { path: 'achievements', label: 'common.tech.achievements', icon: Award },
  { path: 'master-challenge', label: 'common.tech.masterChallenge', icon: Trophy },
] as const;

export function TechHeader() {
  const { me } = useAuth();
  return (
    <AppHeader home="/app" name={me?.user.fullName ?? ''}>
      {TECH_SECTIONS.map((s) => (
        <ButtonLink key={s.path} to={`/app/${s.path}`} variant="ghost" size="sm">
          <s.icon className="h-4 w-4" aria-hidden="true" />
          <FormattedMessage id={s.label} />
        </ButtonLink>
      ))}
      <SignOutButton />
    </AppHeader>
  );
}
