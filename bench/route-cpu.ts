/**
 * What one read costs: each given GET route loaded alone at 50 connections on a kept scale database
 * (bench/scale.ts with BENCH_GENERATE_ONLY=1), with requests per second, the server's p50/p99 (Fastify's
 * timer), and the CPU per request of the server process and of the database's backends (from /proc, so
 * the load generator's own work is left out). CPU per request moves far less with the machine's load than
 * the rates do, so two versions of a route can be compared back to back on a shared machine.
 *
 *   npm run bench -- route-cpu tp_bench_… /api/v1/me/practice-dashboard /api/v1/manager/analytics
 *   BENCH_SECONDS=5 … seconds per route (after a 300-request warm-up); BENCH_BUNDLE=1 … the bundled server
 *
 * The measured shop's manager (scale.manager@example.com) calls the /manager/ routes; its 50 technicians the
 * others, in turn. Needs DATABASE_URL (the server the database is on) and a PostgreSQL on this machine.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMs, freePort, percentile, signIn, startBenchServer, stopBenchServer } from './harness';

const [database, ...paths] = process.argv.slice(3);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl || !database || paths.length === 0) {
  throw new Error('Usage: DATABASE_URL=… npm run bench -- route-cpu <kept scale database> <GET path>…');
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
/** The CPU of every backend connected to the database but this one (a backend that has exited counts no more). */
async function databaseCpuMs(): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.reduce((sum, { pid }) => sum + cpuMs(pid), 0);
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = await startBenchServer(port, databaseUrl);
const serverPid = server.pid as number;
try {
  const manager = await signIn(origin, 'scale.manager@example.com');
  const technicians: string[] = [];
  for (let i = 0; i < 50; i++) technicians.push(await signIn(origin, `scale.shop${i}@example.com`));
  const takeSamples = async () =>
    Object.values(
      (await (await fetch(`${origin}/bench/samples`, { method: 'POST' })).json()) as Record<string, number[]>,
    ).flat();

  let turn = 0;
  for (const path of paths) {
    const cookie = () => (path.includes('/manager/') ? manager : (technicians[turn++ % technicians.length] as string));
    const request = {
      method: 'GET' as const,
      path,
      setupRequest: (req: autocannon.Request) => ({ ...req, headers: { cookie: cookie(), origin } }),
    };
    await autocannon({ url: origin, connections: CONNECTIONS, amount: 300, requests: [request] });
    await takeSamples();
    const [server0, database0] = [cpuMs(serverPid), await databaseCpuMs()];
    const result = await autocannon({ url: origin, connections: CONNECTIONS, duration: SECONDS, requests: [request] });
    const [server1, database1] = [cpuMs(serverPid), await databaseCpuMs()];
    // Requests still running when the load stopped are recorded when they end.
    await new Promise((r) => setTimeout(r, 1500));
    const samples = await takeSamples();
    const n = result.requests.total;
    console.log(
      `${path}: ${(n / SECONDS).toFixed(0)} req/s, server p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms; CPU per request: server ${((server1 - server0) / n).toFixed(2)} ms, database ${((database1 - database0) / n).toFixed(2)} ms${result.non2xx ? `; ${result.non2xx} not 2xx` : ''}`,
    );
  }
} finally {
  await stopBenchServer(server);
  await admin.end();
}
