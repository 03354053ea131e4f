import { CheckCircle2 } from 'lucide-react';
import { subscriptionStatusLabel } from '../../../domain/billing';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorBox } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api-client';
import { useMasteryStatus } from './api';
import { MasteryOfferCard } from './mastery-offer-card';

/**
 * "My Mastery" until the mastery dashboard lands: the premium upsell for a technician without access
 * (SPEC §6: denied → upsell), their standing when they have it.
 */
export function MyMasterySection() {
  const status = useMasteryStatus();
  if (status.isPending) return <Spinner label="Loading your mastery access…" />;
  if (status.error) {
    return (
      <div className="space-y-3">
        <ErrorBox message={errorMessage(status.error)} />
        <Button variant="secondary" onClick={() => void status.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const data = status.data;
  if (!data.entitled) {
    return (
      <MasteryOfferCard>
        <ButtonLink to="/app/adaptive-mastery" variant="ghost" size="sm" className="mt-3">
          More about Adaptive Mastery
        </ButtonLink>
      </MasteryOfferCard>
    );
  }
  return (
    <section className="rounded-2xl bg-white p-6 text-left shadow-sm ring-1 ring-slate-200">
      <p className="flex items-center gap-2 font-semibold text-green-800">
        <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
        {data.subscription
          ? `Adaptive Mastery: ${subscriptionStatusLabel(data.subscription.status)}`
          : "Adaptive Mastery is included in your shop's plan"}
      </p>
      <p className="mt-2 text-slate-700">Your mastery dashboard opens here as soon as it is ready.</p>
      <ButtonLink to="/app/adaptive-mastery" variant="secondary" size="sm" className="mt-4">
        Manage Adaptive Mastery
      </ButtonLink>
    </section>
  );
}
