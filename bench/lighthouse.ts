/**
 * Lighthouse (mobile, default throttling) on the entry pages of the built app: `/`, `/free-test`, `/sign-in`,
 * the public plans page `/plans` (server-rendered and hydrated, ADR 0028) and a signed-in technician's `/app`. Run after `npm run build`: `npx tsx bench/lighthouse.ts` (Debian's Chromium,
 * or `CHROMIUM_PATH`). It starts its own server on the embedded database in a temporary directory and prints a
 * table for bench/RESULTS.md: each page LIGHTHOUSE_RUNS times (3), the run of median performance. The targets
 * (issue 35): performance ≥ 95 (≥ 90 on `/app`), LCP ≤ 2.0 s, CLS ≤ 0.02, TBT ≤ 150 ms, accessibility and best practices 100.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../scripts/find-chromium';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3301);
const base = `http://localhost:${PORT}`;
const root = resolve(import.meta.dirname, '..');

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

async function technicianCookie(): Promise<string> {
  const headers = { 'content-type': 'application/json', origin: base };
  const signUp = await fetch(`${base}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email: `lighthouse.${Date.now()}@example.com`,
      password: 'Rotor-gauge-42',
      fullName: 'Lee Lighthouse',
      role: 'tech',
      yearsOfExperience: '3_to_5',
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}`);
  const cookie = (signUp.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const survey = await fetch(`${base}/api/v1/me/experience-level`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ experienceLevel: '3_to_5' }),
  });
  if (!survey.ok) throw new Error(`survey answered ${survey.status}`);
  // A returning technician: the app saved the browser's time zone to the profile on their first visit, and the
  // server renders the dashboard in it (ADR 0054).
  const zone = await fetch(`${base}/api/v1/me/preferences`, {
    method: 'PATCH',
    headers: { ...headers, cookie },
    body: JSON.stringify({ timeZone: 'America/Chicago' }),
  });
  if (!zone.ok) throw new Error(`preferences answered ${zone.status}`);
  return cookie;
}

/** The embedded database, whatever the caller's environment says. */
function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

const dataDir = mkdtempSync(join(tmpdir(), 'tp-lighthouse-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...withoutDatabaseUrl(process.env), PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
  detached: true,
});
const chromePath = findChromium() ?? '/usr/bin/chromium';
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForServer();
  const cookie = await technicianCookie();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROMIUM_ARGS,
  });
  const pages: [string, string, Record<string, string>][] = [
    ['`/`', '/', {}],
    ['`/free-test`', '/free-test', {}],
    ['`/sign-in`', '/sign-in', {}],
    ['`/plans`', '/plans', {}],
    ['`/app` (signed in)', '/app', { Cookie: cookie }],
  ];
  /** One Lighthouse run of a page: its scores and the figures the targets name. */
  const measure = async (path: string, extraHeaders: Record<string, string>) => {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome?.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      extraHeaders,
    });
    if (!result) throw new Error(`no result for ${path}`);
    const { categories, audits } = result.lhr;
    // A run Lighthouse could not complete (no paint, a page error) scores 0: say why instead of a silent 0.
    if (result.lhr.runtimeError)
      console.error(`${path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    const scripts = (
      (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ??
      []
    )
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    const issueTypes = (
      (audits['inspector-issues']?.details as { items?: { issueType?: string }[] } | undefined)?.items ?? []
    ).map((i) => i.issueType);
    const failedPractices = (categories['best-practices']?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    if (failedPractices.length > 0) console.error(`${path}: best practices failed: ${failedPractices.join(', ')}`);
    if (process.env.LIGHTHOUSE_DEBUG) console.error(JSON.stringify(audits['inspector-issues']?.details, null, 1));
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcp: audits['largest-contentful-paint']?.displayValue ?? '—',
      tbt: audits['total-blocking-time']?.displayValue ?? '—',
      cls: audits['cumulative-layout-shift']?.displayValue ?? '—',
      scriptsKb: scripts / 1024,
      issues: issueTypes.length === 0 ? 'none' : [...new Set(issueTypes)].join(', '),
    };
  };
  // Issue 35's targets are on the median of three runs: each page RUNS times, the run of median performance shown.
  const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const rows: string[] = [];
  for (const [label, path, extraHeaders] of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measure(path, extraHeaders));
    const sorted = [...runs].sort((a, b) => a.performance - b.performance);
    const median = sorted[Math.floor(sorted.length / 2)];
    if (!median) throw new Error('LIGHTHOUSE_RUNS must be at least 1');
    rows.push(
      `| ${label} | ${median.performance} (${runs.map((r) => r.performance).join(', ')}) | ${median.accessibility} | ` +
        `${median.bestPractices} | ${median.seo} | ${median.lcp} | ${median.tbt} | ${median.cls} | ` +
        `${median.scriptsKb.toFixed(0)} KB | ${median.issues} |`,
    );
  }
  console.log(
    '| page | performance, median (runs) | accessibility | best practices | SEO | LCP | TBT | CLS | JS transferred | issues panel |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
} finally {
  await chrome?.kill();
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
