import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
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
import { meResponseSchema } from '../domain/contracts/auth';
import { categoriesResponseSchema } from '../domain/contracts/categories';
import { managerOverviewSchema } from '../domain/contracts/manager';
import { dashboardSchema } from '../domain/contracts/practice';
import { LOCALES, type Locale, localeFromCookie, negotiateLocale, parseAcceptLanguage } from '../domain/locale';
import { withSkeleton } from './app-shell-skeleton';
import { readSession } from './auth/session';
import { requireEntitledManager, requireRole } from './authz';
import { loadSessionUser } from './modules/accounts';
import { listCategories } from './modules/categories';
import { getManagerOverview } from './modules/manager';
import { getTechDashboard } from './modules/practice';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The built client's `index.html` and, per bootstrapped route and language, the files its page loads. */
export interface AppShell {
  html: string;
  /** Route → locale → the `<link rel="modulepreload">` tags of its page's code and catalogues. */
  preloads: Record<BootstrappedRoute, Record<Locale, string>>;
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
  return { html, preloads };
}

/**
 * The answers of the route's first reads for the signed-in visitor, from the same functions and contracts as
 * their API routes (a forward parse, as the response serializer does, so no field the contract omits is
 * sent): `/api/v1/session` always, and the dashboard's first reads when the gate lets them see it.
 * Null when signed out.
 */
async function readFirstData(request: FastifyRequest, reply: FastifyReply, route: BootstrappedRoute) {
  const signedIn = await readSession(request, reply);
  if (!signedIn) return null;
  const { db } = request.server;
  const me = meResponseSchema.parse(await loadSessionUser(db, signedIn));
  const data: Record<string, unknown> = { [BOOTSTRAP_READS.session]: { session: me } };
  if (route === '/app' && me.gate === 'tech-dashboard') {
    // The guard and the read of GET /api/v1/me/practice-dashboard.
    const profile = await requireRole(request, reply, 'tech');
    const dashboard = await getTechDashboard(db, profile.id, profile.shopId, { timeZone: profile.timeZone });
    data[BOOTSTRAP_READS.practiceDashboard] = dashboardSchema.parse(dashboard);
    // Its Practice by Category cards are the same for everyone, but the first paint needs them too.
    data[BOOTSTRAP_READS.categories] = categoriesResponseSchema.parse(await listCategories(db));
  }
  if (route === '/manager' && me.gate === 'manager-dashboard') {
    // The guard and the read of GET /api/v1/manager/overview.
    const { shop } = await requireEntitledManager(request, reply);
    data[BOOTSTRAP_READS.managerOverview] = managerOverviewSchema.parse(await getManagerOverview(db, shop));
  }
  return data;
}

function withBootstrap(html: string, preloads: string, data: Record<string, unknown>): string {
  const script = `<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">${jsonForScript(data)}</script>`;
  const head = html.includes('</head>') ? html.replace('</head>', `${preloads}</head>`) : `${preloads}${html}`;
  return head.includes('</body>') ? head.replace('</body>', `${script}</body>`) : `${head}${script}`;
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
 * `/app` and `/manager`: the shell with the signed-in visitor's first data, their page's code preloaded and
 * the dashboard's skeleton where the shell's spinner was,
 * or the plain shell when signed out or when the data cannot be read (the database is down: the app then
 * asks the API itself and shows its error states), never a 500. The answer is one person's, so no cache
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
    const data = await readFirstData(request, reply, route);
    if (data) {
      const locale =
        localeFromCookie(request.headers.cookie) ??
        negotiateLocale(parseAcceptLanguage(request.headers['accept-language']));
      html = withBootstrap(withSkeleton(shell.html, route), shell.preloads[route][locale], data);
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
