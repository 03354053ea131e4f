import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { useApprovalHistory } from './api';

/** Approval-history modal: approved and rejected requests with technician and reviewer. */
export function ApprovalHistoryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const history = useApprovalHistory(open);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      width="40rem"
      title={<FormattedMessage id="manager.history.title" />}
      closeLabel={intl.formatMessage({ id: 'manager.close' })}
    >
      {history.isPending && <Spinner />}
      {history.error && (
        <div className="space-y-3">
          {/* The load failure's own words, with Try Again. */}
          <ErrorBox message={intl.formatMessage({ id: 'manager.history.loadFailed' })} />
          <Button variant="secondary" className="min-h-11" onClick={() => void history.refetch()}>
            <FormattedMessage id="common.tryAgain" />
          </Button>
        </div>
      )}
      {history.data && history.data.length === 0 && (
        <p className="rounded-xl bg-slate-50 p-4 text-slate-700">
          <FormattedMessage id="manager.history.empty" />
        </p>
      )}
      {history.data && history.data.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {history.data.map((row) => (
            <li key={row.id} className="py-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">{row.technician.fullName}</p>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${row.status === 'approved' ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}
                >
                  <FormattedMessage
                    id={
                      row.cancelledByTechnician
                        ? 'manager.history.cancelled'
                        : row.status === 'approved'
                          ? 'manager.history.approved'
                          : 'manager.history.rejected'
                    }
                  />
                </span>
              </div>
              <p className="text-sm break-all text-slate-700">{row.technician.email}</p>
              <p className="mt-1 text-sm text-slate-700">
                {row.cancelledByTechnician ? (
                  <FormattedMessage
                    id="manager.history.cancelledMeta"
                    values={{ date: row.reviewedAt ? intl.formatDate(row.reviewedAt, { dateStyle: 'medium' }) : '—' }}
                  />
                ) : (
                  <FormattedMessage
                    id="manager.history.reviewedMeta"
                    values={{
                      reviewer: row.reviewer?.fullName ?? '—',
                      date: row.reviewedAt ? intl.formatDate(row.reviewedAt, { dateStyle: 'medium' }) : '—',
                    }}
                  />
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
