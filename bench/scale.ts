/**
 * Scale benchmark: each screen's server time on a database with a national customer base's
 * history, against the same screens on a database of one 50-technician shop. Both databases are made by
 * bench/scale-data.ts (SQL, same density per technician); the measured shop, its manager and its 50
 * technicians sign up through the API on each. Every read route and the writes are loaded alone at 50
 * connections; the table gives server p50/p99 on both, the ratio of p99s, and the database sizes. Then the
 * server's resident memory, and a cold start of the server on the large database.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench -- scale
 *   SCALE=0.01 … (default 0.01) the large database as a share of the full size (1 = 1,000 shops,
 *   25,000 technicians, 1,000,000 tests, 20,000,000 answers, 200,000 attempts, 50,000 certifications)
 *   BENCH_SECONDS=5 … seconds per route
 *   BENCH_EXPLAIN_MS=50 … logs the plan of every statement slower than that to PostgreSQL's log (auto_explain)
 *   BENCH_KEEP=1 … keeps both databases to look at query plans
 *   BENCH_ROUTES=manager/technicians,manager/assignments … only the routes whose label holds one of these
 *   (the writes run all together when any of them matches)
 *
 * The full size takes long to generate, so it can be made once and measured many times:
 *   BENCH_GENERATE_ONLY=1 … generates the large database, checks its shape and keeps it (named in the output)
 *   BENCH_LARGE_FROM=tp_bench_… … measures a copy of that database (CREATE DATABASE … TEMPLATE) instead of
 *   generating one; the copy is dropped after the run, so the kept one stays as generated
 *   BENCH_BUNDLE=1 … runs the measured server from a bundle, as `npm start` does (bench/harness.ts), so its
 *   resident memory after the run is a deployment's, without tsx's
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import {
  BENCH_PASSWORD,
  benchDatabase,
  freePort,
  percentile,
  queryRow,
  residentMb,
  root,
  sessionCookie,
  signIn,
  signUpTechs,
  startBenchServer,
  stopBenchServer,
} from './harness';
import { generateScaleData, type ScaleSizes, sizesAt } from './scale-data';
import { measureRoutes, type RouteTimes } from './scale-routes';
import { compareWithRealSubmit } from './scale-shape';

const SHOP_TECHNICIANS = 50;
const SCALE = Number(process.env.SCALE ?? 0.01);
/** The small database: the measured shop alone (50 technicians), with the same history per technician. */
const SMALL_SCALE = SHOP_TECHNICIANS / 25_000;
const adminUrl = process.env.DATABASE_URL;

interface Run {
  label: string;
  sizes: ScaleSizes;
  bytes: number;
  counts: Record<string, string>;
  generateSeconds: number;
  times: RouteTimes;
  rssMb: number;
  coldStartMs?: number;
}

/** The measured shop: a manager on a paid plan, and 50 technicians who did the survey, through the API. */
async function measuredShop(origin: string, db: pg.Client) {
  const signUp = await fetch(`${origin}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'scale.manager@example.com',
      password: BENCH_PASSWORD,
      fullName: 'Scale Manager',
      role: 'manager',
      shopCode: 'SHOPSCALE1',
    }),
  });
  if (!signUp.ok) throw new Error(`manager sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = sessionCookie(signUp);
  const call = async <T = unknown>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { shop } = await call<{ shop: { id: string } }>('/api/v1/shops', {
    name: 'Scale Dealership',
    type: 'dealership',
  });
  const { plans } = await call<{ plans: { id: string }[] }>('/api/v1/shop/plans');
  const plan = plans.at(-1);
  if (!plan) throw new Error('no shop plan to subscribe to');
  await call('/api/v1/shop/subscription', {
    planId: plan.id,
    payment: {
      cardholderName: 'Scale Manager',
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
  const techCookies = await signUpTechs(origin, SHOP_TECHNICIANS, 'scale.shop');
  await db.query(`update profiles set shop_id = $1::uuid where email like 'scale.shop%@example.com'`, [shop.id]);
  await db.query(`update auth_users set email_verified = true where email like 'scale.shop%@example.com'`);
  return { shopId: shop.id as string, managerCookie: cookie, techCookies, techIds: await measuredTechIds(db) };
}

/** Technician i is scale.shop<i>@example.com, the owner of techCookies[i]. */
async function measuredTechIds(db: pg.Client): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select u.id from generate_series(0, $1 - 1) i join auth_users u on u.email = 'scale.shop' || i || '@example.com' order by i`,
    [SHOP_TECHNICIANS],
  );
  return rows.map((r) => r.id);
}

/** The measured shop of a copied database: its manager and technicians sign in. */
async function signInMeasuredShop(origin: string, db: pg.Client) {
  const { shop_id } = await queryRow<{ shop_id: string }>(
    db,
    `select shop_id from profiles where email = 'scale.manager@example.com'`,
  );
  const managerCookie = await signIn(origin, 'scale.manager@example.com');
  const techCookies: string[] = [];
  for (let i = 0; i < SHOP_TECHNICIANS; i++) techCookies.push(await signIn(origin, `scale.shop${i}@example.com`));
  return { shopId: shop_id, managerCookie, techCookies, techIds: await measuredTechIds(db) };
}

/**
 * `npm start`'s server on an existing database (`node scripts/start.mjs`: the server's bundle, ADR 0056; it
 * rebuilds first only when the build is missing or stale, so run `npm run build` before the bench): ms to its
 * first healthy answer.
 */
async function coldStart(databaseUrl: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BILLING_PROVIDER: 'mock',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      LOG_LEVEL: 'silent',
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error('server not ready in 60 s');
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
  }
}

interface RunOptions {
  coldStart: boolean;
  /** A kept database to measure a copy of, instead of generating one. */
  from?: string;
  /** Generate, check and keep the database; measure nothing. */
  generateOnly?: boolean;
}

async function runAt(label: string, scale: number, options: RunOptions): Promise<Run | undefined> {
  const { dbName, benchUrl, admin } = benchDatabase(adminUrl);
  await admin(options.from ? `create database ${dbName} template ${options.from}` : `create database ${dbName}`);
  const keep = Boolean(process.env.BENCH_KEEP || options.generateOnly);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server = await startBenchServer(port, benchUrl);
  const db = new pg.Client({ connectionString: benchUrl });
  await db.connect();
  try {
    const sizes = sizesAt(scale, SHOP_TECHNICIANS);
    let generateSeconds = 0;
    let shop: Awaited<ReturnType<typeof measuredShop>>;
    if (options.from) {
      shop = await signInMeasuredShop(origin, db);
      console.log(`${label}: measuring a copy of ${options.from}`);
    } else {
      shop = await measuredShop(origin, db);
      const started = Date.now();
      const steps = await generateScaleData(db, benchUrl, sizes, shop);
      generateSeconds = (Date.now() - started) / 1000;
      console.log(`${label}: generated in ${generateSeconds.toFixed(0)} s`, steps);
      const differences = await compareWithRealSubmit(origin, db);
      console.log(
        differences.length
          ? `${label}: generated rows differ from a real submit's:\n  ${differences.join('\n  ')}`
          : `${label}: generated rows have the shape of a real submit's (8 tables compared)`,
      );
      if (options.generateOnly) return undefined;
    }
    if (process.env.BENCH_EXPLAIN_MS) {
      // Plans of the slow statements go to PostgreSQL's log (auto_explain, loaded by each new connection).
      await admin(`alter database ${dbName} set session_preload_libraries = 'auto_explain'`);
      await admin(
        `alter database ${dbName} set auto_explain.log_min_duration = '${Number(process.env.BENCH_EXPLAIN_MS)}ms'`,
      );
    }
    // A fresh server on the finished database, as after a deploy (no cache warmed by the generation).
    await stopBenchServer(server);
    server = await startBenchServer(port, benchUrl);
    const times = await measureRoutes({ origin, db, databaseUrl: benchUrl, ...shop });
    const rss = residentMb(server.pid as number);
    const counts = await queryRow<Record<string, string>>(
      db,
      `select pg_database_size(current_database()) as bytes,
         (select count(*) from shops) as shops,
         (select count(*) from profiles where role = 'tech') as technicians,
         (select count(*) from test_sessions where completed_at is not null) as tests,
         (select count(*) from test_answers) as answers,
         (select count(*) from user_question_progress) as progress,
         (select count(*) from review_cards) as review_cards,
         (select count(*) from master_challenge_attempts) as attempts,
         (select count(*) from tech_certifications) as certifications`,
    );
    await stopBenchServer(server);
    const coldStartMs = options.coldStart
      ? await coldStart(benchUrl).catch((error) => {
          console.error('cold start failed:', error);
          return undefined;
        })
      : undefined;
    return { label, sizes, bytes: Number(counts.bytes), counts, generateSeconds, times, rssMb: rss, coldStartMs };
  } finally {
    await db.end();
    if (server.exitCode === null && server.signalCode === null) await stopBenchServer(server);
    if (keep) console.log(`Kept database ${dbName}.`);
    else await admin(`drop database if exists ${dbName} with (force)`);
  }
}

if (process.env.BENCH_GENERATE_ONLY) {
  await runAt(`SCALE=${SCALE}`, SCALE, { coldStart: false, generateOnly: true });
  process.exit(0);
}
const small = await runAt('small', SMALL_SCALE, { coldStart: false });
const large = await runAt(`SCALE=${SCALE}`, SCALE, { coldStart: true, from: process.env.BENCH_LARGE_FROM });
if (!small || !large) throw new Error('a measured run returned nothing');

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rows = Object.entries(large.times).map(([route, l]) => {
  const s = small.times[route] ?? [];
  const ratio = percentile(l, 99) / Math.max(0.1, percentile(s, 99));
  const within = percentile(l, 99) < 50 && ratio <= 1.5;
  return `| ${route} | ${percentile(s, 50).toFixed(1)} | ${percentile(s, 99).toFixed(1)} | ${percentile(l, 50).toFixed(1)} | ${percentile(l, 99).toFixed(1)} | ${ratio.toFixed(2)} | ${l.length} | ${within ? 'yes' : '**no**'} |`;
});
console.log(
  [
    '',
    `small: ${JSON.stringify(small.counts)}`,
    `large: ${JSON.stringify(large.counts)}`,
    '',
    `Server ms per request, each route alone at 50 connections; small = ${mb(small.bytes)}, large (SCALE=${SCALE}) = ${mb(large.bytes)}.`,
    '',
    '| route | small p50 | small p99 | large p50 | large p99 | p99 large ÷ small | requests (large) | within 1.5× and 50 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Server RSS after the run: small ${small.rssMb.toFixed(0)} MB, large ${large.rssMb.toFixed(0)} MB.`,
    `Cold start (server to first healthy answer) on the large database: ${large.coldStartMs?.toFixed(0)} ms.`,
    large.generateSeconds
      ? `Generated the large database in ${large.generateSeconds.toFixed(0)} s.`
      : `The large database is a copy of ${process.env.BENCH_LARGE_FROM}.`,
  ].join('\n'),
);
