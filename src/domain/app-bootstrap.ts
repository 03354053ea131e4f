/**
 * The first data of a signed-in dashboard, sent inside the HTML of `/app` and `/manager` (ADR 0054): the
 * server puts the answers of the route's first reads in a `<script type="application/json">` with this id,
 * keyed by the API path that returns the same JSON, and the client seeds its query cache from it before the
 * first render, so the dashboard paints without waiting for `me` and then for its own data.
 */
export const BOOTSTRAP_ELEMENT_ID = 'tp-bootstrap';

/** The API reads whose answers a bootstrap may carry, each exactly as that route returns it. */
export const BOOTSTRAP_READS = {
  session: '/api/v1/session',
  practiceDashboard: '/api/v1/me/practice-dashboard',
  categories: '/api/v1/categories',
  practiceStreak: '/api/v1/me/practice-streak',
  reviewSummary: '/api/v1/me/review',
  myCertifications: '/api/v1/me/certifications',
  managerOverview: '/api/v1/manager/overview',
  shopSubscription: '/api/v1/shop/subscription',
} as const;

/**
 * The routes served with their first data and their page's code preloaded: the gate at which the route is the
 * signed-in visitor's dashboard (`me.gate`), the page's chunk (its key in Vite's build manifest, relative to
 * src/web) and the message catalogues its `lazyPage` loads with it.
 */
export const BOOTSTRAPPED_ROUTES = {
  '/app': {
    gate: 'tech-dashboard',
    chunk: 'features/tech/tech-dashboard-page.tsx',
    namespaces: ['tech', 'practice', 'achievements', 'review', 'certifications'],
  },
  '/manager': {
    gate: 'manager-dashboard',
    chunk: 'features/manager/manager-dashboard-page.tsx',
    namespaces: ['manager', 'billing', 'certifications'],
  },
} as const;

export type BootstrappedRoute = keyof typeof BOOTSTRAPPED_ROUTES;

export function isBootstrappedRoute(pathname: string): pathname is BootstrappedRoute {
  return Object.hasOwn(BOOTSTRAPPED_ROUTES, pathname);
}

/**
 * JSON that is safe inside a `<script>` element: `<` (and so `</script>` and `<!--`), `>`, `&` and the two
 * line separators are written as \u escapes, which JSON.parse reads back as the same characters.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
