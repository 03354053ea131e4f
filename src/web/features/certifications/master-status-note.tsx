import { Award } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import type { MyCertifications } from '../../../domain/contracts/certifications';
import { day } from './day';

/** Master Automobile Technician status, and what to renew to keep it (docs/PRODUCT.md#master-technician). */
export function MasterStatusNote({ master }: { master: MyCertifications['master'] }) {
  if (!master.master) return null;
  const [firstAtRisk] = master.atRisk;
  return (
    <div className="rounded-xl bg-blue-50 p-4 text-blue-950 ring-1 ring-blue-200">
      <p className="flex items-center gap-2 font-semibold">
        <Award className="h-5 w-5 shrink-0" aria-hidden="true" />
        <FormattedMessage id="certifications.master.title" />
      </p>
      {firstAtRisk && (
        <p className="mt-1 text-sm">
          <FormattedMessage
            id="certifications.master.atRisk"
            values={{ codes: master.atRisk.map((c) => c.code).join(', '), date: day(firstAtRisk.expirationDate) }}
          />
        </p>
      )}
    </div>
  );
}
