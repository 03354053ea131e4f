import { Lock } from 'lucide-react';
import { subscriptionStatusLabel } from '../../../domain/billing';
import { useAuth } from '../../app/auth-context';
import { SignOutButton } from '../../components/sign-out-button';
import { ButtonLink } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';

/**
 * SPEC §2: a manager with no shop, or whose shop's subscription is neither active nor trial,
 * is blocked here. The server refuses every other manager route for them too.
 */
export default function SubscriptionRequiredPage() {
  const { me } = useAuth();
  const hasShop = Boolean(me?.user.shop);
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-2xl items-center justify-between px-4 py-4">
        <Logo to="/manager/subscription-required" />
        <SignOutButton variant="ghost" />
      </header>
      <main className="mx-auto max-w-2xl px-4 pb-12">
        <section className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
          <Lock className="mx-auto h-10 w-10 text-amber-600" aria-hidden="true" />
          <h1 className="mt-4 text-2xl font-bold">Subscription required</h1>
          <p className="mt-3 text-slate-700">
            {hasShop
              ? `The subscription for ${me?.user.shop?.name} is ${me?.user.subscriptionStatus ? subscriptionStatusLabel(me.user.subscriptionStatus).toLowerCase() : 'not set up'}. An active subscription or free trial is needed to manage your shop.`
              : 'Your shop is not set up yet. Set up your shop and choose a plan to start your 14-day free trial and manage your technicians.'}
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            {hasShop ? (
              <ButtonLink to="/manager/plans" size="lg">
                Choose Plan
              </ButtonLink>
            ) : (
              <ButtonLink to="/manager/shop-setup" size="lg">
                Set Up Shop
              </ButtonLink>
            )}
            <SignOutButton variant="secondary" />
          </div>
        </section>
      </main>
    </div>
  );
}
