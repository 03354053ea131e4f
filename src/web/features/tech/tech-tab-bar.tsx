import { BookOpen, ClipboardCheck, Home, TrendingUp } from 'lucide-react';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';

const TABS = [
  { to: '/app', label: 'common.tabs.home', icon: Home, match: (p: string) => p === '/app' },
  {
    to: '/app/practice',
    label: 'common.tabs.practice',
    icon: ClipboardCheck,
    match: (p: string) => p.startsWith('/app/practice') || p.startsWith('/app/exams') || p.startsWith('/app/tests'),
  },
  { to: '/app/study', label: 'common.tabs.study', icon: BookOpen, match: (p: string) => p.startsWith('/app/study') },
  {
    to: '/app/progress',
    label: 'common.tabs.progress',
    icon: TrendingUp,
    match: (p: string) =>
      ['/app/progress', '/app/mastery', '/app/analytics', '/app/achievements', '/app/master-challenge'].some((s) =>
        p.startsWith(s),
      ) || p.startsWith('/app/leaderboard'),
  },
] as const;

/**
 * The phone's bottom tab bar (issue 22): Home · Practice · Study · Progress, the current tab marked
 * with aria-current. Hidden on a desktop, where the header carries the navigation.
 */
export function TechTabBar() {
  const intl = useIntl();
  const { pathname } = useLocation();
  // Page content must not hide behind the bar: the body makes room for it while it is shown.
  useEffect(() => {
    document.body.classList.add('has-tab-bar');
    return () => document.body.classList.remove('has-tab-bar');
  }, []);
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'common.tabs.label' })}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-4">
        {TABS.map((tab) => {
          const current = tab.match(pathname);
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={current ? 'page' : undefined}
                className={`flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-semibold ${
                  current ? 'text-blue-800' : 'text-slate-700 hover:text-slate-900'
                }`}
              >
                <tab.icon className={`h-6 w-6 ${current ? 'stroke-[2.5]' : ''}`} aria-hidden="true" />
                <FormattedMessage id={tab.label} />
                <span
                  aria-hidden="true"
                  className={`mt-0.5 h-1 w-8 rounded-full ${current ? 'bg-blue-700' : 'bg-transparent'}`}
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
