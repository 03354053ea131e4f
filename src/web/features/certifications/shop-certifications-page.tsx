import { ArrowLeft, Award, Download, History, Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { CERTIFICATION_MESSAGES, EARLIEST_OBTAINED_DATE } from '../../../domain/certifications';
import type { ShopCertification, ShopCertifications } from '../../../domain/contracts/certifications';
import { Button, ButtonLink, buttonClass } from '../../components/ui/button';
import { ErrorBox, Field, Input, Select } from '../../components/ui/form';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { useCategoryName } from '../../i18n/category-name';
import { useErrorText, useMessageText } from '../../i18n/i18n-provider';
import { toast } from '../../lib/toast';
import { ManagerHeader } from '../manager/manager-header';
import { QueryView, ScrollTable, Section } from '../manager/section';
import { useCertificationAudit, useEditCertification, useShopCertifications } from './api';
import { ExpiringWidget } from './expiring-widget';
import { StatusBand } from './status-band';

const COLUMNS = [
  'certifications.col.technician',
  'certifications.col.certification',
  'certifications.col.number',
  'certifications.col.obtained',
  'certifications.col.expires',
  'certifications.col.status',
  'certifications.col.actions',
] as const;
const ACTIONS = {
  created: 'certifications.action.created',
  updated: 'certifications.action.updated',
  activated: 'certifications.action.activated',
  deactivated: 'certifications.action.deactivated',
  deleted: 'certifications.action.deleted',
} as const;

const day = (iso: string) => <FormattedDate value={`${iso}T12:00:00Z`} dateStyle="medium" timeZone="UTC" />;

/** Master Automobile Technicians of the shop, and how many of them are at risk (issue 18). */
export function MasterCounts({ masters }: { masters: ShopCertifications['masters'] }) {
  const count = masters.filter((m) => m.master).length;
  const atRisk = masters.filter((m) => m.master && m.atRisk.length > 0);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl bg-blue-50 p-4 text-blue-950 ring-1 ring-blue-200">
      <Award className="h-5 w-5 shrink-0" aria-hidden="true" />
      <p>
        <FormattedMessage id="certifications.shop.masters" values={{ count }} />
        {atRisk.length > 0 && (
          <>
            {' · '}
            <span className="font-semibold">
              <FormattedMessage id="certifications.shop.atRisk" values={{ count: atRisk.length }} />
            </span>
          </>
        )}
      </p>
    </div>
  );
}

/**
 * The certifications manager (SPEC §2): every certification of the shop's technicians, optionally one
 * technician's (`?tech=`), the shop's expiring widget, inline edit, the audit log and the CSV export.
 */
export default function ShopCertificationsPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const techId = params.get('tech');
  const query = useShopCertifications(techId);
  const all = useShopCertifications(null);
  const [auditOf, setAuditOf] = useState<ShopCertification | null>(null);
  const technicians = all.data?.masters ?? [];

  return (
    <div className="min-h-screen bg-slate-50">
      <ManagerHeader />
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
        <ButtonLink to="/manager" variant="ghost" size="sm">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          <FormattedMessage id="common.backToDashboard" />
        </ButtonLink>
        <h1 className="text-2xl font-bold">
          <FormattedMessage id="certifications.shop.title" />
        </h1>
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-full max-w-xs">
            <Field label={<FormattedMessage id="certifications.shop.filter" />}>
              {(a) => (
                <Select
                  {...a}
                  value={techId ?? ''}
                  onChange={(e) => setParams(e.target.value ? { tech: e.target.value } : {})}
                >
                  <option value="">{intl.formatMessage({ id: 'certifications.shop.allTechnicians' })}</option>
                  {technicians.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.fullName}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <a href="/api/v1/manager/certifications.csv" download className={buttonClass('secondary', 'md', 'min-h-12')}>
            <Download className="h-4 w-4" aria-hidden="true" />
            <FormattedMessage id="certifications.shop.csv" />
          </a>
        </div>
        {query.data && (
          <>
            <MasterCounts masters={query.data.masters} />
            <ExpiringWidget items={query.data.expiring} />
          </>
        )}
        <Section id="shop-certs" title={<FormattedMessage id="certifications.title" />}>
          <QueryView
            query={query}
            isEmpty={(d) => d.certifications.length === 0}
            empty={<FormattedMessage id="certifications.shop.empty" />}
          >
            {(data) => (
              <ScrollTable label={intl.formatMessage({ id: 'certifications.title' })}>
                <table className="w-full min-w-[48rem] text-left text-sm">
                  <thead className="text-slate-700">
                    <tr>
                      {COLUMNS.map((c) => (
                        <th key={c} scope="col" className="py-2 pr-3 font-semibold">
                          <FormattedMessage id={c} />
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.certifications.map((c) => (
                      <CertificationRow key={c.id} certification={c} onAudit={() => setAuditOf(c)} />
                    ))}
                  </tbody>
                </table>
              </ScrollTable>
            )}
          </QueryView>
        </Section>
        <AuditDialog certification={auditOf} onClose={() => setAuditOf(null)} />
      </main>
    </div>
  );
}

function CertificationRow({ certification: c, onAudit }: { certification: ShopCertification; onAudit: () => void }) {
  const categoryName = useCategoryName();
  const intl = useIntl();
  const [editing, setEditing] = useState(false);
  const name = `${c.technician.fullName} · ${c.category.code}`;
  if (editing) return <EditRow certification={c} onDone={() => setEditing(false)} />;
  return (
    <tr className="border-t border-slate-200 align-top">
      <th scope="row" className="py-2 pr-3 font-medium">
        {c.technician.fullName}
      </th>
      <td className="py-2 pr-3">
        {c.category.code} {categoryName(c.category.code, c.category.name)}
      </td>
      <td className="py-2 pr-3">
        {c.certificationNumber ?? <FormattedMessage id="certifications.none" />}
        {c.documentUrl && (
          <a href={c.documentUrl} target="_blank" rel="noopener noreferrer" className="ml-2 text-blue-800 underline">
            <FormattedMessage id="certifications.document" />
          </a>
        )}
      </td>
      <td className="py-2 pr-3">{day(c.obtainedDate)}</td>
      <td className="py-2 pr-3">{day(c.expirationDate)}</td>
      <td className="py-2 pr-3">
        {c.isActive ? (
          <StatusBand band={c.band} daysToExpiry={c.daysToExpiry} />
        ) : (
          <FormattedMessage id="certifications.inactive" />
        )}
      </td>
      <td className="py-1">
        <div className="flex gap-1">
          <Button
            variant="ghost"
            className="min-h-11"
            onClick={() => setEditing(true)}
            aria-label={intl.formatMessage({ id: 'certifications.editLabel' }, { name })}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
            <FormattedMessage id="certifications.edit" />
          </Button>
          <Button
            variant="ghost"
            className="min-h-11"
            onClick={onAudit}
            aria-label={intl.formatMessage({ id: 'certifications.historyLabel' }, { name })}
          >
            <History className="h-4 w-4" aria-hidden="true" />
            <FormattedMessage id="certifications.history" />
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** The inline edit (SPEC §5): number and document URL optional (empty → none), obtained date. */
function EditRow({ certification: c, onDone }: { certification: ShopCertification; onDone: () => void }) {
  const categoryName = useCategoryName();
  const messageText = useMessageText();
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
          toast.success(messageText(CERTIFICATION_MESSAGES.updated));
          onDone();
        },
        onError: () => toast.error(messageText(CERTIFICATION_MESSAGES.updateFailed)),
      },
    );
  };
  return (
    <tr className="border-t border-slate-200 bg-blue-50/50">
      <td colSpan={7} className="p-3">
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <p className="font-semibold">
            {c.technician.fullName} · {c.category.code} {categoryName(c.category.code, c.category.name)}
          </p>
          <div className="grid gap-3 sm:grid-cols-3">
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
          </div>
          {edit.error && <EditError error={edit.error} />}
          <div className="flex gap-2">
            <Button type="submit" disabled={edit.isPending} className="min-h-11">
              <FormattedMessage id="certifications.save" />
            </Button>
            <Button variant="secondary" className="min-h-11" onClick={onDone}>
              <FormattedMessage id="certifications.cancel" />
            </Button>
          </div>
        </form>
      </td>
    </tr>
  );
}

function EditError({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return <ErrorBox message={errorText(error)} />;
}

/** A certification's audit log (SPEC §2): action, when, who, notes; newest first; an empty state. */
function AuditDialog({ certification, onClose }: { certification: ShopCertification | null; onClose: () => void }) {
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
