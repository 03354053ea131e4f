import { Menu } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { LanguageSwitch } from '../i18n/language-switch';
import { useDeferredModule } from '../lib/use-deferred-module';
import { Logo } from './ui/logo';

const loadAccountMenu = () => import('./account-menu-dialog');
/** The phone menu's code loads this long after the header mounts, or at once when the menu is opened. */
const PRELOAD_MENU_AFTER_MS = 2000;

/**
 * The signed-in header: on a desktop the logo, the user's name and the role's buttons in one
 * row; on a phone a slim bar with the logo and an account menu that holds the same buttons, by the same
 * labels (the menu's code loads on first use or when the page is idle). `tools` sit in the bar on
 * every width. `wide` lines the bar up with pages whose tables use the wider column (the manager's).
 */
export function AppHeader({
  home,
  name,
  children,
  tools,
  wide = false,
}: {
  home: string;
  name: string;
  children: ReactNode;
  tools?: ReactNode;
  wide?: boolean;
}) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so Radix sees it close (focus, presence) like any dialog.
  const [menuUsed, setMenuUsed] = useState(false);
  const { pathname } = useLocation();
  // A link in the menu closes it when it navigates; focus then goes to the new page's heading, not back here.
  const navigated = useRef(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    navigated.current = true;
    setOpen(false);
  }, [pathname]);
  // Preloaded only where the menu button shows (below Tailwind's lg, 64rem); loaded at once when opened.
  const [phoneWidth] = useState(
    () => typeof window !== 'undefined' && window.matchMedia('(max-width: 63.99rem)').matches,
  );
  const { module: menu, failed: menuFailed } = useDeferredModule(
    loadAccountMenu,
    phoneWidth ? PRELOAD_MENU_AFTER_MS : null,
    menuUsed,
  );

  return (
    <header className="relative border-b border-slate-200 bg-white">
      <div
        className={`mx-auto flex h-14 items-center justify-between gap-3 px-4 lg:h-16 ${wide ? 'max-w-7xl' : 'max-w-6xl'}`}
      >
        <div className="flex min-w-0 items-center gap-4">
          <Logo to={home} />
          <span className="hidden truncate text-sm text-slate-700 xl:inline">{name}</span>
        </div>
        <div className="flex items-center gap-2">
          {tools}
          <nav
            aria-label={intl.formatMessage({ id: 'common.accountNav' })}
            className="hidden items-center gap-1 lg:flex"
          >
            {children}
            <LanguageSwitch />
          </nav>
          <button
            ref={menuButton}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open && (menu !== null || menuFailed)}
            onClick={() => {
              navigated.current = false;
              setMenuUsed(true);
              // Without its dialog (its file could not load) the menu opens and closes as a plain panel.
              setOpen((wasOpen) => (menuFailed ? !wasOpen : true));
            }}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 lg:hidden"
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
            <FormattedMessage id="common.accountMenu" />
          </button>
          {menuUsed && menu && (
            <menu.default
              name={name}
              home={home}
              open={open}
              onOpenChange={setOpen}
              onClosed={() => {
                // After a link navigated, focus goes to the new page's heading (RouteFocus), not back here.
                if (!navigated.current) menuButton.current?.focus();
              }}
            >
              {children}
            </menu.default>
          )}
          {open && !menu && menuFailed && (
            <nav
              aria-label={intl.formatMessage({ id: 'common.accountNav' })}
              className="absolute inset-x-0 top-full z-50 flex flex-col gap-2 border-b border-slate-200 bg-white p-4 shadow-lg lg:hidden *:w-full *:justify-start"
            >
              {children}
              <LanguageSwitch className="*:w-full" />
            </nav>
          )}
        </div>
      </div>
    </header>
  );
}
