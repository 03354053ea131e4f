import type { Query, QueryClient } from '@tanstack/react-query';
import {
  BOOTSTRAP_ELEMENT_ID,
  BOOTSTRAP_READS,
  BOOTSTRAPPED_ROUTES,
  type BootstrappedRoute,
  isBootstrappedRoute,
} from '../../domain/app-bootstrap';
import type { MeResponse } from '../../domain/contracts/auth';
import { achievementKeys } from '../features/achievements/query-keys';
import { meQuery } from '../features/auth/api';
import { shopSubscriptionKey } from '../features/billing/query-keys';
import { categoriesQuery } from '../features/categories/categories-query';
import { myCertificationsKey } from '../features/certifications/query-keys';
import { managerOverviewQuery } from '../features/manager/overview-query';
import { practiceDashboardQuery } from '../features/practice/dashboard-query';
import { reviewKeys } from '../features/review/query-keys';
import { loadNamespaces } from '../i18n/catalogue-store';
import { initialLocale } from '../i18n/locale-preference';

/**
 * The signed-in dashboards' first data without a waterfall (ADR 0054). The server sends `/app` and `/manager`
 * with the answers of their first reads in a JSON element; they seed the query cache before the first render,
 * so the gate and the dashboard render at once. Without them (signed out, the database was down, the page
 * came from elsewhere) `me`, the page's code and its catalogues start together here, and the dashboard's read
 * starts the moment `me` says who it is for, not after the page's code has arrived and rendered.
 */

/** How long data that came with the page counts as fresh: its first render does not ask for it again. */
const BOOTSTRAP_FRESH_MS = 30_000;

/** Each bootstrapped read, the query it seeds and what of the answer that query keeps. */
const SEEDS: { path: string; queryKey: readonly unknown[]; value?: (answer: unknown) => unknown }[] = [
  { path: BOOTSTRAP_READS.practiceDashboard, queryKey: practiceDashboardQuery.queryKey },
  {
    path: BOOTSTRAP_READS.categories,
    queryKey: categoriesQuery.queryKey,
    value: (answer) => (answer as { categories: unknown }).categories,
  },
  { path: BOOTSTRAP_READS.practiceStreak, queryKey: achievementKeys.streak },
  { path: BOOTSTRAP_READS.reviewSummary, queryKey: reviewKeys.summary },
  { path: BOOTSTRAP_READS.myCertifications, queryKey: myCertificationsKey },
  { path: BOOTSTRAP_READS.managerOverview, queryKey: managerOverviewQuery.queryKey },
  { path: BOOTSTRAP_READS.shopSubscription, queryKey: shopSubscriptionKey },
];

/** The dashboards' code, started before React asks for it (the same modules app.tsx's lazyPage loads). */
const PAGE_CODE: Record<BootstrappedRoute, () => Promise<unknown>> = {
  '/app': () => import('../features/tech/tech-dashboard-page'),
  '/manager': () => import('../features/manager/manager-dashboard-page'),
};

/** The dashboard's first read per route, for the signed-in user that route is home to. */
const FIRST_READ: Record<BootstrappedRoute, (client: QueryClient) => void> = {
  '/app': (client) => void client.prefetchQuery(practiceDashboardQuery),
  '/manager': (client) => void client.prefetchQuery(managerOverviewQuery),
};

const seeded = new Map<string, number>();
/** The address the HTML with the data was served for. */
let seededRoute: string | null = null;

/**
 * The default staleTime: a query seeded from the page and not refetched since is fresh for a while on the page
 * it came with, so the dashboard's first render does not ask again for what came with the HTML. Elsewhere (the
 * user went on to another page) and for every other query it is TanStack's default (0): the next page reads
 * afresh, and a session that ended meanwhile is noticed there.
 */
export function bootstrapStaleTime(query: Query): number {
  const at = seeded.get(query.queryHash);
  if (at === undefined || query.state.dataUpdatedAt !== at) return 0;
  return window.location.pathname === seededRoute ? BOOTSTRAP_FRESH_MS : 0;
}

/** The JSON the server put in the page, read once and removed: nothing can seed a later user's cache from it. */
function takeBootstrap(): Record<string, unknown> | null {
  const element = document.getElementById(BOOTSTRAP_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Who the bootstrap is for: its `/api/v1/session` answer's user, or null when it names none. */
export function bootstrapSession(data: Record<string, unknown>): MeResponse | null {
  return (data[BOOTSTRAP_READS.session] as { session?: MeResponse | null } | undefined)?.session ?? null;
}

/**
 * Puts the answers a bootstrap carries into the query cache, each as its query keeps it, at `updatedAt`; calls
 * `onPut` with each query it filled. False, filling nothing, when the bootstrap has no signed-in session. Also
 * the server's, for the query client of the page it renders (src/web/prerender-entry.tsx).
 */
export function seedQueries(
  client: QueryClient,
  data: Record<string, unknown>,
  updatedAt = Date.now(),
  onPut: (queryHash: string) => void = () => {},
): boolean {
  const me = bootstrapSession(data);
  if (!me) return false;
  const put = (queryKey: readonly unknown[], value: unknown) => {
    client.setQueryData(queryKey, value, { updatedAt });
    const query = client.getQueryCache().find({ queryKey, exact: true });
    if (query) onPut(query.queryHash);
  };
  put(meQuery.queryKey, me);
  for (const { path, queryKey, value = (answer: unknown) => answer } of SEEDS) {
    if (data[path] !== undefined) put(queryKey, value(data[path]));
  }
  return true;
}

function seed(client: QueryClient, data: Record<string, unknown>): boolean {
  const updatedAt = Date.now();
  const seededNow = seedQueries(client, data, updatedAt, (queryHash) => seeded.set(queryHash, updatedAt));
  if (seededNow) seededRoute = window.location.pathname;
  return seededNow;
}

/** Seeds the cache from the page, or starts the route's reads and code at once. Before the first render. */
export function startRouteData(client: QueryClient) {
  if (typeof document === 'undefined') return; // rendered to HTML at build time: no page, no user
  const data = takeBootstrap();
  if (data && seed(client, data)) return;
  const route = window.location.pathname;
  // Other pages keep their own order: a server-rendered entry page must hydrate with what it was rendered with.
  if (!isBootstrappedRoute(route)) return;
  void PAGE_CODE[route]().catch(() => undefined); // a failed load is the route boundary's to show
  void loadNamespaces(BOOTSTRAPPED_ROUTES[route].namespaces, initialLocale()).catch(() => undefined);
  // Public content, so it may be asked for before anyone knows who is signed in.
  if (route === '/app') void client.prefetchQuery(categoriesQuery);
  void client.fetchQuery(meQuery).then(
    (me) => {
      if (me && me.gate === BOOTSTRAPPED_ROUTES[route].gate && window.location.pathname === route) {
        FIRST_READ[route](client);
      }
    },
    () => undefined, // the gate shows the error with Try again
  );
}
