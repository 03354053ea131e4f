/**
 * The submit against the database's own limit (issue 33): in one run, bench/submit.pgbench (the submit's
 * writes done by pgbench, a minimal client) at 50 clients, then the app's submit alone at 50 connections
 * (closed loop), then pgbench again; the app's share is its rate over the mean of the two pgbench rates.
 * Then the latency users feel: submits arriving at a fixed rate (open loop, 100/s), each sent on its
 * timer whether or not the earlier ones have been answered, with the server's p50/p99.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- submit-share
 *   BENCH_SECONDS=20 … seconds of each phase; BENCH_RATE=100 … submits per second of the open-loop phase
 * Needs pgbench on the PATH (Debian: apt-get install postgresql-client).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { cpuMs, nth, openBench, percentile, queryRow, root, signUpTechs } from './harness';

const USERS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 100);
/** Sessions per technician that pgbench completes over and over (its writes update rows, so few suffice). */
const PGBENCH_SESSIONS = 20;
/**
 * Prepared sessions per technician for the app's phases: room for a closed loop of 1,000 submits a second (three
 * times the fastest seen), then the open loop's. A run that runs out anyway fails rather than report a rate.
 */
const APP_SESSIONS = Math.ceil((1000 * SECONDS) / USERS) + Math.ceil((RATE * SECONDS) / USERS);

const { origin, db, close } = await openBench(process.env.DATABASE_URL);
const benchUrl = `${process.env.DATABASE_URL?.replace(/\/[^/]*$/, '')}/${(await queryRow<{ name: string }>(db, 'select current_database() as name')).name}`;

const dbName = new URL(benchUrl).pathname.slice(1);

/** The bench server's pid: the practice-server process (from the sources, or bundled: BENCH_BUNDLE=1) whose database is this run's. */
function serverPid(): number {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      if (/bench\/(\.tmp\/server\/)?practice-server\.(ts|js)/.test(cmdline) && environ.includes(`/${dbName}\0`))
        return Number(pid);
    } catch {}
  }
  throw new Error('bench server process not found');
}
/** PostgreSQL backends on this run's database (the admin connection left out), by application name. */
async function backends(application: 'pgbench' | 'app'): Promise<number[]> {
  const { rows } = await db.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
       and (application_name = 'pgbench') = $1`,
    [application === 'pgbench'],
  );
  return rows.map((r) => r.pid);
}
const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** bench/submit.pgbench at 50 clients: transactions per second, mean latency in ms, per statement, and PostgreSQL's CPU ms per transaction. */
async function pgbench() {
  const run = runPgbench();
  // PostgreSQL's CPU per pgbench transaction: its backends' CPU between 2 s in and 1 s before the end.
  await new Promise((r) => setTimeout(r, 2000));
  const pids = await backends('pgbench');
  const cpuStart = cpuOf(pids);
  await new Promise((r) => setTimeout(r, (SECONDS - 3) * 1000));
  const cpuSpent = cpuOf(pids) - cpuStart;
  const result = await run;
  return { ...result, dbCpuMs: cpuSpent / (result.tps * (SECONDS - 3)) };
}

function runPgbench(): Promise<{ tps: number; latencyMs: number; statements: string }> {
  return new Promise((done, fail) => {
    const child = spawn(
      'pgbench',
      [
        '-n',
        '-r',
        '-M',
        'prepared',
        '-f',
        'bench/submit.pgbench',
        '-D',
        `sessions=${PGBENCH_SESSIONS}`,
        '-c',
        String(USERS),
      ].concat(['-j', '2', '-T', String(SECONDS), benchUrl]),
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.once('error', fail);
    child.once('exit', (code) => {
      const tps = out.match(/tps = ([\d.]+)/);
      const latency = out.match(/latency average = ([\d.]+) ms/);
      const failed = out.match(/number of failed transactions: (\d+)/);
      if (code !== 0 || !tps || !latency) return fail(new Error(`pgbench exited with ${code}:\n${out}`));
      if (failed && Number(failed[1]) > 0) return fail(new Error(`pgbench had failed transactions:\n${out}`));
      // -r: each statement's mean latency, the database's side of where a submit's time goes.
      const statements = out.slice(out.indexOf('statement latencies in milliseconds'));
      done({ tps: Number(tps[1]), latencyMs: Number(latency[1]), statements });
    });
  });
}

try {
  const cookies = await signUpTechs(origin, USERS, 'share');
  const category = await queryRow<{ id: string }>(db, `select id from ase_categories where code = 'A1'`);
  const takeSamples = async () =>
    (await (await fetch(`${origin}/bench/samples`, { method: 'POST' })).json()) as Record<string, number[]>;
  const submitRoute = 'POST /api/v1/test-sessions/:id/submit';

  // Started tests with every question answered, in SQL (bench/practice.ts's way): finished tests waiting to be sent.
  await db.query(
    `insert into test_sessions (tech_id, category_id, kind, total_questions, correct_answers, started_at)
     select p.id, $1, 'category', 20, 0, now() from profiles p, generate_series(1, $2) where p.role = 'tech'`,
    [category.id, PGBENCH_SESSIONS + APP_SESSIONS],
  );
  await db.query(
    `insert into test_answers (session_id, position, question_id, selected_answer, answered_at)
     select s.id, q.position, q.id, (array['A','B','C','D'])[1 + floor(random() * 4)::int], now()
     from test_sessions s
     cross join lateral (select id, row_number() over () - 1 as position from (
       select id from questions where category_id = $1 and pool = 'practice' order by md5(id || s.id::text) limit 20
     ) picked) q
     where s.completed_at is null`,
    [category.id],
  );
  // Technician i (share<i>@example.com) is pgbench's client i; its first sessions are pgbench's.
  await db.query(`
    create table bench_pg_sessions as
    select (substring(u.email from '^share(\\d+)@'))::int as client, s.k, s.id as session_id, s.tech_id
    from (select id, tech_id, row_number() over (partition by tech_id order by id) as k from test_sessions) s
    join auth_users u on u.id = s.tech_id
    where s.k <= ${PGBENCH_SESSIONS}`);
  await db.query('alter table bench_pg_sessions add primary key (client, k)');
  await db.query('vacuum analyze test_sessions, test_answers, bench_pg_sessions');
  // Write the bulk insert out now: a checkpoint during a measured phase stalls every commit behind its writes.
  await db.query('checkpoint');
  const queues = Array.from({ length: USERS }, () => [] as string[]);
  for (const r of (
    await db.query<{ client: number; id: string }>(
      `select (substring(u.email from '^share(\\d+)@'))::int as client, s.id
       from test_sessions s join auth_users u on u.id = s.tech_id
       where s.completed_at is null and s.id not in (select session_id from bench_pg_sessions)`,
    )
  ).rows) {
    nth(queues, r.client).push(r.id);
  }
  let ranOut = false;
  const nextSubmit = (user: number) => {
    const sessionId = nth(queues, user).shift();
    if (!sessionId) ranOut = true;
    return { path: `/api/v1/test-sessions/${sessionId}/submit`, cookie: nth(cookies, user) };
  };

  const before = await pgbench();
  await takeSamples();
  const server = serverPid();
  // The pool may open and close connections between phases: CPU of the backends there at the end, less what
  // those already there at the start had used.
  const dbCpuAtStart = new Map((await backends('app')).map((pid) => [pid, cpuMs(pid)]));
  const serverCpuAtStart = cpuMs(server);
  let user = 0;
  const closed = await autocannon({
    url: origin,
    connections: USERS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const { path, cookie } = nextSubmit(user++ % USERS);
          return { ...req, path, headers: { cookie, origin } };
        },
      },
    ],
  });
  const closedServer = (await takeSamples())[submitRoute] ?? [];
  const closedCount = closed.requests.total;
  const serverCpuPerSubmit = (cpuMs(server) - serverCpuAtStart) / closedCount;
  const dbCpuPerSubmit =
    (await backends('app')).reduce((sum, pid) => sum + cpuMs(pid) - (dbCpuAtStart.get(pid) ?? 0), 0) / closedCount;
  const after = await pgbench();

  // Open loop: request i leaves at start + i / RATE seconds, whatever became of the earlier ones.
  const client: number[] = [];
  const statuses = new Map<number, number>();
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < RATE * SECONDS; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const { path, cookie } = nextSubmit(i % USERS);
    const sent = performance.now();
    inFlight.push(
      fetch(`${origin}${path}`, { method: 'POST', headers: { cookie, origin } })
        .then(async (response) => {
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          client.push(performance.now() - sent);
        })
        .catch(() => {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
        }),
    );
  }
  const sendSeconds = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  const openServer = (await takeSamples())[submitRoute] ?? [];
  if (ranOut) throw new Error('The app ran out of prepared sessions: raise APP_SESSIONS.');

  const pgRate = (before.tps + after.tps) / 2;
  const appRate = closed.requests.average;
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
  console.log(
    [
      `Load average at the end: ${load}.`,
      '',
      `| phase (${USERS} connections, ${SECONDS} s each) | per second | latency p50 ms | p99 ms | server p50 ms | server p99 ms | non-2xx |`,
      '| --- | --- | --- | --- | --- | --- | --- |',
      `| pgbench bench/submit.pgbench, before | ${before.tps.toFixed(0)} | ${before.latencyMs.toFixed(1)} (mean) | | | | 0 |`,
      `| app submit alone (closed loop) | ${appRate.toFixed(0)} | ${closed.latency.p50} | ${closed.latency.p99} | ${percentile(closedServer, 50).toFixed(1)} | ${percentile(closedServer, 99).toFixed(1)} | ${closed.non2xx + closed.errors} |`,
      `| pgbench bench/submit.pgbench, after | ${after.tps.toFixed(0)} | ${after.latencyMs.toFixed(1)} (mean) | | | | 0 |`,
      '',
      `App's share of pgbench's rate: ${appRate.toFixed(0)} ÷ ${pgRate.toFixed(0)} = **${((100 * appRate) / pgRate).toFixed(0)} %**.`,
      '',
      `CPU per submit in the closed loop: app server ${serverCpuPerSubmit.toFixed(1)} ms (${((serverCpuPerSubmit * appRate) / 10).toFixed(0)} % of a core at its rate), PostgreSQL ${dbCpuPerSubmit.toFixed(1)} ms; per pgbench transaction, PostgreSQL ${before.dbCpuMs.toFixed(1)} / ${after.dbCpuMs.toFixed(1)} ms (before / after).`,
      '',
      `pgbench's statement latencies (after):`,
      after.statements.trim(),
      '',
      `Open loop: ${RATE * SECONDS} submits at ${RATE}/s (sent over ${sendSeconds.toFixed(1)} s): server p50 ${percentile(openServer, 50).toFixed(1)} ms, p99 ${percentile(openServer, 99).toFixed(1)} ms; client p50 ${percentile(client, 50).toFixed(1)} ms, p99 ${percentile(client, 99).toFixed(1)} ms; statuses ${[...statuses].map(([s, n]) => `${s} × ${n}`).join(', ')}.`,
    ].join('\n'),
  );
} finally {
  await close();
}
