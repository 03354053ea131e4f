import { BOOTSTRAPPED_ROUTES, type BootstrappedRoute } from '../../domain/app-bootstrap';
import { type LazyPage, lazyPage } from '../i18n/lazy-page';

// The pages a visitor arrives on, rendered to HTML at build time and hydrated (ADR 0028).
export const FreeTestPage = lazyPage(() => import('../features/free-test/free-test-page'), ['free-test']);
export const AuthPage = lazyPage(() => import('../features/auth/auth-page'), ['account', 'auth']);
export const ForgotPasswordPage = lazyPage(() => import('../features/account/forgot-password-page'), ['account']);
export const ResetPasswordPage = lazyPage(() => import('../features/account/reset-password-page'), ['account']);
export const PublicPlansPage = lazyPage(() => import('../features/billing/public-plans-page'), ['billing']);

/**
 * Each server-rendered path and its page: scripts/prerender.ts renders these, the server serves them
 * (src/server/http/client-pages.ts) and main.tsx loads the page before it hydrates.
 */
// biome-ignore lint/suspicious/noExplicitAny: pages with different props share the preload
export const ENTRY_PAGES: Readonly<Record<string, LazyPage<any>>> = {
  '/free-test': FreeTestPage,
  '/sign-in': AuthPage,
  '/sign-up': AuthPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/plans': PublicPlansPage,
};

// The signed-in dashboards, rendered per request with the visitor's own data and hydrated (ADR 0054).
export const TechDashboardPage = lazyPage(
  () => import('../features/tech/tech-dashboard-page'),
  BOOTSTRAPPED_ROUTES['/app'].namespaces,
);
export const ManagerDashboardPage = lazyPage(
  () => import('../features/manager/manager-dashboard-page'),
  BOOTSTRAPPED_ROUTES['/manager'].namespaces,
);

/** Each dashboard the server renders for its signed-in user (src/web/prerender-entry.tsx) and main.tsx hydrates. */
export const SIGNED_IN_PAGES: Readonly<Record<BootstrappedRoute, LazyPage<object>>> = {
  '/app': TechDashboardPage,
  '/manager': ManagerDashboardPage,
};
