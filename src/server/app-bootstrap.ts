import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BOOTSTRAP_ELEMENT_ID,
  BOOTSTRAP_READS,
  BOOTSTRAPPED_ROUTES,
  type BootstrappedRoute,
  jsonForScript,
} from '../domain/app-bootstrap';
import { practiceStreakSchema } from '../domain/contracts/achievements';
import { meResponseSchema } from '../domain/contracts/auth';
import { shopSubscriptionResponseSchema } from '../domain/contracts/billing';
import { categoriesResponseSchema } from '../domain/contracts/categories';
import { myCertificationsResponseSchema } from '../domain/contracts/certifications';
import { managerOverviewSchema } from '../domain/contracts/manager';
import { dashboardSchema } from '../domain/contracts/practice';
import { deckSummarySchema } from '../domain/contracts/review';
import { LOCALES, type Locale } from '../domain/locale';
import { withRenderedPage, withSkeleton } from './app-shell-skeleton';
import { readSession } from './auth/session';
import { requireEntitledManager, requireRole } from './authz';
import { loadSessionUser } from './modules/accounts';
import { getPracticeStreak } from './modules/achievements';
import { getShopSubscription } from './modules/billing';
import { listCategories } from './modules/categories';
import { certificationDay, listOwnCertifications } from './modules/certifications';
import { getManagerOverview } from './modules/manager';
import { getTechDashboard } from './modules/practice';
import { getDeckSummary } from './modules/review';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The built app's server renderer of a signed-in page: src/web/prerender-entry.tsx's `renderSignedInPage`. */
type RenderSignedInPage = (url: string, locale: Locale, data: Record<string, unknown>) => Promise<string | null>;

/** The built client's `index.html` and, per bootstrapped route and language, the files its page loads. */
export interface AppShell {
  html: string;
  /** Route → locale → the `<link rel="modulepreload">` tags of its page's code and catalogues. */
  preloads: Record<BootstrappedRoute, Record<Locale, string>>;
  /** Renders the page with its data (a release's build has it beside the client, in `dist/ssr`). */
  render?: RenderSignedInPage;
  /** Loads the renderer now, in the background (a moment after the server listens: see app.ts). */
  warm?: () => void;
}

/**
 * The renderer from the build's server bundle, which the server loads like the rest of the release's files
 * rather than importing web code (the dependency rules keep src/server apart from src/web). Loading it takes
 * about 0.3 s of the event loop, so not during start-up, which it would slow as much: `warm` loads it once the
 * server is up, and the first dashboard loads it if it comes first. None without a build (a test's client
 * folder): the dashboards then come with their skeleton.
 */
function bundleRenderer(clientDir: string): Pick<AppShell, 'render' | 'warm'> {
  const file = resolve(clientDir, '../ssr/prerender-entry.js');
  if (!existsSync(file)) return {};
  let loading: Promise<RenderSignedInPage> | undefined;
  const load = () => {
    // A failed load is tried again on the next page rather than kept.
    loading ??= import(pathToFileURL(file).href).then(
      (bundle: { renderSignedInPage?: RenderSignedInPage }) => {
        if (typeof bundle.renderSignedInPage !== 'function') throw new Error(`${file} has no renderSignedInPage`);
        return bundle.renderSignedInPage;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    render: async (url, locale, data) => (await load())(url, locale, data),
    warm: () => void load().catch(() => undefined), // the first page tries again, and logs why
  };
}

/**
 * Reads the shell once at start-up, like the rest of a release's files. Without a build manifest (a test's
 * client folder) nothing is preloaded; the data is still sent.
 */
export function loadAppShell(clientDir: string): AppShell {
  const html = readFileSync(resolve(clientDir, 'index.html'), 'utf8');
  const manifestFile = resolve(clientDir, '.vite/manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const files = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) files(imported, into);
    return into;
  };
  // The entry and what it imports are already in index.html.
  const shell = files('index.html');
  const preloads = {} as AppShell['preloads'];
  for (const [route, { chunk, namespaces }] of Object.entries(BOOTSTRAPPED_ROUTES)) {
    const byLocale = {} as Record<Locale, string>;
    for (const locale of LOCALES) {
      // The catalogues the page loads (src/web/i18n/catalogue-store.ts: the base namespaces and the page's own;
      // only English's common one is in the shell).
      const catalogues = ['common', 'errors', 'messages', ...namespaces].map(
        (ns) => `i18n/catalogues/${locale}/${ns}.json`,
      );
      const wanted = new Set<string>();
      for (const key of [chunk, ...catalogues]) files(key, wanted);
      byLocale[locale] = [...wanted]
        .filter((file) => !shell.has(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
    }
    preloads[route as BootstrappedRoute] = byLocale;
  }
  return { html, preloads, ...bundleRenderer(clientDir) };
}

/**
 * The answers of the route's first reads for the signed-in visitor, from the same functions and contracts as
 * their API routes (a forward parse, as the response serializer does, so no field the contract omits is
 * sent): `/api/v1/session` always, and the dashboard's first reads when the gate lets them see it (`home`).
 * Null when signed out; with the profile's language otherwise.
 */
async function readFirstData(request: FastifyRequest, reply: FastifyReply, route: BootstrappedRoute) {
  const signedIn = await readSession(request, reply);
  if (!signedIn) return null;
  const { db } = request.server;
  const me = meResponseSchema.parse(await loadSessionUser(db, signedIn));
  const data: Record<string, unknown> = { [BOOTSTRAP_READS.session]: { session: me } };
  // The route is this visitor's dashboard (else the app sends them on: to the survey, the plans…).
  const home = BOOTSTRAPPED_ROUTES[route].gate === me.gate;
  if (route === '/app' && home) {
    // The guard and the read of GET /api/v1/me/practice-dashboard.
    const profile = await requireRole(request, reply, 'tech');
    // Its Practice by Category cards are the same for everyone, but the first paint needs them too; and the
    // cards with reads of their own (streak, review deck, certifications), so none of them moves the page later.
    const [dashboard, categories, streak, deck, certifications] = await Promise.all([
      getTechDashboard(db, profile.id, profile.shopId, {
        timeZone: profile.timeZone,
        accountCreatedAt: profile.createdAt,
      }),
      listCategories(db),
      getPracticeStreak(db, profile.id, profile.timeZone),
      getDeckSummary(db, profile.id, profile.timeZone),
      listOwnCertifications(db, profile.id, certificationDay(profile.timeZone)),
    ]);
    data[BOOTSTRAP_READS.practiceDashboard] = dashboardSchema.parse(dashboard);
    data[BOOTSTRAP_READS.categories] = categoriesResponseSchema.parse(categories);
    data[BOOTSTRAP_READS.practiceStreak] = practiceStreakSchema.parse(streak);
    data[BOOTSTRAP_READS.reviewSummary] = deckSummarySchema.parse(deck);
    data[BOOTSTRAP_READS.myCertifications] = myCertificationsResponseSchema.parse(certifications);
  }
  if (route === '/manager' && home) {
    // The guard and the read of GET /api/v1/manager/overview.
    const { shop, profile } = await requireEntitledManager(request, reply);
    // And its subscription banner, at the top of the page, which would otherwise push it all down.
    const [overview, subscription] = await Promise.all([
      getManagerOverview(db, shop),
      getShopSubscription(db, profile),
    ]);
    data[BOOTSTRAP_READS.managerOverview] = managerOverviewSchema.parse(overview);
    data[BOOTSTRAP_READS.shopSubscription] = shopSubscriptionResponseSchema.parse(subscription);
  }
  return { data, home, profileLocale: me.user.locale };
}

function withBootstrap(html: string, preloads: string, data: Record<string, unknown>): string {
  const script = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${jsonForScript(data)}</script>`;
  // Replaced by functions: the data holds the user's own words, where `$&` must stay as it is.
  const head = html.includes('</head>') ? html.replace('</head>', () => `${preloads}</head>`) : `${preloads}${html}`;
  return head.includes('</body>') ? head.replace('</body>', () => `${script}</body>`) : `${head}${script}`;
}

async function encoded(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    // Quality 5: most of the size win at a small fraction of the build's quality-11 time, per request.
    return brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    return gzipAsync(html);
  }
  return html;
}

/**
 * The dashboard rendered with its data, in the shell, for the browser to hydrate; null when there is no
 * renderer or it could not render the page whole. A render that fails is a bug, logged, and the page still
 * comes, with its skeleton: the browser renders it as it did before pages were rendered here.
 */
async function renderPage(
  shell: AppShell,
  request: FastifyRequest,
  route: BootstrappedRoute,
  locale: Locale,
  data: Record<string, unknown>,
): Promise<string | null> {
  if (!shell.render) return null;
  try {
    const body = await shell.render(request.url, locale, data);
    return body === null ? null : withRenderedPage(shell.html, route, body, locale);
  } catch (error) {
    request.log.error({ err: error }, 'the dashboard could not be rendered on the server');
    return null;
  }
}

/**
 * `/app` and `/manager` for a signed-in visitor at that dashboard: the dashboard rendered with their first data,
 * or else its skeleton with the page's code preloaded, and the data itself for the browser's cache; the plain
 * shell when signed out or when the data cannot be read (the database is down: the app then asks the API itself
 * and shows its error states), never a 500. The answer is one person's, so no cache
 * may keep it or give it to anyone else.
 */
export async function sendAppShell(
  shell: AppShell,
  request: FastifyRequest,
  reply: FastifyReply,
  route: BootstrappedRoute,
) {
  let html = shell.html;
  try {
    const first = await readFirstData(request, reply, route);
    if (first) {
      // Signed in, the profile's language wins on every device, as in the app (src/web/i18n/locale-sync.tsx).
      const { data, home, profileLocale: locale } = first;
      const rendered = home ? await renderPage(shell, request, route, locale, data) : null;
      if (rendered) {
        // The HTML is the page: its code is asked for once it is painted (src/web/main.tsx), as on an entry page.
        // Preloaded here, it competes with the stylesheet the first paint waits for (ADR 0028).
        html = withBootstrap(rendered, '', data);
      } else if (home) {
        html = withBootstrap(withSkeleton(shell.html, route), shell.preloads[route][locale], data);
      } else {
        // Not their dashboard (the app sends them on): who they are, and the shell's own placeholder.
        html = withBootstrap(shell.html, '', data);
      }
    }
  } catch (error) {
    request.log.warn({ err: error }, 'app shell sent without its first data');
  }
  reply.header('cache-control', 'private, no-store');
  reply.header('vary', 'cookie, accept-encoding');
  return reply
    .status(200)
    .type('text/html; charset=utf-8')
    .send(await encoded(request, reply, html));
}
