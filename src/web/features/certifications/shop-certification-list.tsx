import { History, Pencil } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShopCertification } from '../../../domain/contracts/certifications';
import { ScrollTable } from '../../components/section';
import { Button } from '../../components/ui/button';
import { useCategoryName } from '../../i18n/category-name';
import { SM_UP, useMediaQuery } from '../../lib/use-media-query';
import { day } from './day';
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

interface ListProps {
  certifications: ShopCertification[];
  onEdit: (certification: ShopCertification) => void;
  onAudit: (certification: ShopCertification) => void;
}

/**
 * The shop's certifications: a table from 640 px, and below it one card each (the table was
 * 777 px wide in a phone's 311 px box), with the same Edit and History actions by the same names.
 */
export function ShopCertificationList(props: ListProps) {
  const wide = useMediaQuery(SM_UP);
  return wide ? <CertificationTable {...props} /> : <CertificationCards {...props} />;
}

function useActionNames() {
  const intl = useIntl();
  return (c: ShopCertification) => {
    const name = `${c.technician.fullName} · ${c.category.code}`;
    return {
      edit: intl.formatMessage({ id: 'certifications.editLabel' }, { name }),
      history: intl.formatMessage({ id: 'certifications.historyLabel' }, { name }),
    };
  };
}

function CertNumber({ certification: c }: { certification: ShopCertification }) {
  return (
    <>
      {c.certificationNumber ?? <FormattedMessage id="certifications.none" />}
      {c.documentUrl && (
        <a href={c.documentUrl} target="_blank" rel="noopener noreferrer" className="ml-2 text-blue-800 underline">
          <FormattedMessage id="certifications.document" />
        </a>
      )}
    </>
  );
}

function Status({ certification: c }: { certification: ShopCertification }) {
  return c.isActive ? (
    <StatusBand band={c.band} daysToExpiry={c.daysToExpiry} />
  ) : (
    <FormattedMessage id="certifications.inactive" />
  );
}

function CertificationTable({ certifications, onEdit, onAudit }: ListProps) {
  const intl = useIntl();
  const categoryName = useCategoryName();
  const names = useActionNames();
  return (
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
          {certifications.map((c) => (
            <tr key={c.id} className="border-t border-slate-200 align-top">
              <th scope="row" className="py-2 pr-3 font-medium">
                {c.technician.fullName}
              </th>
              <td className="py-2 pr-3">
                {c.category.code} {categoryName(c.category.code, c.category.name)}
              </td>
              <td className="py-2 pr-3">
                <CertNumber certification={c} />
              </td>
              <td className="py-2 pr-3">{day(c.obtainedDate)}</td>
              <td className="py-2 pr-3">{day(c.expirationDate)}</td>
              <td className="py-2 pr-3">
                <Status certification={c} />
              </td>
              <td className="py-1">
                <div className="flex gap-1">
                  <Button variant="ghost" className="min-h-11" onClick={() => onEdit(c)} aria-label={names(c).edit}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    <FormattedMessage id="certifications.edit" />
                  </Button>
                  <Button variant="ghost" className="min-h-11" onClick={() => onAudit(c)} aria-label={names(c).history}>
                    <History className="h-4 w-4" aria-hidden="true" />
                    <FormattedMessage id="certifications.history" />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function CertificationCards({ certifications, onEdit, onAudit }: ListProps) {
  const intl = useIntl();
  const categoryName = useCategoryName();
  const names = useActionNames();
  return (
    <ul className="space-y-3" aria-label={intl.formatMessage({ id: 'certifications.title' })}>
      {certifications.map((c) => (
        <li key={c.id} className="rounded-xl p-4 ring-1 ring-slate-200">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="font-semibold">{c.technician.fullName}</h3>
              <p className="text-slate-800">
                {c.category.code} {categoryName(c.category.code, c.category.name)}
              </p>
            </div>
            <Status certification={c} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-700">
              <FormattedMessage id="certifications.col.number" />
            </dt>
            <dd className="min-w-0 break-words">
              <CertNumber certification={c} />
            </dd>
            <dt className="text-slate-700">
              <FormattedMessage id="certifications.col.obtained" />
            </dt>
            <dd>{day(c.obtainedDate)}</dd>
            <dt className="text-slate-700">
              <FormattedMessage id="certifications.col.expires" />
            </dt>
            <dd>{day(c.expirationDate)}</dd>
          </dl>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <Button variant="secondary" onClick={() => onEdit(c)} aria-label={names(c).edit}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              <FormattedMessage id="certifications.edit" />
            </Button>
            <Button variant="secondary" onClick={() => onAudit(c)} aria-label={names(c).history}>
              <History className="h-4 w-4" aria-hidden="true" />
              <FormattedMessage id="certifications.history" />
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
