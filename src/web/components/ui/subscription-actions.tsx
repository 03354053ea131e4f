import * as Dialog from '@radix-ui/react-dialog';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { BILLING_MESSAGES, type BillingPortalResponse } from '../../../domain/contracts/billing';
import { useMessageText } from '../../i18n/i18n-provider';
import { errorMessage } from '../../lib/api-client';
import { Button } from './button';

/**
 * Manage Billing (a billing portal, or how to reach support) and, when the subscription may be
 * cancelled here, Cancel Subscription behind the SPEC §5 confirmation; for the shop plan and the
 * personal subscription alike.
 */
export function SubscriptionActions({
  portal,
  cancel,
  cancellable,
  cancelledMessage,
}: {
  portal: UseMutationResult<BillingPortalResponse, Error, void>;
  cancel: UseMutationResult<unknown, Error, void>;
  cancellable: boolean;
  cancelledMessage: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const [billingNote, setBillingNote] = useState<string | null>(null);
  const messageText = useMessageText();

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(cancelledMessage);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(`Error cancelling subscription: ${errorMessage(error)}`);
      },
    });

  const onManage = () =>
    portal.mutate(undefined, {
      onSuccess: (result) => {
        if (result.url) window.location.assign(result.url);
        else setBillingNote(result.message);
      },
      onError: () => setBillingNote(BILLING_MESSAGES.manageBilling),
    });

  return (
    <>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onManage} disabled={portal.isPending}>
          {portal.isPending ? 'Opening…' : 'Manage Billing'}
        </Button>
        {cancellable && (
          <Dialog.Root open={confirming} onOpenChange={setConfirming}>
            <Dialog.Trigger asChild>
              <Button variant="danger">Cancel Subscription</Button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 bg-slate-900/50" />
              <Dialog.Content className="fixed top-1/2 left-1/2 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
                <Dialog.Title className="text-lg font-bold">Cancel subscription</Dialog.Title>
                <Dialog.Description className="mt-2 text-slate-700">
                  {BILLING_MESSAGES.cancelConfirm}
                </Dialog.Description>
                <div className="mt-6 flex flex-wrap justify-end gap-2">
                  <Dialog.Close asChild>
                    <Button variant="secondary">Keep Subscription</Button>
                  </Dialog.Close>
                  <Button variant="danger" onClick={onCancel} disabled={cancel.isPending}>
                    {cancel.isPending ? 'Cancelling…' : 'Yes, Cancel'}
                  </Button>
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        )}
      </div>
      {billingNote && (
        <p role="status" className="mt-4 rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
          {withMailLinks(messageText(billingNote) ?? billingNote)}
        </p>
      )}
    </>
  );
}

/** The note's e-mail addresses (the support address) as mailto: links, so a tap opens the mail app. */
function withMailLinks(text: string) {
  return text.split(/([\w.+-]+@[\w-]+\.[\w.-]*\w)/).map((part, i) =>
    i % 2 === 1 ? (
      <a key={part} href={`mailto:${part}`} className="font-semibold underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
