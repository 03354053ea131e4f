/**
 * `npm run bench -- dashboard-render` (ADR 0054): what rendering `/app` on the server costs per request. Needs a
 * build (`npm run build`). Starts `npm start` on a fresh embedded database, signs up technicians whose profile
 * has a time zone (their `/app` is rendered with React) and as many without one (theirs is the skeleton: the same
 * reads, the same bootstrap JSON, no render), then loads each group's `/app` at DASHBOARD_RENDER_CONNECTIONS
 * (default 10) for DASHBOARD_RENDER_SECONDS (default 15), one after the other, and reports latency and rate. The
 * difference between the two rows is the render. Traffic goes to 127.0.0.1 only.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, root, signUpTechs } from './harness';

const connections = Number(process.env.DASHBOARD_RENDER_CONNECTIONS ?? 10);
const seconds = Number(process.env.DASHBOARD_RENDER_SECONDS ?? 15);
const users = 20;

if (!existsSync(join(root, 'dist/ssr/prerender-entry.js'))) throw new Error('Run `npm run build` first');

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'tp-dashboard-render-'));
const { DATABASE_URL: _embedded, ...env } = process.env;
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...env,
    PORT: String(port),
    BASE_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_IP: '1000',
  },
});

async function ready() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

async function withTimeZone(cookie: string) {
  const saved = await fetch(`${origin}/api/v1/me/preferences`, {
    method: 'PATCH',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ timeZone: 'America/Chicago' }),
  });
  if (!saved.ok) throw new Error(`preferences answered ${saved.status}`);
}

/** One group's `/app` under load, each connection a different technician's cookie in turn. */
async function load(cookies: string[], marker: string) {
  const page = await (await fetch(`${origin}/app`, { headers: { cookie: cookies[0] ?? '' } })).text();
  if (!page.includes(marker)) throw new Error(`/app did not hold ${marker}`);
  const result = await autocannon({
    url: `${origin}/app`,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'br' },
    requests: cookies.map((cookie) => ({ method: 'GET', path: '/app', headers: { cookie, 'accept-encoding': 'br' } })),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

try {
  await ready();
  const rendered = await signUpTechs(origin, users, `render${Date.now()}`);
  for (const cookie of rendered) await withTimeZone(cookie);
  const skeleton = await signUpTechs(origin, users, `skeleton${Date.now()}`);
  // Warm both paths (the renderer's modules, the statements) before measuring.
  for (const cookie of [...rendered, ...skeleton]) await fetch(`${origin}/app`, { headers: { cookie } });
  const rows: string[] = [];
  for (const [label, cookies, marker] of [
    ['rendered on the server', rendered, 'data-ssr="/app"'],
    ['skeleton (same reads, no render)', skeleton, 'aria-busy="true"'],
  ] as const) {
    const r = await load(cookies, marker);
    rows.push(
      `| ${label} | ${Math.round(r.requests.average)} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${(r.throughput.average / r.requests.average / 1024).toFixed(1)} KB |`,
    );
  }
  console.log(
    `\n\`npm run bench -- dashboard-render\`, ${connections} connections × ${seconds} s each, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log('| `/app` | requests/s | p50 | p99 | brotli body |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
