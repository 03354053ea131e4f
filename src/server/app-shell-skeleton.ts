import type { BootstrappedRoute } from '../domain/app-bootstrap';
import type { Locale } from '../domain/locale';

/**
 * The dashboards' loading skeletons as static HTML, painted from the first bytes of `/app` and `/manager`
 * instead of the shell's spinner (ADR 0054). They are the markup of `TechDashboardSkeleton` and
 * `ManagerDashboardSkeleton` (src/web/features/…/dashboard-skeleton.tsx), which the app renders in their place
 * until the page's code and data are there, so nothing moves when React takes over; app-shell-skeleton.test.ts
 * keeps the two the same. (The server may not import the web code, so the markup is written out here.)
 */
const block = (size: string) =>
  `<div aria-hidden="true" class="rounded-md bg-slate-200 motion-safe:animate-pulse ${size}"></div>`;
const repeat = (times: number, html: string) => html.repeat(times);
const CARD = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5';
const STAT_CARD = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

function header(wide: boolean, tabs: boolean) {
  const tabRow = tabs
    ? `<div class="hidden border-b border-slate-200 bg-white lg:block"><div class="mx-auto flex min-h-12 max-w-6xl items-center gap-4 px-4">${repeat(4, block('h-5 w-20'))}</div></div>`
    : '';
  return (
    '<div aria-hidden="true"><div class="border-b border-slate-200 bg-white">' +
    `<div class="mx-auto flex h-14 items-center justify-between gap-3 px-4 lg:h-16 ${wide ? 'max-w-7xl' : 'max-w-6xl'}">` +
    `${block('h-8 w-32')}${block('h-8 w-8 lg:w-72')}</div></div>${tabRow}</div>`
  );
}

const region = (className: string, children: string) =>
  `<div role="status" aria-busy="true" class="${className}">${children}</div>`;

const TECH = [
  '<div class="min-h-screen bg-slate-50">',
  header(false, true),
  '<main class="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:py-8">',
  block('h-8 w-64'),
  region(
    'space-y-8',
    `<div>${block('h-7 w-56')}<div class="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">${repeat(4, `<div class="${CARD}">${block('h-5 w-24')}${block('mt-1 h-8 w-16 sm:h-9')}</div>`)}</div></div>` +
      `<div>${block('h-7 w-44')}<div class="${CARD} mt-3">${block('h-11 w-full sm:w-2/3')}</div></div>` +
      `<div>${block('h-7 w-64')}<div class="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-4">${repeat(4, `<div class="${CARD}">${block('h-6 w-3/4')}${block('mt-3 h-11 w-full')}</div>`)}</div></div>`,
  ),
  '</main></div>',
].join('');

const MANAGER = [
  '<div class="min-h-screen bg-slate-50">',
  header(true, false),
  '<main class="mx-auto max-w-7xl space-y-8 px-4 py-8">',
  region(
    'space-y-8',
    `<div class="space-y-4">${block('h-8 w-64')}<div class="grid grid-cols-2 gap-4 lg:grid-cols-4">${repeat(4, `<div class="${STAT_CARD}">${block('h-5 w-24')}${block('mt-1 h-9 w-16')}</div>`)}</div></div>` +
      block('h-11 w-72') +
      `<div class="${STAT_CARD}">${block('h-7 w-56')}${block('mt-4 h-40 w-full')}</div>`,
  ),
  '</main></div>',
].join('');

export const DASHBOARD_SKELETONS: Record<BootstrappedRoute, string> = { '/app': TECH, '/manager': MANAGER };

/**
 * The shell's `#root` when it holds the simple loading placeholder (no nested `<div>`, which this does not try to
 * parse): the whole element, and the placeholder's word for a browser without JavaScript, which stays.
 */
function placeholderRoot(html: string): { element: string; noscript: string } | null {
  const root = /<div id="root">([\s\S]*?)<\/div>/.exec(html);
  const inner = root?.[1];
  if (!root || inner === undefined || inner.includes('<div')) return null;
  return { element: root[0], noscript: /<noscript>[\s\S]*?<\/noscript>/.exec(inner)?.[0] ?? '' };
}

/**
 * The shell with the route's skeleton in `#root` in place of its loading placeholder; the shell as it is when
 * its `#root` holds more than a simple placeholder.
 */
export function withSkeleton(html: string, route: BootstrappedRoute): string {
  const root = placeholderRoot(html);
  if (!root) return html;
  return html.replace(root.element, () => `<div id="root">${DASHBOARD_SKELETONS[route]}${root.noscript}</div>`);
}

/**
 * The shell with a page the server rendered (src/web/prerender-entry.tsx) in `#root`, marked with the path it
 * was rendered for so the browser hydrates it (src/web/main.tsx), and the page's language on `<html>`; the
 * placeholder's word for a browser without JavaScript stays, outside the root. Null when the shell's root is not
 * the simple placeholder.
 */
export function withRenderedPage(html: string, route: BootstrappedRoute, body: string, locale: Locale): string | null {
  const root = placeholderRoot(html);
  if (!root) return null;
  // Replaced by functions: the page holds the user's own words, where `$&` must stay as it is.
  return html
    .replace(/<html lang="[^"]*">/, () => `<html lang="${locale}">`)
    .replace(root.element, () => `${root.noscript}<div id="root" data-ssr="${route}">${body}</div>`);
}
