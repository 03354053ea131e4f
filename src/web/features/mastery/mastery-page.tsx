import { Lock } from 'lucide-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { QueryState } from '../../components/query-state';
import { TechHeader } from '../../components/tech-header';
import { Button, ButtonLink } from '../../components/ui/button';
import { useFeatureAccess, useMasteryDashboard } from './api';
import { MasteryDashboardView } from './mastery-dashboard';
import { MasteryUpsellDialog } from './mastery-upsell-dialog';

/**
 * My Mastery: the mastery dashboard when the access check (docs/PRODUCT.md#plans-and-billing) grants 'mastery', else the
 * premium upsell over a page that still explains what is there and how to get it.
 */
export default function MasteryPage() {
  const intl = useIntl();
  const access = useFeatureAccess('mastery');
  const granted = access.data?.granted === true;
  const dashboard = useMasteryDashboard(granted);
  return (
    <div className="min-h-screen bg-slate-50">
      <TechHeader />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">
            <FormattedMessage id="common.tech.mastery" />
          </h1>
          {granted && (
            <ButtonLink to="/app/adaptive-mastery" variant="ghost" className="min-h-11">
              <FormattedMessage id="mastery.manage" />
            </ButtonLink>
          )}
        </div>
        <QueryState query={access} loadingLabel={intl.formatMessage({ id: 'mastery.loading' })}>
          {({ granted: allowed }) =>
            allowed ? (
              <QueryState query={dashboard} loadingLabel={intl.formatMessage({ id: 'mastery.loading' })}>
                {(data) => <MasteryDashboardView data={data} />}
              </QueryState>
            ) : (
              <LockedMastery />
            )
          }
        </QueryState>
      </main>
    </div>
  );
}

function LockedMastery() {
  const [open, setOpen] = useState(true);
  return (
    <section className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200" aria-labelledby="locked">
      <Lock className="mx-auto h-8 w-8 text-amber-700" aria-hidden="true" />
      <h2 id="locked" className="mt-3 text-lg font-semibold">
        <FormattedMessage id="mastery.locked.title" />
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-slate-700">
        <FormattedMessage id="mastery.locked.body" />
      </p>
      <Button size="lg" className="mt-5 min-h-12" onClick={() => setOpen(true)}>
        <FormattedMessage id="mastery.locked.see" />
      </Button>
      <MasteryUpsellDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}
