import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EARLIEST_OBTAINED_DATE } from '../../../domain/certifications';
import type { ShopCertification } from '../../../domain/contracts/certifications';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Input } from '../../components/ui/form';
import { Modal } from '../../components/ui/modal';
import { useCategoryName } from '../../i18n/category-name';
import { useErrorText } from '../../i18n/i18n-provider';
import { toast } from '../../lib/toast';
import { useEditCertification } from './api';

/**
 * The manager's edit of a certification (number and document URL optional, empty → none; the
 * obtained date). A sheet from the bottom on a phone with Save in reach, a dialog on a wider screen
 * (the inline row was 777 px wide in a 311 px box, its Save off-screen).
 */
export function EditCertificationSheet({
  certification,
  onClose,
}: {
  certification: ShopCertification | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Modal
      open={certification !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<FormattedMessage id="certifications.editTitle" />}
      closeLabel={intl.formatMessage({ id: 'certifications.close' })}
      width="36rem"
      sheet
    >
      {certification && <EditForm key={certification.id} certification={certification} onDone={onClose} />}
    </Modal>
  );
}

function EditForm({ certification: c, onDone }: { certification: ShopCertification; onDone: () => void }) {
  const intl = useIntl();
  const categoryName = useCategoryName();
  const errorText = useErrorText();
  const edit = useEditCertification();
  const [number, setNumber] = useState(c.certificationNumber ?? '');
  const [url, setUrl] = useState(c.documentUrl ?? '');
  const [obtained, setObtained] = useState(c.obtainedDate);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate(
      { id: c.id, certificationNumber: number, documentUrl: url, obtainedDate: obtained },
      {
        onSuccess: () => {
          toast.success(intl.formatMessage({ id: 'messages.certifications.updated' }));
          onDone();
        },
        onError: () => toast.error(intl.formatMessage({ id: 'messages.certifications.updateFailed' })),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="font-semibold">
        {c.technician.fullName} · {c.category.code} {categoryName(c.category.code, c.category.name)}
      </p>
      <Field label={<FormattedMessage id="certifications.add.number" />}>
        {(a) => <Input {...a} maxLength={40} value={number} onChange={(e) => setNumber(e.target.value)} />}
      </Field>
      <Field label={<FormattedMessage id="certifications.documentUrl" />}>
        {(a) => <Input {...a} type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} />}
      </Field>
      <Field label={<FormattedMessage id="certifications.add.obtained" />}>
        {(a) => (
          <Input
            {...a}
            type="date"
            min={EARLIEST_OBTAINED_DATE}
            value={obtained}
            onChange={(e) => setObtained(e.target.value)}
          />
        )}
      </Field>
      {edit.error && <ErrorBox message={errorText(edit.error)} />}
      {/* Kept in view while the fields scroll under it (a phone's keyboard takes half the screen). */}
      <div className="sticky bottom-0 -mx-4 grid grid-cols-2 gap-2 border-t border-slate-200 bg-white px-4 pt-3 sm:static sm:mx-0 sm:flex sm:justify-end sm:border-0 sm:px-0">
        <Button variant="secondary" onClick={onDone}>
          <FormattedMessage id="certifications.cancel" />
        </Button>
        <Button type="submit" disabled={edit.isPending}>
          <FormattedMessage id="certifications.save" />
        </Button>
      </div>
    </form>
  );
}
