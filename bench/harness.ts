/**
 * What the load benchmarks share: a database of their own on the given PostgreSQL server, the bench server
 * (bench/practice-server.ts) in its own process group, signed-up technicians, and percentiles.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';

export const root = resolve(import.meta.dirname, '..');

/** A fresh database name and URL on the server `adminUrl` points at, and a way to run admin statements. */
export function benchDatabase(adminUrl: string | undefined) {
  if (!adminUrl)
    throw new Error('Set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database).');
  const dbName = `tp_bench_${randomBytes(4).toString('hex')}`;
  const benchUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return { dbName, benchUrl, admin };
}

/**
 * A fresh bench database with the app server (bench/practice-server.ts) running on it and an admin client
 * connected to it; `close()` stops the server and drops the database.
 */
export async function openBench(adminUrl: string | undefined) {
  const { dbName, benchUrl, admin } = benchDatabase(adminUrl);
  await admin(`create database ${dbName}`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startBenchServer(port, benchUrl);
  const db = new pg.Client({ connectionString: benchUrl });
  await db.connect();
  const close = async () => {
    await db.end();
    await stopBenchServer(server);
    await admin(`drop database if exists ${dbName} with (force)`);
  };
  return { origin, db, admin, close };
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

let bundled: Promise<string> | undefined;

/**
 * How the bench server runs: through tsx from the sources, or with BENCH_BUNDLE=1 as `npm start` runs the
 * server, from a bundle made as scripts/build-server.ts makes dist/server/main.js (no TypeScript loader in
 * the process: its memory is what a deployment's is). Bundled once per benchmark run, into bench/.tmp/server.
 */
async function benchServerCommand(): Promise<string[]> {
  if (!process.env.BENCH_BUNDLE) return ['--import', 'tsx', 'bench/practice-server.ts'];
  bundled ??= (async () => {
    const { bundleServer } = await import('../scripts/build-server');
    await bundleServer(resolve(root, 'bench/practice-server.ts'), resolve(root, 'bench/.tmp/server'));
    return resolve(root, 'bench/.tmp/server/practice-server.js');
  })();
  return [await bundled];
}

/** The real app plus the reference routes (bench/practice-server.ts), migrated and seeded, in its own process. */
export async function startBenchServer(port: number, benchUrl: string): Promise<ChildProcess> {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${root}/bench/.prof`] : [];
  const child = spawn(process.execPath, [...profile, ...(await benchServerCommand())], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_DATABASE_URL: benchUrl, BENCH_PORT: String(port) },
  });
  await new Promise<void>((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`bench server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('bench server ready')) ready();
    });
  });
  return child;
}

/** Stops a server started in its own process group (the bench server, `npm start`'s) and waits for it to exit. */
export async function stopBenchServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null || !server.pid) return;
  const exited = new Promise((r) => server.once('exit', r));
  process.kill(-server.pid, 'SIGTERM');
  await exited;
}

/** The password every benchmark account is made with. */
export const BENCH_PASSWORD = 'Rotor-gauge-42';

/** The session a sign-up or sign-in answered with, as a Cookie header. */
export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Signs in an account made with BENCH_PASSWORD (a kept database's); its session cookie. */
export async function signIn(origin: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`);
  return sessionCookie(response);
}

/** Signs up `count` technicians through the API (survey done) and returns their session cookies. */
export async function signUpTechs(origin: string, count: number, prefix = 'bench'): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${origin}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${prefix}${i}@example.com`,
        password: BENCH_PASSWORD,
        fullName: `Bench ${i}`,
        role: 'tech',
        yearsOfExperience: '3_to_5',
      }),
    });
    if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const cookie = sessionCookie(response);
    const level = await fetch(`${origin}/api/v1/me/experience-level`, {
      method: 'PUT',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ experienceLevel: '3_to_5' }),
    });
    if (!level.ok) throw new Error(`experience level failed: ${level.status}`);
    cookies.push(cookie);
  }
  return cookies;
}

/** The row a bench query must return (a seeded category, a count): without one the run stops, naming the query. */
export async function queryRow<T extends pg.QueryResultRow>(
  db: pg.Client,
  text: string,
  values?: unknown[],
): Promise<T> {
  const {
    rows: [row],
  } = await db.query<T>(text, values);
  if (row === undefined) throw new Error(`The bench expected a row from: ${text.trim().split('\n')[0]}`);
  return row;
}

/** The element at `index` of a list the bench built (a user's cookie, session, queue): missing, the run stops. */
export function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`The bench has no element ${index} in a list of ${list.length}`);
  return item;
}

/** CPU ms a process has used (user + system), from /proc; 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    // After the command, which is in parentheses and may hold spaces.
    const [, after] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ');
    if (after === undefined) return 0;
    const fields = after.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime: clock ticks of 10 ms
  } catch {
    return 0;
  }
}

/** A process's resident memory in MB, from /proc (NaN when it reports none). */
export function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

/** The p-th percentile (nearest rank) of a list of milliseconds; 0 for an empty list. */
export function percentile(list: readonly number[], p: number): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
