/**
 * Page weight of the built client: what `/` and the app shell download, and what each entry route adds,
 * gzipped. Run after `npm run build`: `npx tsx bench/page-weight.ts`. The per-route figures follow the build
 * manifest (scripts/route-weight.ts): the route's lazy page chunk and the chunks it imports statically, less
 * those the shell already loaded. The budgets (ADR 0028) are held in CI by tests/e2e/route-budget.e2e.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipBytes, htmlScripts, pageBytes, readManifest } from '../scripts/route-weight';

const dist = resolve(import.meta.dirname, '../dist/client');
const gz = (path: string) => gzipBytes(dist, path);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function assets(htmlFile: string) {
  const html = readFileSync(join(dist, htmlFile), 'utf8');
  const scripts = htmlScripts(dist, htmlFile);
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)].flatMap(([, file]) =>
    file ? [file] : [],
  );
  return {
    scripts,
    html: gz(htmlFile),
    js: scripts.reduce((s, f) => s + gz(f), 0),
    css: styles.reduce((s, f) => s + gz(f), 0),
  };
}

const home = assets('home.html');
const shell = assets('index.html');
console.log('| page | HTML (gz) | JS (gz) | CSS (gz) | budget |');
console.log('| --- | --- | --- | --- | --- |');
console.log(`| \`/\` (prerendered) | ${kb(home.html)} | ${kb(home.js)} | ${kb(home.css)} | JS ≤ 90 KB |`);
console.log(
  `| app shell (\`/free-test\`, \`/sign-in\`, \`/app\` …) before route chunks | ${kb(shell.html)} | ${kb(shell.js)} | ${kb(shell.css)} | — |`,
);

if (existsSync(join(dist, '.vite/manifest.json'))) {
  const manifest = readManifest(dist);
  const inShell = new Set(shell.scripts);
  const routes: [string, string, number][] = [
    ['/free-test', 'features/free-test/free-test-page.tsx', 70],
    ['/sign-in', 'features/auth/auth-page.tsx', 70],
    ['/app (technician dashboard)', 'features/tech/tech-dashboard-page.tsx', 120],
    ['/app/tests/:id (runner)', 'features/practice/test-runner-page.tsx', 40],
    ['/app/study/:code (guide)', 'features/study/study-guide-page.tsx', 40],
    ['/app/analytics', 'features/analytics/analytics-page.tsx', 40],
    ['/manager (dashboard)', 'features/manager/manager-dashboard-page.tsx', 40],
  ];
  console.log('');
  console.log('| route | shell JS (gz) | route chunks (gz) | total JS (gz) | budget | met? |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [route, key, budget] of routes) {
    if (!manifest[key]) {
      console.log(`| ${route} | — | not in the manifest (${key}) | — | — | — |`);
      continue;
    }
    const routeJs = pageBytes(dist, manifest, key, inShell);
    // Entry pages count the shell; a later route's chunks are judged alone.
    const entry = budget > 40;
    const total = entry ? shell.js + routeJs : routeJs;
    console.log(
      `| \`${route}\` | ${kb(shell.js)} | ${kb(routeJs)} | ${kb(shell.js + routeJs)} | ${entry ? 'total' : 'route chunks'} ≤ ${budget} KB | ${total <= budget * 1024 ? 'yes' : 'no'} |`,
    );
  }
}
