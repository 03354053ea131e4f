import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import type { useFocusReturn } from '../../components/ui/focus-return';

type FocusReturn = ReturnType<typeof useFocusReturn>;

const overlay = 'fixed inset-0 z-40 bg-slate-900/50';

/** The question grid as a sheet from the bottom on a phone (centred from sm up), with Review flagged and Submit. */
export function NavigatorSheet({
  open,
  onOpenChange,
  focus,
  isExam,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focus: FocusReturn;
  isExam: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          {...focus}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[88dvh] overflow-y-auto rounded-t-2xl bg-white p-4 pb-0 shadow-xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[32rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
        >
          <div className="mb-3 flex items-center justify-between gap-3">
            <Dialog.Title className="text-lg font-bold">
              <FormattedMessage id={isExam ? 'practice.nav.titleExam' : 'practice.nav.title'} />
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button
                variant="ghost"
                size="sm"
                className="w-11 px-0"
                aria-label={intl.formatMessage({ id: 'common.close' })}
              >
                <X className="h-6 w-6" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            <FormattedMessage id="practice.nav.description" />
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A question before a step that ends the work on screen (submit the exam, leave the test): Stay or Keep working
 * closes it, the action goes ahead. A plain dialog (not alertdialog), as the journeys find it by its title.
 */
export function RunnerQuestion({
  open,
  onOpenChange,
  focus,
  title,
  body,
  stay,
  action,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  focus: FocusReturn;
  title: ReactNode;
  body: ReactNode;
  stay: ReactNode;
  action: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content
          {...focus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-800">{body}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Dialog.Close asChild>
              <Button variant="secondary">{stay}</Button>
            </Dialog.Close>
            {action}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
