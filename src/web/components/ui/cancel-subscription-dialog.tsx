import * as Dialog from '@radix-ui/react-dialog';
import { BILLING_MESSAGES } from '../../../domain/contracts/billing';
import { Button } from './button';

/**
 * The Cancel Subscription button and its confirmation (SPEC §5: 'Are you sure you want to cancel
 * your subscription?'), for the shop plan and the personal subscription alike.
 */
export function CancelSubscriptionDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button variant="danger">Cancel Subscription</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-bold">Cancel subscription</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">{BILLING_MESSAGES.cancelConfirm}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">Keep Subscription</Button>
            </Dialog.Close>
            <Button variant="danger" onClick={onConfirm} disabled={pending}>
              {pending ? 'Cancelling…' : 'Yes, Cancel'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
