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
 * Home · Practice · Study · Progress, the current tab marked with aria-current: the phone's bottom tab bar,
 * and on a desktop the same four as a row under the header. `phone={false}`: the page
 * has its own bottom bar, so only the desktop row is shown.
 */
export function TechTabBar({ phone = true }: { phone?: boolean }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  // Page content must not hide behind the bar: the body makes room for it while it is shown.
  useEffect(() => {
    if (!phone) return;
    document.body.classList.add('has-tab-bar');
    return () => document.body.classList.remove('has-tab-bar');
  }, [phone]);
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'common.tabs.label' })}
      className={`${phone ? 'fixed' : 'hidden'} inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:static lg:block lg:border-t-0 lg:border-b lg:pb-0`}
    >
      <ul className="mx-auto grid max-w-lg grid-cols-4 lg:flex lg:max-w-6xl lg:gap-1 lg:px-4">
        {TABS.map((tab) => {
          const current = tab.match(pathname);
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={current ? 'page' : undefined}
                className={`flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-semibold lg:min-h-12 lg:flex-row lg:gap-2 lg:border-b-[3px] lg:px-3 lg:text-sm ${
                  current
                    ? 'text-blue-800 lg:border-blue-700'
                    : 'text-slate-700 hover:text-slate-900 lg:border-transparent'
                }`}
              >
                <tab.icon className={`h-6 w-6 lg:h-5 lg:w-5 ${current ? 'stroke-[2.5]' : ''}`} aria-hidden="true" />
                <FormattedMessage id={tab.label} />
                <span
                  aria-hidden="true"
                  className={`mt-0.5 h-1 w-8 rounded-full lg:hidden ${current ? 'bg-blue-700' : 'bg-transparent'}`}
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
