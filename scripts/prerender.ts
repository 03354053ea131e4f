/**
 * Writes the pages rendered at build time (ADR 0022, ADR 0028), each beside its brotli and gzip forms:
 * - the homepage as static HTML with the app's CSS and no JavaScript, one file per language and per visitor
 *   kind, `home.<locale>.html` (signed out) and `home.<locale>.signed-in.html` (Go to dashboard instead of
 *   Sign In / Get Started Free), plus `home.html` (English, signed out). Links are plain anchors into the app.
 * - the entry pages (src/domain/entry-pages.ts: the free test, sign in and up, forgot and reset password, the
 *   plans), rendered by the app itself and KEEPING its scripts: the browser hydrates them (src/web/main.tsx).
 *   The data a page is rendered with (the free test's questions, the plans) goes into the page as JSON, so
 *   the hydration render has it too.
 * The server picks a file per request (src/server/http/client-pages.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ADAPTIVE_MASTERY_PRICE_CENTS } from '../src/domain/billing';
import type { PublicQuestion } from '../src/domain/contracts/free-test';
import type { PublicPlansResponse } from '../src/domain/contracts/public-plans';
import {
  ENTRY_PAGE_PATHS,
  type EntryVariant,
  entryPageFile,
  entryPageVariants,
  entryPageVariantUrl,
  SSR_DATA_ELEMENT_ID,
} from '../src/domain/entry-pages';
import { LOCALES, type Locale } from '../src/domain/locale';
import { spanishQuestion } from '../src/domain/translation';
import { loadContent } from '../src/server/db/content';

const root = resolve(import.meta.dirname, '..');
const clientDir = join(root, 'dist/client');
const { renderHome, renderHead, renderEntryPage, ENTRY_PATHS } = (await import(
  pathToFileURL(join(root, 'dist/ssr/prerender-entry.js')).href
)) as {
  renderHome: (locale: Locale, signedIn: boolean) => string;
  renderHead: (locale: Locale) => { title: string; description: string };
  renderEntryPage: (url: string, locale: Locale, data: Record<string, unknown>) => Promise<string>;
  ENTRY_PATHS: string[];
};

if (ENTRY_PATHS.join() !== ENTRY_PAGE_PATHS.join()) {
  throw new Error(`The app's entry pages (${ENTRY_PATHS}) differ from src/domain/entry-pages.ts (${ENTRY_PAGE_PATHS})`);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const built = readFileSync(join(clientDir, 'index.html'), 'utf8');
/** The app's loading placeholder (index.html), which a rendered page replaces. */
const PLACEHOLDER = /<div id="root">[\s\S]*?<\/main>\s*<\/div>/;
const noscript = /<noscript>[\s\S]*?<\/noscript>/.exec(built)?.[0] ?? '';

/** A page's data as JSON that is safe inside a <script> element: no `</script>` or `<!--` can end it early. */
function ssrDataScript(data: Record<string, unknown>): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SSR_DATA_ELEMENT_ID}">${json}</script>`;
}

/** The page and, beside it, its brotli and gzip forms, which the server sends as they are (ADR 0022). */
function writePage(name: string, html: string) {
  writeFileSync(join(clientDir, name), html);
  writeFileSync(
    join(clientDir, `${name}.br`),
    brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(join(clientDir, `${name}.gz`), gzipSync(html, { level: 9 }));
}

function withHead(template: string, locale: Locale, title: string, description: string): string {
  return template
    .replace('<html lang="en">', `<html lang="${locale}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"/,
      `<meta name="description" content="${escapeHtml(description)}"`,
    );
}

// The homepage: no scripts at all.
const staticTemplate = built
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');

/** The same names src/server/http/client-pages.ts serves. */
function homeFileName(locale: Locale, signedIn: boolean): string {
  return `home.${locale}${signedIn ? '.signed-in' : ''}.html`;
}

for (const locale of LOCALES) {
  for (const signedIn of [false, true]) {
    const head = renderHead(locale);
    const html = withHead(staticTemplate, locale, escapeHtml(head.title), head.description).replace(
      PLACEHOLDER,
      `<div id="root">${renderHome(locale, signedIn)}</div>`,
    );
    if (html.includes('animate-spin'))
      throw new Error(`Prerendered homepage (${locale}) still holds the loading placeholder`);
    if (!html.includes('href="/free-test"')) throw new Error(`Prerendered homepage (${locale}) is missing its hero`);
    if (!html.includes(`<title>${escapeHtml(head.title)}</title>`) || !head.title)
      throw new Error(`Prerendered homepage (${locale}) has no title in its language`);
    if (signedIn === html.includes('href="/sign-in"'))
      throw new Error(`Prerendered homepage (${locale}) has the wrong navigation`);
    writePage(homeFileName(locale, signedIn), html);
    if (locale === 'en' && !signedIn) writePage('home.html', html);
  }
}

// The entry pages' data, from the content the server loads into its database at start-up.
const content = loadContent();
const freeTest: { questions: PublicQuestion[] } = {
  questions: content.freeTest.map((q) => ({
    id: q.id,
    question: q.question,
    options: q.options,
    exhibit: q.exhibit ?? null,
    es: spanishQuestion(q.es ?? null),
  })),
};
const plans: PublicPlansResponse = {
  shopPlans: content.plans.shopPlans
    .filter((p) => p.active)
    .sort((a, b) => a.price_monthly_cents - b.price_monthly_cents)
    .map((p) => ({
      code: p.code,
      name: p.name,
      priceMonthlyCents: p.price_monthly_cents,
      maxTechnicians: p.max_technicians,
      features: p.features,
      shopType: p.shop_type,
    })),
  adaptiveMasteryPriceCents: ADAPTIVE_MASTERY_PRICE_CENTS,
};
const PAGE_DATA: Record<string, Record<string, unknown>> = {
  '/free-test': { 'free-test': freeTest },
  '/plans': { plans },
};

/** What each page's HTML must hold, so a page that lost its content fails the build. */
const MUST_HOLD: Record<string, (locale: Locale, variant: EntryVariant) => string> = {
  '/free-test': (locale) =>
    escapeHtml((locale === 'es' && freeTest.questions[0]?.es?.question) || freeTest.questions[0]?.question || '?'),
  '/sign-in': () => 'type="password"',
  '/sign-up': () => 'autoComplete="new-password"',
  '/forgot-password': () => 'type="email"',
  '/reset-password': (_locale, variant) => (variant === 'with-token' ? 'type="password"' : 'href="/forgot-password"'),
  '/plans': () => escapeHtml(plans.shopPlans[0]?.name ?? '?'),
};

/** What a variant's HTML must not hold: sign-up with Shop Manager chosen asks no years of experience. */
const MUST_LACK: Partial<Record<EntryVariant, string>> = { manager: 'name="yearsOfExperience"' };

/** The page's name for the tab, as the app sets it (src/web/app/route-focus.tsx): its main heading · TorquePrep. */
function pageTitle(html: string): string {
  const main = html.slice(Math.max(0, html.indexOf('<main')));
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(main)?.[1] ?? '';
  const text = heading
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? `${text} · TorquePrep` : 'TorquePrep';
}

let written = 0;
for (const path of ENTRY_PAGE_PATHS) {
  for (const variant of entryPageVariants(path)) {
    for (const locale of LOCALES) {
      const data = PAGE_DATA[path] ?? {};
      const url = entryPageVariantUrl(path, variant);
      const body = await renderEntryPage(url, locale, data);
      const head = renderHead(locale);
      const dataScript = Object.keys(data).length > 0 ? ssrDataScript(data) : '';
      const html = withHead(built, locale, pageTitle(body), head.description).replace(
        PLACEHOLDER,
        `${noscript}<div id="root" data-ssr="${path}">${body}</div>${dataScript}`,
      );
      const expected = MUST_HOLD[path]?.(locale, variant);
      if (!expected || !body.includes(expected)) throw new Error(`${path} (${locale}, ${variant}) lacks '${expected}'`);
      const unexpected = MUST_LACK[variant];
      if (unexpected && body.includes(unexpected))
        throw new Error(`${path} (${locale}, ${variant}) holds '${unexpected}'`);
      if (body.includes('animate-spin')) throw new Error(`${path} (${locale}) rendered a loading spinner`);
      if (!/<script type="module"/.test(html)) throw new Error(`${path} (${locale}) lost the app's scripts`);
      writePage(entryPageFile(path, locale, variant), html);
      written += 1;
    }
  }
}
console.log(
  `Prerendered the homepage (${LOCALES.length} languages × signed out / signed in) and ${written} entry page files`,
);
