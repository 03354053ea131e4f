/**
 * Writes dist/client/home.html: the homepage rendered to static HTML with the app's CSS and no
 * JavaScript, so `/` is fast. Links in it are plain anchors into the single-page app.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const clientDir = join(root, 'dist/client');
const { renderHome } = (await import(pathToFileURL(join(root, 'dist/ssr/prerender-entry.js')).href)) as {
  renderHome: () => string;
};

const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
const html = template
  .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  .replace('<div id="root"></div>', `<div id="root">${renderHome()}</div>`);
if (!html.includes('Start Free Practice Test')) throw new Error('Prerendered homepage is missing its hero');
writeFileSync(join(clientDir, 'home.html'), html);
console.log('Prerendered dist/client/home.html');
