import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { calendarDate } from '../../../domain/calendar-day';
import { EARLIEST_OBTAINED_DATE } from '../../../domain/certifications';
import type { Certification } from '../../../domain/contracts/certifications';
import { Button } from '../../components/ui/button';
import { ErrorBox, Field, Input, Select } from '../../components/ui/form';
import { ConfirmDialog } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { useCategoryName } from '../../i18n/category-name';
import { useErrorText, useMessage } from '../../i18n/i18n-provider';
import { useCategories } from '../categories';
import {
  type AddCertificationErrors,
  addCertificationErrors,
  hasAddCertificationErrors,
} from './add-certification-errors';
import { useAddCertification, useDeleteCertification, useMyCertifications, useSetCertificationActive } from './api';
import { day } from './day';
import { MasterStatusNote } from './master-status-note';
import { StatusBand } from './status-band';

const browserToday = () => calendarDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The technician's certifications panel (docs/PRODUCT.md#certification-expiry): the list with status bands, add (categories without an
 * active certification only; the date obtained not in the future), activate/deactivate, delete after a
 * confirmation.
 */
export function CertificationsPanel() {
  const query = useMyCertifications();
  const errorText = useErrorText();
  if (query.isPending) return <Spinner />;
  if (query.error) {
    return (
      <div className="space-y-3">
        <ErrorBox message={errorText(query.error)} />
        <Button variant="secondary" onClick={() => void query.refetch()}>
          <FormattedMessage id="common.tryAgain" />
        </Button>
      </div>
    );
  }
  const { certifications, master } = query.data;
  return (
    <div className="space-y-4">
      <MasterStatusNote master={master} />
      {certifications.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-slate-700">
          <FormattedMessage id="certifications.empty" />
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {certifications.map((c) => (
            <CertificationRow key={c.id} certification={c} />
          ))}
        </ul>
      )}
      <AddCertificationForm held={new Set(certifications.filter((c) => c.isActive).map((c) => c.category.id))} />
    </div>
  );
}

function CertificationRow({ certification: c }: { certification: Certification }) {
  const categoryName = useCategoryName();
  const intl = useIntl();
  const errorText = useErrorText();
  const toggle = useSetCertificationActive();
  const remove = useDeleteCertification();
  const [confirming, setConfirming] = useState(false);
  const name = `${c.category.code} ${categoryName(c.category.code, c.category.name)}`;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{name}</p>
          <p className="text-sm text-slate-700">
            {c.certificationNumber && (
              <>
                <FormattedMessage id="certifications.number" values={{ number: c.certificationNumber }} />
                {' · '}
              </>
            )}
            <FormattedMessage id="certifications.obtained" values={{ date: day(c.obtainedDate) }} />
            {' · '}
            <FormattedMessage id="certifications.expires" values={{ date: day(c.expirationDate) }} />
          </p>
        </div>
        {c.isActive ? (
          <StatusBand band={c.band} daysToExpiry={c.daysToExpiry} />
        ) : (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-700">
            <FormattedMessage id="certifications.inactive" />
          </span>
        )}
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ id: c.id, isActive: !c.isActive })}
          aria-label={intl.formatMessage(
            { id: c.isActive ? 'certifications.deactivateLabel' : 'certifications.activateLabel' },
            { name },
          )}
        >
          <FormattedMessage id={c.isActive ? 'certifications.deactivate' : 'certifications.activate'} />
        </Button>
        <Button
          variant="ghost"
          className="min-h-11 text-red-800"
          onClick={() => setConfirming(true)}
          aria-label={intl.formatMessage({ id: 'certifications.deleteLabel' }, { name })}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          <FormattedMessage id="certifications.delete" />
        </Button>
      </div>
      <ErrorBox message={toggle.error ? errorText(toggle.error) : remove.error ? errorText(remove.error) : null} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={<FormattedMessage id="certifications.deleteTitle" />}
        message={<FormattedMessage id="certifications.deleteConfirm" values={{ name }} />}
        confirmLabel={<FormattedMessage id="certifications.delete" />}
        cancelLabel={<FormattedMessage id="certifications.cancel" />}
        variant="danger"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(c.id, { onSettled: () => setConfirming(false) })}
      />
    </li>
  );
}

function AddCertificationForm({ held }: { held: Set<string> }) {
  const categoryName = useCategoryName();
  const categories = useCategories();
  const add = useAddCertification();
  const intl = useIntl();
  const errorText = useErrorText();
  const [categoryId, setCategoryId] = useState('');
  const [obtainedDate, setObtainedDate] = useState('');
  const [certificationNumber, setCertificationNumber] = useState('');
  // Each error under its own field, marked aria-invalid, and focus on the first; the message for both empty
  // fields once, under the pair, both marked and described by it.
  const [errors, setErrors] = useState<AddCertificationErrors>({});
  const message = useMessage();
  const bothId = useId();
  const both = message(errors.both);
  const pairInvalid = both ? { 'aria-invalid': true, 'aria-describedby': bothId } : {};
  const categoryRef = useRef<HTMLSelectElement>(null);
  const obtainedRef = useRef<HTMLInputElement>(null);
  const available = (categories.data ?? []).filter((c) => !held.has(c.id));
  const today = browserToday();
  if (categories.data && available.length === 0) return null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = addCertificationErrors({ categoryId, obtainedDate, today });
    setErrors(found);
    if (found.both || found.category) return categoryRef.current?.focus();
    if (hasAddCertificationErrors(found)) return obtainedRef.current?.focus();
    add.mutate(
      {
        categoryId,
        obtainedDate,
        ...(certificationNumber.trim() ? { certificationNumber: certificationNumber.trim() } : {}),
      },
      {
        onSuccess: () => {
          setCategoryId('');
          setObtainedDate('');
          setCertificationNumber('');
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="space-y-3 rounded-xl bg-slate-50 p-4"
      aria-labelledby="add-cert-title"
    >
      <h3 id="add-cert-title" className="font-semibold">
        <FormattedMessage id="certifications.add.title" />
      </h3>
      {add.error && (
        <ErrorBox message={intl.formatMessage({ id: 'certifications.addFailed' }, { reason: errorText(add.error) })} />
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={<FormattedMessage id="certifications.add.category" />} error={errors.category}>
          {(a) => (
            <Select
              {...a}
              {...pairInvalid}
              ref={categoryRef}
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
            >
              <option value="">{'—'}</option>
              {available.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.code} {categoryName(c.code, c.name)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={<FormattedMessage id="certifications.add.obtained" />} error={errors.obtained}>
          {(a) => (
            <Input
              {...a}
              {...pairInvalid}
              ref={obtainedRef}
              type="date"
              min={EARLIEST_OBTAINED_DATE}
              max={today}
              value={obtainedDate}
              onChange={(e) => setObtainedDate(e.target.value)}
            />
          )}
        </Field>
        {/* Under the pair: right below the date on a phone, a row of its own under the three fields wider up. */}
        {both && (
          <p id={bothId} className="-mt-2 text-sm font-medium text-red-700 sm:order-last sm:col-span-3 sm:mt-0">
            {both}
          </p>
        )}
        <Field label={<FormattedMessage id="certifications.add.number" />}>
          {(a) => (
            <Input
              {...a}
              maxLength={40}
              value={certificationNumber}
              onChange={(e) => setCertificationNumber(e.target.value)}
            />
          )}
        </Field>
      </div>
      <Button type="submit" disabled={add.isPending} className="min-h-12">
        <FormattedMessage id="certifications.add.submit" />
      </Button>
    </form>
  );
}
