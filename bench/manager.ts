/**
 * Manager dashboard benchmark: a shop of 75 technicians with 200 completed tests each
 * (20 answers per test), plus open tests, assignments and join requests, on PostgreSQL. Each call the
 * dashboard makes is loaded alone at 50 connections for 10 s, after a bare Fastify route doing one
 * 10-row select in the same server process (for the ratio); then the whole dashboard (all six calls
 * per connection in turn).
 *
 * The server runs in its own process (bench/practice-server.ts: the real app plus the bare route and
 * a latency recorder) on a database this script creates, seeds in SQL and drops.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/manager.ts
 *   BENCH_SECONDS=5 … shortens each phase; BENCH_KEEP=1 … keeps the database to look at query plans
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { rebuildProgressTotals } from '../src/server/modules/practice/progress-totals';
import { BENCH_PASSWORD, percentile as pct, queryRow, sessionCookie } from './harness';

const CONNECTIONS = 50;
const TECHNICIANS = 75;
const TESTS_PER_TECHNICIAN = 200;
const ANSWERS_PER_TEST = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl)
  throw new Error('Set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database).');

const root = resolve(import.meta.dirname, '..');
const dbName = `tp_bench_mgr_${randomBytes(4).toString('hex')}`;
const benchUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function startServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/practice-server.ts'], {
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

async function json(response: Response) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response.json();
}

await admin(`create database ${dbName}`);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = await startServer(port);
const db = new pg.Client({ connectionString: benchUrl });
await db.connect();

try {
  // The manager, their shop and its trial, through the API.
  const signUp = await fetch(`${origin}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'bench.manager@example.com',
      password: BENCH_PASSWORD,
      fullName: 'Bench Manager',
      role: 'manager',
      shopCode: 'SHOPBENCH1',
    }),
  });
  await json(signUp);
  const cookie = sessionCookie(signUp);
  const call = (path: string, body?: unknown) =>
    fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(json);
  const { shop } = (await call('/api/v1/shops', { name: 'Bench Dealership', type: 'dealership' })) as {
    shop: { id: string; shopCode: string };
  };
  const { plans } = (await call('/api/v1/shop/plans')) as { plans: { id: string }[] };
  const [plan] = plans;
  if (!plan) throw new Error('no shop plan to subscribe to');
  await call('/api/v1/shop/subscription', {
    planId: plan.id,
    payment: {
      cardholderName: 'Bench Manager',
      cardNumber: '4242424242424242',
      expMonth: '12',
      expYear: String(new Date().getFullYear() + 1),
      cvv: '123',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      acceptTerms: true,
    },
  });

  // 75 technicians of the shop and 10 outside it (5 asking to join, 5 already reviewed), in SQL.
  const started = Date.now();
  await db.query(
    `insert into auth_users (id, name, email, email_verified)
     select 'bench-tech-' || n, 'Tech ' || n, 'bench.tech' || n || '@example.com', true
     from generate_series(1, $1) n`,
    [TECHNICIANS + 10],
  );
  await db.query(
    `insert into profiles (id, email, full_name, role, shop_id, experience_level)
     select 'bench-tech-' || n, 'bench.tech' || n || '@example.com', 'Tech ' || n, 'tech',
       case when n <= $2 then $1::uuid end, '3_to_5'
     from generate_series(1, $2 + 10) n`,
    [shop.id, TECHNICIANS],
  );
  await db.query(
    `insert into shop_change_requests (tech_id, new_shop_id, requested_shop_code, notes, status, requested_at, reviewed_at, reviewed_by)
     select 'bench-tech-' || n, $1::uuid, $2, 'Bench request',
       case when n <= $3 + 5 then 'pending' else 'rejected' end, now() - n * interval '1 hour',
       case when n > $3 + 5 then now() end, case when n > $3 + 5 then (select manager_id from shops where id = $1::uuid) end
     from generate_series($3 + 1, $3 + 10) n`,
    [shop.id, shop.shopCode, TECHNICIANS],
  );

  // 200 completed tests per technician over the last 200 days, one in nine a full exam, 20 answers each.
  await db.query(
    `insert into test_sessions (tech_id, category_id, kind, total_questions, correct_answers, score, started_at, completed_at)
     select tech_id, case when exam then null else category_id end, case when exam then 'exam' else 'category' end,
       ${ANSWERS_PER_TEST}, correct, (200 * correct + ${ANSWERS_PER_TEST}) / (2 * ${ANSWERS_PER_TEST}),
       done - interval '20 minutes', done
     from (
       select p.id as tech_id, c.id as category_id, n % 9 = 0 as exam,
         (8 + floor(random() * 13))::int as correct,
         now() - n * interval '1 day' - random() * interval '20 hours' as done
       from profiles p
       cross join generate_series(1, $2) n
       join ase_categories c on c.code = 'A' || (1 + (n + length(p.id)) % 8)
       where p.shop_id = $1::uuid and p.role = 'tech'
     ) planned`,
    [shop.id, TESTS_PER_TECHNICIAN],
  );
  await db.query(
    `insert into test_answers (session_id, position, question_id, selected_answer, is_correct, answered_at)
     select s.id, q.position, q.id, q.correct_answer, true, s.completed_at
     from test_sessions s
     cross join lateral (
       select id, correct_answer, (row_number() over () - 1)::int as position from (
         select id, correct_answer from questions
         where pool = 'practice' and (s.category_id is null or category_id = s.category_id)
         order by md5(id || s.id::text) limit ${ANSWERS_PER_TEST}) picked
     ) q`,
  );
  // One open test for every other technician, and 3 assignments each (completed, in progress, not started).
  await db.query(
    `insert into test_sessions (tech_id, category_id, kind, total_questions, started_at)
     select p.id, (select id from ase_categories where code = 'A5'), 'category', 20, now() - interval '5 minutes'
     from profiles p where p.shop_id = $1::uuid and p.id ~ '[02468]$'`,
    [shop.id],
  );
  await db.query(
    `insert into test_assignments (manager_id, tech_id, shop_id, category_id, due_date, notes, status, assigned_at, completed_at)
     select s.manager_id, p.id, s.id, c.id, now() + (k - 1) * interval '2 days', 'Bench assignment',
       (array['completed', 'in_progress', 'pending'])[k], now() - interval '3 days',
       case when k = 1 then now() - interval '1 day' end
     from profiles p join shops s on s.id = p.shop_id
     cross join generate_series(1, 3) k
     join ase_categories c on c.code = 'A' || (1 + k)
     where p.shop_id = $1::uuid`,
    [shop.id],
  );
  const handle = await openDatabase({ databaseUrl: benchUrl, dataDir: 'memory://', poolSize: 1 });
  await rebuildProgressTotals(handle.db);
  await handle.close();
  await db.query('vacuum analyze');
  const seeded = await queryRow<Record<string, string>>(
    db,
    `select (select count(*) from profiles where shop_id = $1::uuid and role = 'tech') as technicians,
       (select count(*) from test_sessions) as sessions,
       (select count(*) from test_sessions where completed_at is not null) as completed,
       (select count(*) from test_answers) as answers,
       (select count(*) from test_assignments) as assignments,
       (select count(*) from shop_change_requests) as requests`,
    [shop.id],
  );
  console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(0)} s:`, seeded);

  const takeSamples = async () =>
    (await (await fetch(`${origin}/bench/samples`, { method: 'POST' })).json()) as Record<string, number[]>;
  /** The server's timings of one route since the last take: every measured route has some. */
  const samplesOf = async (route: string) => {
    const samples = (await takeSamples())[route];
    if (!samples) throw new Error(`the server kept no timings for ${route}`);
    return samples;
  };

  const routes = [
    '/api/v1/manager/overview',
    '/api/v1/manager/technicians',
    '/api/v1/manager/assignments',
    '/api/v1/manager/test-history',
    '/api/v1/manager/join-requests',
    '/api/v1/manager/join-requests/history',
  ];
  // Warm every route (prepared statements on each pooled connection, the session cache).
  await autocannon({ url: `${origin}/bench/bare`, connections: CONNECTIONS, amount: 500 });
  for (const path of routes) {
    await autocannon({ url: `${origin}${path}`, connections: CONNECTIONS, amount: 300, headers: { cookie } });
  }
  await takeSamples();

  type Row = { label: string; result: autocannon.Result; server: number[] };
  const rows: Row[] = [];
  const bare = await autocannon({ url: `${origin}/bench/bare`, connections: CONNECTIONS, duration: SECONDS });
  rows.push({
    label: 'bare route (one 10-row select)',
    result: bare,
    server: await samplesOf('GET /bench/bare'),
  });
  for (const path of routes) {
    const result = await autocannon({
      url: `${origin}${path}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { cookie },
    });
    if (result.non2xx > 0) throw new Error(`${path}: ${result.non2xx} non-2xx responses`);
    rows.push({ label: `GET ${path}`, result, server: await samplesOf(`GET ${path}`) });
  }
  const whole = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: routes.map((path) => ({ method: 'GET' as const, path, headers: { cookie } })),
  });
  const wholeSamples = Object.values(await takeSamples()).flat();
  rows.push({ label: 'the whole dashboard (6 calls in turn)', result: whole, server: wholeSamples });

  const line = ({ label, result, server }: Row) =>
    `| ${label} | ${result.requests.average.toFixed(0)} | ${(result.requests.average / bare.requests.average).toFixed(2)} | ${result.latency.p50} | ${result.latency.p99} | ${pct(server, 50).toFixed(1)} | ${pct(server, 99).toFixed(1)} | ${result.non2xx + result.errors + result.timeouts} |`;
  console.log(
    [
      '',
      `${CONNECTIONS} connections × ${SECONDS} s per row; ratio = requests/s ÷ the bare route's requests/s.`,
      '',
      '| call | req/s | ratio to bare | p50 ms (client) | p99 ms (client) | p50 ms (server) | p99 ms (server) | errors |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows.map(line),
    ].join('\n'),
  );
} finally {
  await db.end();
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (process.env.BENCH_KEEP) console.log(`Kept database ${dbName} (BENCH_KEEP).`);
  else await admin(`drop database if exists ${dbName} with (force)`);
}
