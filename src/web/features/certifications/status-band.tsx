import { AlertTriangle, CheckCircle2, Clock, XCircle } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { timeLeft } from '../../../domain/certifications';
import type { Certification } from '../../../domain/contracts/certifications';

const STYLE = {
  expired: { className: 'bg-red-100 text-red-900', Icon: XCircle },
  critical: { className: 'bg-orange-100 text-orange-950', Icon: AlertTriangle },
  warning: { className: 'bg-amber-100 text-amber-950', Icon: Clock },
  valid: { className: 'bg-green-100 text-green-900', Icon: CheckCircle2 },
} as const;

/** A certification's status band in words and an icon, never colour alone (docs/PRODUCT.md#certification-expiry). */
export function StatusBand({ band, daysToExpiry }: Pick<Certification, 'band' | 'daysToExpiry'>) {
  const { className, Icon } = STYLE[band];
  const left = timeLeft(daysToExpiry);
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-sm font-semibold ${className}`}>
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      {band === 'expired' && <FormattedMessage id="certifications.band.expired" />}
      {(band === 'critical' || band === 'warning') && (
        <FormattedMessage id="certifications.band.days" values={{ days: daysToExpiry }} />
      )}
      {band === 'valid' &&
        (left.unit === 'months' ? (
          <FormattedMessage id="certifications.band.months" values={{ count: left.count }} />
        ) : (
          <FormattedMessage id="certifications.band.years" values={{ count: left.count }} />
        ))}
    </span>
  );
}
