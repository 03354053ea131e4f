import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { NotificationsMenuLink } from '../features/notifications';
import { LanguageSwitch } from '../i18n/language-switch';

/**
 * The phone's account menu: the header's buttons, by the same labels, in a sheet from the top.
 * Loaded when first opened or once the page is idle (app-header.tsx), so Radix's dialog is not in the chunk of
 * every signed-in page.
 */
export default function AccountMenuDialog({
  name,
  home,
  children,
  open,
  onOpenChange,
  onClosed,
}: {
  name: string;
  /** The role's home: the menu's Notifications entry leads to its notification centre. */
  home: string;
  children: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the menu closed, to put focus where it belongs (Radix's own return needs its trigger). */
  onClosed: () => void;
}) {
  const intl = useIntl();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
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
            {(home === '/app' || home === '/manager') && <NotificationsMenuLink home={home} />}
            {children}
          </nav>
          <LanguageSwitch className="mt-4 *:w-full" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
