import { FormattedDate, FormattedMessage } from 'react-intl';
import type { MyCertifications } from '../../../domain/contracts/certifications';
import { useCategoryName } from '../../i18n/category-name';
import { StatusBand } from './status-band';

/**
 * The expiring-certifications widget (docs/PRODUCT.md#certification-expiry): active certifications expiring within 6 months, soonest
 * first, 5 at most; with the technician's name in the manager's view.
 */
export function ExpiringWidget({ items }: { items: MyCertifications['expiring'] }) {
  const categoryName = useCategoryName();
  return (
    <section
      aria-labelledby="expiring-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="expiring-title" className="text-lg font-semibold">
        <FormattedMessage id="certifications.expiring.title" />
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-slate-700">
          <FormattedMessage id="certifications.expiring.none" />
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                {item.technician && <p className="font-semibold">{item.technician.fullName}</p>}
                <p className={item.technician ? 'text-sm text-slate-700' : 'font-medium'}>
                  {item.category.code} {categoryName(item.category.code, item.category.name)} ·{' '}
                  <FormattedMessage
                    id="certifications.expires"
                    values={{
                      date: (
                        <FormattedDate value={`${item.expirationDate}T12:00:00Z`} dateStyle="medium" timeZone="UTC" />
                      ),
                    }}
                  />
                </p>
              </div>
              <StatusBand band={item.band} daysToExpiry={item.daysToExpiry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
