import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { DialogClose, type DialogFocus, DialogFrame } from '../../components/ui/dialog-frame';

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
  focus: DialogFocus;
  isExam: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      focus={focus}
      className="fixed inset-x-0 bottom-0 z-50 max-h-[88dvh] overflow-y-auto rounded-t-2xl bg-white p-4 pb-0 shadow-xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[32rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
      title={<FormattedMessage id={isExam ? 'practice.nav.titleExam' : 'practice.nav.title'} />}
      description={<FormattedMessage id="practice.nav.description" />}
      descriptionClassName="sr-only"
      closeLabel={intl.formatMessage({ id: 'common.close' })}
    >
      {children}
    </DialogFrame>
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
  focus: DialogFocus;
  title: ReactNode;
  body: ReactNode;
  stay: ReactNode;
  action: ReactNode;
}) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      focus={focus}
      className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
      title={title}
      description={body}
      descriptionClassName="mt-2 text-slate-800"
    >
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">{stay}</Button>
        </DialogClose>
        {action}
      </div>
    </DialogFrame>
  );
}
