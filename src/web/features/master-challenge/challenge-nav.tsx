import { ListOrdered, Trophy } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink } from 'react-router';

const LINKS = [
  { to: '/app/master-challenge', label: 'masterChallenge.nav.challenge', icon: Trophy },
  { to: '/app/leaderboard', label: 'masterChallenge.nav.leaderboard', icon: ListOrdered },
] as const;

/** Links switch between the challenge and the leaderboard. */
export function ChallengeNav() {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'masterChallenge.nav.label' })} className="flex gap-2">
      {LINKS.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end
          className={({ isActive }) =>
            `inline-flex min-h-11 items-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors ${
              isActive ? 'bg-slate-900 text-white' : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100'
            }`
          }
        >
          <link.icon className="h-4 w-4" aria-hidden="true" />
          <FormattedMessage id={link.label} />
        </NavLink>
      ))}
    </nav>
  );
}
