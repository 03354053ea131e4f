import * as Dialog from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { LanguageSwitch } from '../i18n/language-switch';
import { Logo } from './ui/logo';

/**
 * The signed-in header: on a desktop the logo, the user's name and the role's buttons (SPEC §2) in one
 * row; on a phone a slim bar with the logo and an account menu that holds the same buttons, by the same
 * labels (issue 22). `tools` sit in the bar on every width. `wide` lines the bar up with pages whose tables
 * use the wider column (the manager's).
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
  const { pathname } = useLocation();
  // A link in the menu closes it when it navigates; focus then goes to the new page's heading, not back here.
  const navigated = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    navigated.current = true;
    setOpen(false);
  }, [pathname]);

  return (
    <header className="border-b border-slate-200 bg-white">
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
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Trigger asChild>
              <button
                type="button"
                className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-800 hover:bg-slate-100 lg:hidden"
              >
                <Menu className="h-5 w-5" aria-hidden="true" />
                <FormattedMessage id="common.accountMenu" />
              </button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
              <Dialog.Content
                onOpenAutoFocus={() => {
                  navigated.current = false;
                }}
                onCloseAutoFocus={(event) => {
                  if (navigated.current) event.preventDefault();
                }}
                className="fixed inset-x-0 top-0 z-50 max-h-[100dvh] overflow-y-auto rounded-b-2xl bg-white p-4 shadow-xl focus:outline-none"
              >
                <div className="flex items-center justify-between gap-3">
                  <div className="min-w-0">
                    <Dialog.Title className="text-lg font-bold">
                      <FormattedMessage id="common.accountNav" />
                    </Dialog.Title>
                    <Dialog.Description className="truncate text-sm text-slate-700">{name}</Dialog.Description>
                  </div>
                  <Dialog.Close asChild>
                    <button
                      type="button"
                      aria-label={intl.formatMessage({ id: 'common.close' })}
                      className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
                    >
                      <X className="h-5 w-5" aria-hidden="true" />
                    </button>
                  </Dialog.Close>
                </div>
                <nav
                  aria-label={intl.formatMessage({ id: 'common.accountNav' })}
                  className="mt-4 flex flex-col gap-2 *:w-full *:justify-start"
                >
                  {children}
                </nav>
                <LanguageSwitch className="mt-4 *:w-full" />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
      </div>
    </header>
  );
}
