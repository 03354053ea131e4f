import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useFocusReturn } from './focus-return';

/** What opens and closes with focus: `useFocusReturn()`'s handlers, or a dialog's own. */
export type DialogFocus = Partial<Pick<ReturnType<typeof useFocusReturn>, 'onOpenAutoFocus' | 'onCloseAutoFocus'>>;

/** Closes the dialog it is in: wrap a Cancel or Stay button (`asChild`). */
export const DialogClose = Dialog.Close;

/**
 * The frame every dialog of the app shares, on Radix Dialog: the dimmed backdrop, focus held inside and given
 * back to what opened it, Escape and a click outside to close, the title and description that name it for
 * screen readers, and the × button. What differs stays with the caller: the panel's place and size
 * (`className`: centred, or a sheet from the bottom on a phone) and what is inside.
 */
export function DialogFrame({
  open,
  onOpenChange,
  trigger,
  focus,
  className,
  title,
  titleClassName = 'text-lg font-bold',
  description,
  descriptionClassName,
  closeLabel,
  badge,
  children,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens it, when the dialog has one of its own (focus returns to it on close). */
  trigger?: ReactNode;
  /** Focus handling; by default focus returns to whatever had it when the dialog opened. */
  focus?: DialogFocus;
  className: string;
  title: ReactNode;
  titleClassName?: string;
  description: ReactNode;
  /** `sr-only` when the description is for screen readers only. */
  descriptionClassName: string;
  /** With it, the × button (named by it) at the top right. */
  closeLabel?: string;
  /** Beside the × button, above the title (a Premium badge); without it the title stands beside the ×. */
  badge?: ReactNode;
  children: ReactNode;
}) {
  const returnFocus = useFocusReturn();
  const heading = <Dialog.Title className={titleClassName}>{title}</Dialog.Title>;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content {...(focus ?? returnFocus)} className={className}>
          {closeLabel ? (
            <div className={`flex items-start justify-between gap-3 ${badge ? '' : 'mb-3'}`}>
              {badge ?? heading}
              <Dialog.Close asChild>
                <Button variant="ghost" className="-mt-2 -mr-2 h-11 w-11 shrink-0 p-0" aria-label={closeLabel}>
                  <X className="h-5 w-5" aria-hidden="true" />
                </Button>
              </Dialog.Close>
            </div>
          ) : null}
          {(!closeLabel || badge) && heading}
          <Dialog.Description className={descriptionClassName}>{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
