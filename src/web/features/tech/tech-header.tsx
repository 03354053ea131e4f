import { Award, BarChart3, Brain, Trophy, User } from 'lucide-react';
import { useAuth } from '../../app/auth-context';
import { AppHeader } from '../../components/app-header';
import { SignOutButton } from '../../components/sign-out-button';
import { ButtonLink } from '../../components/ui/button';

export const TECH_SECTIONS = [
  { path: 'profile', label: 'Profile', icon: User },
  { path: 'mastery', label: 'My Mastery', icon: Brain },
  { path: 'analytics', label: 'Analytics', icon: BarChart3 },
  { path: 'achievements', label: 'Achievements', icon: Award },
  { path: 'master-challenge', label: 'Master Challenge', icon: Trophy },
] as const;

export function TechHeader() {
  const { me } = useAuth();
  return (
    <AppHeader home="/app" name={me?.user.fullName ?? ''}>
      {TECH_SECTIONS.map((s) => (
        <ButtonLink key={s.path} to={`/app/${s.path}`} variant="ghost" size="sm">
          <s.icon className="h-4 w-4" aria-hidden="true" />
          {s.label}
        </ButtonLink>
      ))}
      <SignOutButton />
    </AppHeader>
  );
}
