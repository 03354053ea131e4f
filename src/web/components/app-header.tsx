import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LanguageSwitch } from '../i18n/language-switch';
import { Logo } from './ui/logo';

/** The signed-in header: logo, the user's name, and the role's buttons (SPEC §2). */
export function AppHeader({ home, name, children }: { home: string; name: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="flex items-center gap-4">
          <Logo to={home} />
          <span className="hidden text-sm text-slate-700 md:inline">{name}</span>
        </div>
        <nav aria-label={intl.formatMessage({ id: 'common.accountNav' })} className="flex flex-wrap items-center gap-1">
          {children}
          <LanguageSwitch />
        </nav>
      </div>
    </header>
  );
}
