import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { CSSProperties, ReactNode } from 'react';
import { Button } from './button';
import { useFocusReturn } from './focus-return';

const overlay = 'fixed inset-0 z-40 bg-slate-900/50';
const panel =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(var(--modal-width),calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none';
/** Below 640 px a sheet along the bottom edge, the full width, its actions within thumb reach. */
const sheetPanel =
  'fixed inset-x-0 bottom-0 z-50 max-h-[calc(100dvh-1rem)] overflow-y-auto rounded-t-2xl bg-white p-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[calc(100dvh-2rem)] sm:w-[min(var(--modal-width),calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6';

/**
 * A dialog with a title, an optional description and a close button (Radix: focus trap, Escape,
 * focus returns to the opener). Texts come in translated. `sheet`: on a phone it rises from the bottom.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  width = '32rem',
  sheet = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  closeLabel: string;
  width?: string;
  sheet?: boolean;
  children: ReactNode;
}) {
  const returnFocus = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          {...returnFocus}
          className={sheet ? sheetPanel : panel}
          style={{ '--modal-width': width } as CSSProperties}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" className="-mt-2 -mr-2 h-11 w-11 p-0" aria-label={closeLabel}>
                <X className="h-5 w-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="mt-2 text-slate-700">{description}</Dialog.Description>}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Confirmations as an accessible dialog (alertdialog semantics via Radix Dialog). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending,
  variant = 'primary',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm: () => void;
  pending?: boolean;
  variant?: 'primary' | 'danger';
}) {
  const returnFocus = useFocusReturn();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          {...returnFocus}
          role="alertdialog"
          className={panel}
          style={{ '--modal-width': '28rem' } as CSSProperties}
        >
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">{message}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary" className="min-h-11">
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Button variant={variant} className="min-h-11" onClick={onConfirm} disabled={pending}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
