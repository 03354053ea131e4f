import { FormattedMessage } from 'react-intl';
import { ButtonLink } from '../../components/ui/button';
import { useMyCertifications } from './api';
import { ExpiringWidget } from './expiring-widget';
import { MasterStatusNote } from './master-status-note';

/**
 * The dashboard's certifications card: Master status, the expiring widget, and the way to the full panel on
 * the profile; before the first certification, a prompt to add one.
 */
export function CertificationsSummary() {
  const query = useMyCertifications();
  if (!query.data) return null;
  if (query.data.certifications.length === 0) {
    return (
      <section
        aria-labelledby="certs-start"
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="certs-start" className="text-lg font-semibold">
          <FormattedMessage id="certifications.title" />
        </h2>
        <p className="mt-1 text-slate-700">
          <FormattedMessage id="certifications.empty" />
        </p>
        <ButtonLink to="/app/profile#certifications-title" variant="secondary" className="mt-3 min-h-11">
          <FormattedMessage id="certifications.add.title" />
        </ButtonLink>
      </section>
    );
  }
  return (
    <div className="space-y-3">
      <MasterStatusNote master={query.data.master} />
      <ExpiringWidget items={query.data.expiring} />
      <ButtonLink to="/app/profile#certifications-title" variant="secondary" className="min-h-11">
        <FormattedMessage id="certifications.manage" />
      </ButtonLink>
    </div>
  );
}
