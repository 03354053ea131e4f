import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFocusReturn } from '../../components/ui/focus-return';
import { NotificationList } from './notification-list';

/**
 * The notification centre in a panel: a sheet from the top on a phone, a panel under the bell on a
 * desktop. Radix's dialog traps focus, closes on Escape or outside, and focus returns to the bell. Loaded with
 * its words when the bell is first pressed (notification-bell.tsx).
 */
export default function NotificationPanel({
  open,
  onOpenChange,
  home,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  home: '/app' | '/manager';
}) {
  const intl = useIntl();
  const returnFocus = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:bg-slate-900/15" />
        <Dialog.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed inset-x-0 top-0 z-50 max-h-[100dvh] overflow-y-auto rounded-b-2xl bg-white p-4 shadow-xl focus:outline-none lg:inset-x-auto lg:top-16 lg:right-4 lg:max-h-[calc(100dvh-5rem)] lg:w-[26rem] lg:rounded-2xl lg:ring-1 lg:ring-slate-200"
        >
          <div className="mb-2 flex items-center justify-between gap-3">
            <Dialog.Title className="text-lg font-bold">
              <FormattedMessage id="notifications.title" />
            </Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label={intl.formatMessage({ id: 'common.close' })}
                className="-mr-2 inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>
          <NotificationList home={home} onOpen={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
