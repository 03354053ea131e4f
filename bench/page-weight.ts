/**
 * Page weight of the built client: what `/` and the app shell download, gzipped.
 * Run after `npm run build`: `npx tsx bench/page-weight.ts`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../dist/client');
const gz = (path: string) => gzipSync(readFileSync(join(dist, path))).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function assets(htmlFile: string) {
  const html = readFileSync(join(dist, htmlFile), 'utf8');
  const scripts = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)].map((m) => m[1]);
  return { html: gz(htmlFile), js: scripts.reduce((s, f) => s + gz(f), 0), css: styles.reduce((s, f) => s + gz(f), 0) };
}

const home = assets('home.html');
const shell = assets('index.html');
console.log('| page | HTML (gz) | JS (gz) | CSS (gz) | budget |');
console.log('| --- | --- | --- | --- | --- |');
console.log(`| \`/\` (prerendered) | ${kb(home.html)} | ${kb(home.js)} | ${kb(home.css)} | JS ≤ 90 KB |`);
console.log(
  `| app shell (\`/free-test\`, \`/sign-in\`, \`/app\` …) before route chunks | ${kb(shell.html)} | ${kb(shell.js)} | ${kb(shell.css)} | — |`,
);
