import { ArrowLeft, Award, Download } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { ShopCertification, ShopCertifications } from '../../../domain/contracts/certifications';
import { ManagerHeader } from '../../components/manager-header';
import { QueryView, Section } from '../../components/section';
import { ButtonLink, buttonClass } from '../../components/ui/button';
import { Field, Select } from '../../components/ui/form';
import { useShopCertifications } from './api';
import { type AuditSubject, CertificationAuditDialog } from './certification-audit-dialog';
import { DeletedCertificationList } from './deleted-certification-list';
import { EditCertificationSheet } from './edit-certification-sheet';
import { ExpiringWidget } from './expiring-widget';
import { ShopCertificationList } from './shop-certification-list';

/** Master Automobile Technicians of the shop, and how many of them are at risk. */
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
 * The certifications manager: every certification of the shop's technicians, optionally one
 * technician's (`?tech=`), the shop's expiring widget, edit (a sheet on a phone), the audit log and the CSV export.
 */
export default function ShopCertificationsPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const techId = params.get('tech');
  const query = useShopCertifications(techId);
  const all = useShopCertifications(null);
  const [auditOf, setAuditOf] = useState<AuditSubject | null>(null);
  const [editing, setEditing] = useState<ShopCertification | null>(null);
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
              <ShopCertificationList certifications={data.certifications} onEdit={setEditing} onAudit={setAuditOf} />
            )}
          </QueryView>
        </Section>
        {query.data && <DeletedCertificationList deleted={query.data.deleted} onAudit={setAuditOf} />}
        <EditCertificationSheet certification={editing} onClose={() => setEditing(null)} />
        <CertificationAuditDialog certification={auditOf} onClose={() => setAuditOf(null)} />
      </main>
    </div>
  );
}
