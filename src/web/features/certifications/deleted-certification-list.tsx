import { History } from 'lucide-react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { DeletedCertification } from '../../../domain/contracts/certifications';
import { Section } from '../../components/section';
import { Button } from '../../components/ui/button';
import { useCategoryName } from '../../i18n/category-name';
import { day } from './day';

/**
 * The certifications the shop's technicians deleted (ADR 0037): each as it was, who deleted it and
 * when, and its History, so a delete and re-add cannot hide a number or document the manager verified.
 * Shown only when there is one.
 */
export function DeletedCertificationList({
  deleted,
  onAudit,
}: {
  deleted: DeletedCertification[];
  onAudit: (certification: DeletedCertification) => void;
}) {
  const intl = useIntl();
  const categoryName = useCategoryName();
  if (deleted.length === 0) return null;
  return (
    <Section id="deleted-certs" title={<FormattedMessage id="certifications.deleted.title" />}>
      <p className="mb-3 text-slate-700">
        <FormattedMessage id="certifications.deleted.note" />
      </p>
      <ul className="space-y-3">
        {deleted.map((c) => {
          const name = `${c.technician.fullName} · ${c.category.code}`;
          return (
            <li key={c.id} className="rounded-xl p-4 ring-1 ring-slate-200">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-semibold">{c.technician.fullName}</h3>
                  <p className="text-slate-800">
                    {c.category.code} {categoryName(c.category.code, c.category.name)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  className="min-h-11"
                  onClick={() => onAudit(c)}
                  aria-label={intl.formatMessage({ id: 'certifications.historyLabel' }, { name })}
                >
                  <History className="h-4 w-4" aria-hidden="true" />
                  <FormattedMessage id="certifications.history" />
                </Button>
              </div>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-700">
                  <FormattedMessage id="certifications.col.number" />
                </dt>
                <dd className="min-w-0 break-words">
                  {c.certificationNumber ?? <FormattedMessage id="certifications.none" />}
                  {c.documentUrl && (
                    <a
                      href={c.documentUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="ml-2 text-blue-800 underline"
                    >
                      <FormattedMessage id="certifications.document" />
                    </a>
                  )}
                </dd>
                <dt className="text-slate-700">
                  <FormattedMessage id="certifications.col.obtained" />
                </dt>
                <dd>{day(c.obtainedDate)}</dd>
              </dl>
              <p className="mt-2 text-sm font-medium text-red-800">
                <FormattedMessage
                  id="certifications.deleted.by"
                  values={{
                    name: c.deletedBy ?? intl.formatMessage({ id: 'certifications.unknownUser' }),
                    date: <FormattedDate value={c.deletedAt} dateStyle="medium" timeStyle="short" />,
                  }}
                />
              </p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
