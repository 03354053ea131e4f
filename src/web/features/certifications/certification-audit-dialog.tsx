import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { ShopCertification } from '../../../domain/contracts/certifications';
import { ErrorBox } from '../../components/ui/form';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { useCategoryName } from '../../i18n/category-name';
import { useErrorText } from '../../i18n/i18n-provider';
import { useCertificationAudit } from './api';

const ACTIONS = {
  created: 'certifications.action.created',
  updated: 'certifications.action.updated',
  activated: 'certifications.action.activated',
  deactivated: 'certifications.action.deactivated',
  deleted: 'certifications.action.deleted',
} as const;

/** What the audit log names: a certification of the shop, or one its technician deleted (ADR 0037). */
export type AuditSubject = Pick<ShopCertification, 'id' | 'technician' | 'category'>;

/** A certification's audit log: action, when, who, notes; newest first; an empty state. */
export function CertificationAuditDialog({
  certification,
  onClose,
}: {
  certification: AuditSubject | null;
  onClose: () => void;
}) {
  const categoryName = useCategoryName();
  const intl = useIntl();
  const audit = useCertificationAudit(certification?.id ?? null);
  const errorText = useErrorText();
  return (
    <Modal
      open={certification !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<FormattedMessage id="certifications.history.title" />}
      closeLabel={intl.formatMessage({ id: 'certifications.close' })}
      width="36rem"
      sheet
    >
      {certification && (
        <p className="mb-3 text-slate-700">
          {certification.technician.fullName} · {certification.category.code}{' '}
          {categoryName(certification.category.code, certification.category.name)}
        </p>
      )}
      {audit.isPending && <Spinner />}
      {audit.error && <ErrorBox message={errorText(audit.error)} />}
      {audit.data && audit.data.entries.length === 0 && (
        <p className="text-slate-700">
          <FormattedMessage id="certifications.history.empty" />
        </p>
      )}
      {audit.data && audit.data.entries.length > 0 && (
        <ol className="space-y-2">
          {audit.data.entries.map((e) => (
            <li key={e.id} className="rounded-lg bg-slate-50 p-3 text-sm">
              <p className="font-semibold">
                <FormattedMessage id={ACTIONS[e.action]} />
              </p>
              <p className="text-slate-700">
                <FormattedDate value={e.createdAt} dateStyle="medium" timeStyle="short" />
                {' · '}
                {e.actorName ?? intl.formatMessage({ id: 'certifications.unknownUser' })}
              </p>
              {e.notes && <p className="mt-1">{e.notes}</p>}
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
