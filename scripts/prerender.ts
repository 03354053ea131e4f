/**
 * Writes the homepage rendered to static HTML with the app's CSS and no JavaScript, so `/` is fast: one
 * file per language and per visitor kind, `home.<locale>.html` (signed out) and
 * `home.<locale>.signed-in.html` (Go to dashboard instead of Sign In / Get Started Free), plus `home.html`
 * (English, signed out). The server picks one per request (src/server/app.ts). Links are plain anchors
 * into the single-page app.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LOCALES, type Locale } from '../src/domain/locale';

const root = resolve(import.meta.dirname, '..');
const clientDir = join(root, 'dist/client');
const { renderHome, renderHead } = (await import(pathToFileURL(join(root, 'dist/ssr/prerender-entry.js')).href)) as {
  renderHome: (locale: Locale, signedIn: boolean) => string;
  renderHead: (locale: Locale) => { title: string; description: string };
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const template = readFileSync(join(clientDir, 'index.html'), 'utf8')
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');

/** The page and, beside it, its brotli and gzip forms, which the server sends as they are (ADR 0022). */
function writePage(name: string, html: string) {
  writeFileSync(join(clientDir, name), html);
  writeFileSync(
    join(clientDir, `${name}.br`),
    brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(join(clientDir, `${name}.gz`), gzipSync(html, { level: 9 }));
}

/** The same names src/server/app.ts serves. */
function homeFileName(locale: Locale, signedIn: boolean): string {
  return `home.${locale}${signedIn ? '.signed-in' : ''}.html`;
}

for (const locale of LOCALES) {
  for (const signedIn of [false, true]) {
    const head = renderHead(locale);
    const html = template
      .replace('<html lang="en">', `<html lang="${locale}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*"/,
        `<meta name="description" content="${escapeHtml(head.description)}"`,
      )
      // The app's loading placeholder (index.html) gives way to the prerendered page.
      .replace(/<div id="root">[\s\S]*?<\/main>\s*<\/div>/, `<div id="root">${renderHome(locale, signedIn)}</div>`);
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
console.log(`Prerendered the homepage: ${LOCALES.length} languages × signed out / signed in`);
