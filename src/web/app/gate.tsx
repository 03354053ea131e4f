import { type ReactNode, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Navigate, useLocation } from 'react-router';
import type { SubscriptionStatus } from '../../domain/constants';
import type { GateStep } from '../../domain/gate';
import { Button } from '../components/ui/button';
import { ErrorBox } from '../components/ui/form';
import { FullPageSpinner } from '../components/ui/spinner';
import { ManagerDashboardSkeleton } from '../features/manager/dashboard-skeleton';
import { TechDashboardSkeleton } from '../features/tech/dashboard/dashboard-skeleton';
import { useErrorText } from '../i18n/i18n-provider';
import { useAuth } from './auth-context';

/** Where each gate step lives; the gate sends a user who is elsewhere there (docs/PRODUCT.md#gate). */
export const GATE_HOME: Record<GateStep, string> = {
  'setting-up': '/app/setup',
  'experience-survey': '/app/onboarding/experience',
  'shop-setup': '/manager/shop-setup',
  'choose-plan': '/manager/plans',
  'subscription-required': '/manager/subscription-required',
  'tech-dashboard': '/app',
  'manager-dashboard': '/manager',
};

/** What the gate knows of a manager's shop, to send them to the step that fixes their subscription. */
export interface GateShopState {
  shop: unknown | null;
  subscriptionStatus: SubscriptionStatus | null;
}

/**
 * Where a user at their gate step lands. A new manager goes straight to shop setup and one whose shop has
 * never had a subscription to the plans (docs/PRODUCT.md#gate); only a lapsed or cancelled
 * subscription meets the subscription-required padlock.
 */
export function gateHome(step: GateStep, state?: GateShopState): string {
  if (step === 'subscription-required' && state) {
    if (!state.shop) return '/manager/shop-setup';
    if (!state.subscriptionStatus) return '/manager/plans';
  }
  return GATE_HOME[step];
}

/** What a manager at the subscription gate may open to get through it: shop setup, plans, payment (docs/PRODUCT.md#gate). */
export const SUBSCRIPTION_FIX_PATHS = ['/manager/shop-setup', '/manager/plans', '/manager/payment'];

/**
 * The manager's own profile stays open behind the subscription gate: a manager without a shop still
 * edits their name there and sees 'No Shop Data Available'.
 */
export const MANAGER_PROFILE_PATH = '/manager/profile';

/** Paths a user at each gate step may open. */
export function isAllowed(step: GateStep, pathname: string): boolean {
  switch (step) {
    case 'setting-up':
    case 'experience-survey':
      return pathname === GATE_HOME[step];
    case 'shop-setup':
      return pathname === GATE_HOME[step] || pathname === MANAGER_PROFILE_PATH;
    case 'choose-plan':
      return pathname === GATE_HOME[step] || pathname === '/manager/payment' || pathname === MANAGER_PROFILE_PATH;
    case 'subscription-required':
      return (
        pathname === GATE_HOME[step] || SUBSCRIPTION_FIX_PATHS.includes(pathname) || pathname === MANAGER_PROFILE_PATH
      );
    case 'tech-dashboard':
      return (
        pathname.startsWith('/app') &&
        pathname !== GATE_HOME['setting-up'] &&
        pathname !== GATE_HOME['experience-survey']
      );
    case 'manager-dashboard':
      return pathname.startsWith('/manager') && pathname !== GATE_HOME['subscription-required'];
  }
}

/**
 * What a signed-in page shows while the user or its code is on its way: the dashboards their own layout
 * (ADR 0054), so the first paint is already the page and nothing jumps when it fills in.
 */
function GateLoading() {
  const { pathname } = useLocation();
  if (pathname === GATE_HOME['tech-dashboard']) return <TechDashboardSkeleton />;
  if (pathname === GATE_HOME['manager-dashboard']) return <ManagerDashboardSkeleton />;
  return <FullPageSpinner />;
}

/** Signed-in area: loading, then signed-out redirect, then the gate step's screen. */
export function RequireGate({ children }: { children: ReactNode }) {
  const { me, isLoading, error, refetch } = useAuth();
  const location = useLocation();
  const errorText = useErrorText();
  if (isLoading) return <GateLoading />;
  if (error) {
    return (
      <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-6">
        <ErrorBox message={errorText(error)} />
        <Button onClick={refetch}>
          <FormattedMessage id="common.tryAgain" />
        </Button>
      </main>
    );
  }
  if (!me) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  if (!isAllowed(me.gate, location.pathname)) return <Navigate to={gateHome(me.gate, me.user)} replace />;
  return <Suspense fallback={<GateLoading />}>{children}</Suspense>;
}

/** After signing in: the deep link the user asked for when the gate allows it, else the gate's screen. */
export function landingPath(step: GateStep, next: string | null, state?: GateShopState): string {
  if (next?.startsWith('/') && !next.startsWith('//')) {
    const [pathname = next] = next.split('?');
    if (isAllowed(step, pathname)) return next;
  }
  return gateHome(step, state);
}
