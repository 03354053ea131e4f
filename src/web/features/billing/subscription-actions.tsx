import * as Dialog from '@radix-ui/react-dialog';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SUPPORT_EMAIL } from '../../../domain/billing';
import type { BillingPortalResponse } from '../../../domain/contracts/billing';
import { Button } from '../../components/ui/button';
import { useErrorText } from '../../i18n/i18n-provider';
import { toast } from '../../lib/toast';

/**
 * Manage Billing (a billing portal, or how to reach support) and, when the subscription may be
 * cancelled here, Cancel Subscription behind a confirmation; for the shop plan and the
 * personal subscription alike. Its words are in the `billing` namespace: every page that shows it loads it.
 */
export function SubscriptionActions({
  portal,
  cancel,
  cancellable,
  cancelledMessage,
  confirmNote,
}: {
  portal: UseMutationResult<BillingPortalResponse, Error, void>;
  cancel: UseMutationResult<unknown, Error, void>;
  cancellable: boolean;
  cancelledMessage: string;
  /** What cancelling means here, said under the confirmation (a shop's free trial: it ends now, never charged). */
  confirmNote?: string;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  // The note's message id: the portal answer's, or the same note when the call failed.
  const [billingNote, setBillingNote] = useState<string | null>(null);

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(cancelledMessage);
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(intl.formatMessage({ id: 'billing.actions.cancelError' }, { reason: errorText(error) }));
      },
    });

  const onManage = () =>
    portal.mutate(undefined, {
      onSuccess: (result) => {
        if (result.url) window.location.assign(result.url);
        else setBillingNote(result.key);
      },
      onError: () => setBillingNote('messages.billing.manageBilling'),
    });

  return (
    <>
      <div className="mt-5 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onManage} disabled={portal.isPending}>
          <FormattedMessage id={portal.isPending ? 'billing.actions.opening' : 'billing.actions.manage'} />
        </Button>
        {cancellable && (
          <Dialog.Root open={confirming} onOpenChange={setConfirming}>
            <Dialog.Trigger asChild>
              <Button variant="danger">
                <FormattedMessage id="billing.actions.cancel" />
              </Button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 bg-slate-900/50" />
              <Dialog.Content className="fixed top-1/2 left-1/2 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
                <Dialog.Title className="text-lg font-bold">
                  <FormattedMessage id="billing.actions.confirmTitle" />
                </Dialog.Title>
                <Dialog.Description className="mt-2 text-slate-700">
                  <FormattedMessage id="messages.billing.cancelConfirm" />
                  {confirmNote && <span className="mt-2 block">{confirmNote}</span>}
                </Dialog.Description>
                <div className="mt-6 flex flex-wrap justify-end gap-2">
                  <Dialog.Close asChild>
                    <Button variant="secondary">
                      <FormattedMessage id="billing.actions.keep" />
                    </Button>
                  </Dialog.Close>
                  <Button variant="danger" onClick={onCancel} disabled={cancel.isPending}>
                    <FormattedMessage id={cancel.isPending ? 'billing.actions.cancelling' : 'billing.actions.yes'} />
                  </Button>
                </div>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        )}
      </div>
      {billingNote && <BillingNote id={billingNote} />}
    </>
  );
}

/** The support note in the reader's language, its `{email}` a mailto: link. */
function BillingNote({ id }: { id: string }) {
  const email = (
    <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-blue-900 underline">
      {SUPPORT_EMAIL}
    </a>
  );
  return (
    <p role="status" className="mt-4 rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
      <FormattedMessage id={id} values={{ email }} />
    </p>
  );
}
