/**
 * `npm run bench -- cold-start` (issue 33): how long `npm start`'s server takes to answer /api/health on an
 * existing database, and its resident memory then. Needs DATABASE_URL (a PostgreSQL server): the benchmark
 * creates its own database, starts once to migrate and seed it (and build what is stale), then starts
 * COLD_START_RUNS times (default 5) each way and reports the medians:
 * - `npm start`: `node scripts/start.mjs`, which runs the server's bundle (ADR 0056);
 * - `tsx`: `node --import tsx src/server/main.ts`, the sources through tsx (`npm run dev`, the cluster).
 * Then one more `npm start` under load: 20 technicians sign up (the password checker's worker starts), and
 * 50 connections read their dashboards' routes for COLD_START_LOAD_SECONDS (default 20): its RSS after that.
 * COLD_START_DATABASE_URL starts on an existing database instead (e.g. the scale benchmark's), left as it is.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { benchDatabase, freePort, nth, percentile, residentMb, root, signUpTechs, stopBenchServer } from './harness';

const runs = Number(process.env.COLD_START_RUNS ?? 5);
const ways = {
  'npm start': ['scripts/start.mjs'],
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
} satisfies Record<string, string[]>;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const LOAD_PATHS = [
  '/api/v1/me/analytics',
  '/api/v1/me/review/cards',
  '/api/v1/master-challenge/leaderboard',
  '/api/v1/master-challenge/my-rank',
];

/** 20 technicians sign up, then 50 connections read LOAD_PATHS in turn; returns requests/s and non-2xx. */
async function underLoad(origin: string) {
  const cookies = await signUpTechs(origin, 20, `cold${randomBytes(3).toString('hex')}-`);
  const result = await autocannon({
    url: origin,
    connections: 50,
    duration: Number(process.env.COLD_START_LOAD_SECONDS ?? 20),
    requests: LOAD_PATHS.map((path) => ({ path, headers: { cookie: nth(cookies, 0) } })),
  });
  return { requestsPerSecond: result.requests.average, non2xx: result.non2xx };
}

/**
 * One start: milliseconds from spawn to a healthy /api/health, and the server's RSS (MB) at that moment; with
 * `load`, also its RSS after `underLoad`.
 */
async function coldStart(
  args: string[],
  databaseUrl: string,
  load = false,
): Promise<{ ms: number; rssMb: number; requestsPerSecond?: number; non2xx?: number; rssAfterLoadMb?: number }> {
  const port = await freePort();
  const { NODE_ENV: _, REDIS_URL: __, ...env } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      ...(args[0] === '--import' ? { NODE_ENV: 'production', BILLING_PROVIDER: 'mock' } : {}),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      BETTER_AUTH_SECRET: randomBytes(24).toString('hex'),
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      if (performance.now() - started > 120_000) throw new Error('the server was not healthy within 120 s');
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = performance.now() - started;
    const rssMb = residentMb(child.pid as number);
    if (!load) return { ms, rssMb };
    const loaded = await underLoad(`http://127.0.0.1:${port}`);
    return { ms, rssMb, ...loaded, rssAfterLoadMb: residentMb(child.pid as number) };
  } finally {
    await stopBenchServer(child);
  }
}

const existing = process.env.COLD_START_DATABASE_URL;
const fresh = existing ? undefined : benchDatabase(process.env.DATABASE_URL);
const databaseUrl = existing ?? (fresh as NonNullable<typeof fresh>).benchUrl;
if (fresh) await fresh.admin(`create database ${fresh.dbName}`);
try {
  const first = await coldStart(ways['npm start'], databaseUrl);
  console.log(`first start (build if stale, migrate, seed): ${(first.ms / 1000).toFixed(2)} s`);
  console.log(`load average before: ${load()}`);
  console.log('| start | runs | median to healthy | slowest | RSS at healthy (median) |');
  console.log('|---|---|---|---|---|');
  for (const [way, args] of Object.entries(ways)) {
    const results: { ms: number; rssMb: number }[] = [];
    for (let i = 0; i < runs; i++) results.push(await coldStart(args, databaseUrl));
    const ms = results.map((r) => r.ms);
    console.log(
      `| ${way} | ${runs} | ${(percentile(ms, 50) / 1000).toFixed(2)} s | ${(Math.max(...ms) / 1000).toFixed(2)} s | ` +
        `${percentile(
          results.map((r) => r.rssMb),
          50,
        ).toFixed(0)} MB |`,
    );
  }
  const loaded = await coldStart(ways['npm start'], databaseUrl, true);
  console.log(
    `npm start under load (${LOAD_PATHS.length} read routes, 50 connections): ${loaded.requestsPerSecond?.toFixed(0)} ` +
      `requests/s, ${loaded.non2xx} non-2xx; RSS ${loaded.rssMb.toFixed(0)} MB at start, ` +
      `${loaded.rssAfterLoadMb?.toFixed(0)} MB after`,
  );
  console.log(`load average after: ${load()}`);
} finally {
  if (fresh) await fresh.admin(`drop database if exists ${fresh.dbName} with (force)`);
}
