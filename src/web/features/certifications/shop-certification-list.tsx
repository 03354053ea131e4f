import { History, Pencil } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShopCertification } from '../../../domain/contracts/certifications';
import { Button } from '../../components/ui/button';
import { DataTable } from '../../components/ui/data-table';
import { useCategoryName } from '../../i18n/category-name';
import { day } from './day';
import { StatusBand } from './status-band';

interface ListProps {
  certifications: ShopCertification[];
  onEdit: (certification: ShopCertification) => void;
  onAudit: (certification: ShopCertification) => void;
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

/**
 * The shop's certifications: a table from 640 px, and below it one card each (the table was
 * 777 px wide in a phone's 311 px box), with the same Edit and History actions by the same names.
 */
export function ShopCertificationList(props: ListProps) {
  const intl = useIntl();
  const categoryName = useCategoryName();
  const names = useActionNames();
  const { onEdit, onAudit } = props;
  return (
    <DataTable
      label={intl.formatMessage({ id: 'certifications.title' })}
      tableClassName="min-w-[48rem] text-sm"
      rows={props.certifications}
      rowKey={(c) => c.id}
      rowProps={() => ({ className: 'align-top' })}
      columns={[
        {
          key: 'technician',
          header: <FormattedMessage id="certifications.col.technician" />,
          rowHeader: true,
          cell: (c) => c.technician.fullName,
        },
        {
          key: 'certification',
          header: <FormattedMessage id="certifications.col.certification" />,
          cell: (c) => `${c.category.code} ${categoryName(c.category.code, c.category.name)}`,
        },
        {
          key: 'number',
          header: <FormattedMessage id="certifications.col.number" />,
          cell: (c) => <CertNumber certification={c} />,
        },
        {
          key: 'obtained',
          header: <FormattedMessage id="certifications.col.obtained" />,
          cell: (c) => day(c.obtainedDate),
        },
        {
          key: 'expires',
          header: <FormattedMessage id="certifications.col.expires" />,
          cell: (c) => day(c.expirationDate),
        },
        {
          key: 'status',
          header: <FormattedMessage id="certifications.col.status" />,
          cell: (c) => <Status certification={c} />,
        },
        {
          key: 'actions',
          header: <FormattedMessage id="certifications.col.actions" />,
          pad: 'py-1',
          cell: (c) => (
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
          ),
        },
      ]}
      phone={{ below: 'sm', cards: <CertificationCards {...props} /> }}
    />
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
