import { Check, History, X } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { JoinRequest } from '../../../domain/contracts/manager';
import { QueryView, Section } from '../../components/section';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/modal';
import { useErrorText } from '../../i18n/i18n-provider';
import { toast } from '../../lib/toast';
import { type Refresh, useJoinRequests, useReviewJoinRequest } from './api';
import { ApprovalHistoryDialog } from './approval-history-dialog';

type Decision = 'approve' | 'reject';

/**
 * Pending requests to join the shop (docs/PRODUCT.md#shops), each approved or rejected behind a
 * confirmation, and the approval history.
 */
export function JoinRequestsSection({ refresh }: { refresh: Refresh }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const requests = useJoinRequests(refresh);
  const review = useReviewJoinRequest();
  const [confirming, setConfirming] = useState<{ request: JoinRequest; decision: Decision } | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  const decide = () => {
    if (!confirming) return;
    const { request, decision } = confirming;
    review.mutate(
      { id: request.id, decision },
      {
        onSuccess: () =>
          toast.success(
            intl.formatMessage(
              { id: decision === 'approve' ? 'manager.requests.approved' : 'manager.requests.rejected' },
              { name: request.technician.fullName },
            ),
          ),
        onError: (error) =>
          toast.error(
            intl.formatMessage(
              { id: decision === 'approve' ? 'manager.requests.approveFailed' : 'manager.requests.rejectFailed' },
              { message: errorText(error) },
            ),
          ),
        onSettled: () => setConfirming(null),
      },
    );
  };

  return (
    <Section
      id="requests-title"
      title={<FormattedMessage id="manager.requests.title" />}
      actions={
        <Button variant="secondary" className="min-h-11" onClick={() => setHistoryOpen(true)}>
          <History className="h-4 w-4" aria-hidden="true" />
          <FormattedMessage id="manager.history.open" />
        </Button>
      }
    >
      <QueryView
        query={requests}
        isEmpty={(list) => list.length === 0}
        empty={<FormattedMessage id="manager.requests.empty" />}
      >
        {(list) => (
          <ul className="divide-y divide-slate-200">
            {list.map((request) => (
              <li key={request.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold">{request.technician.fullName}</p>
                  <p className="text-sm break-all text-slate-700">{request.technician.email}</p>
                  <p className="mt-1 text-sm text-slate-700">
                    <FormattedMessage
                      id="manager.requests.meta"
                      values={{
                        code: request.requestedShopCode,
                        date: intl.formatDate(request.requestedAt, { dateStyle: 'medium', timeStyle: 'short' }),
                      }}
                    />
                  </p>
                  {request.notes && <p className="mt-1 text-sm text-slate-800 italic">{request.notes}</p>}
                </div>
                <div className="flex gap-2">
                  <Button
                    className="min-h-11"
                    aria-label={intl.formatMessage(
                      { id: 'manager.requests.approveLabel' },
                      { name: request.technician.fullName },
                    )}
                    onClick={() => setConfirming({ request, decision: 'approve' })}
                  >
                    <Check className="h-4 w-4" aria-hidden="true" />
                    <FormattedMessage id="manager.requests.approve" />
                  </Button>
                  <Button
                    variant="secondary"
                    className="min-h-11"
                    aria-label={intl.formatMessage(
                      { id: 'manager.requests.rejectLabel' },
                      { name: request.technician.fullName },
                    )}
                    onClick={() => setConfirming({ request, decision: 'reject' })}
                  >
                    <X className="h-4 w-4" aria-hidden="true" />
                    <FormattedMessage id="manager.requests.reject" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !review.isPending && setConfirming(null)}
        title={
          <FormattedMessage
            id={confirming?.decision === 'reject' ? 'manager.requests.rejectTitle' : 'manager.requests.approveTitle'}
            values={{ name: confirming?.request.technician.fullName }}
          />
        }
        message={
          <FormattedMessage
            id={
              confirming?.decision === 'reject' ? 'manager.requests.rejectConfirm' : 'manager.requests.approveConfirm'
            }
          />
        }
        confirmLabel={
          <FormattedMessage
            id={confirming?.decision === 'reject' ? 'manager.requests.reject' : 'manager.requests.approve'}
          />
        }
        cancelLabel={<FormattedMessage id="manager.cancel" />}
        variant={confirming?.decision === 'reject' ? 'danger' : 'primary'}
        pending={review.isPending}
        onConfirm={decide}
      />
      <ApprovalHistoryDialog open={historyOpen} onOpenChange={setHistoryOpen} />
    </Section>
  );
}
