import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { MasteryFeatureList, MasteryPrice, PremiumBadge } from './mastery-offer';
import { SubscribeButton } from './subscribe-button';

/** The premium upsell: price, what it includes, Subscribe. */
export function MasteryOfferCard({ children }: { children?: ReactNode }) {
  return (
    <section
      aria-labelledby="mastery-offer"
      className="rounded-2xl bg-white p-6 shadow-sm ring-2 ring-amber-300 sm:p-8"
    >
      <PremiumBadge />
      <h2 id="mastery-offer" className="mt-3 text-xl font-bold">
        <FormattedMessage id="adaptiveMastery.offer.title" />
      </h2>
      <p className="mt-1 text-slate-700">
        <FormattedMessage id="adaptiveMastery.offer.body" />
      </p>
      <div className="mt-4">
        <MasteryPrice />
      </div>
      <div className="mt-5">
        <MasteryFeatureList />
      </div>
      <SubscribeButton className="mt-6" />
      {children}
    </section>
  );
}
