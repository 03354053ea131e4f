/**
 * Cluster benchmark: the practice journey (start an A1 category test → 20 answers → submit) by
 * USERS concurrent technicians through HAProxy, with 1 and then 2 app instances behind it
 * (scripts/cluster-supervisor.ts), on a database this script creates and drops.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/cluster.ts
 *   BENCH_SECONDS=20 (default) per run; needs Redis at 127.0.0.1:6379 (database 12 is used) and HAProxy.
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { Cluster, freePort } from '../scripts/cluster-supervisor';
import { benchDatabase, nth, signUpTechs } from './harness';

const USERS = 30;
const DURATION = Number(process.env.BENCH_SECONDS ?? 20);
const { dbName, benchUrl, admin } = benchDatabase(process.env.DATABASE_URL);
const letters = ['A', 'B', 'C', 'D'];

async function run(instances: number, seed: boolean) {
  const publicPort = await freePort();
  const origin = `http://127.0.0.1:${publicPort}`;
  const cluster = new Cluster({
    instances,
    publicPort,
    bind: '127.0.0.1',
    output: 'ignore',
    log: () => {},
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BILLING_PROVIDER: 'mock',
      DATABASE_URL: benchUrl,
      REDIS_URL: 'redis://127.0.0.1:6379/12',
      BETTER_AUTH_SECRET: randomBytes(24).toString('hex'),
      BASE_URL: origin,
      LOG_LEVEL: 'warn',
      SEED_ON_START: seed ? 'true' : 'false',
      // One address signs everyone up and each technician starts a test every few seconds.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      CREATE_LIMIT_PER_USER: '100000',
    },
  });
  await cluster.start();
  try {
    const cookies = await signUpTechs(origin, USERS, `cluster${instances}-`);
    const { categories } = (await (
      await fetch(`${origin}/api/v1/categories`, { headers: { cookie: nth(cookies, 0) } })
    ).json()) as { categories: Array<{ id: string; code: string }> };
    const a1 = categories.find((c) => c.code === 'A1');
    if (!a1) throw new Error('no A1 category');
    let nextUser = 0;
    type Ctx = { cookie?: string; sessionId?: string; positions?: number[]; step?: number };
    const result = await autocannon({
      url: origin,
      connections: USERS,
      duration: DURATION,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/test-sessions',
          setupRequest: (req, context: Ctx) => {
            if (!context.cookie) context.cookie = cookies[nextUser++ % USERS];
            return {
              ...req,
              headers: { cookie: context.cookie, origin, 'content-type': 'application/json' },
              body: JSON.stringify({ kind: 'category', categoryId: a1.id }),
            };
          },
          onResponse: (status, body, context: Ctx) => {
            // A refused start (HAProxy's HTML 503/504 when no instance answered in time) counts as non-2xx.
            if (status !== 200 && status !== 201) return;
            const session = JSON.parse(body) as { id: string; slots: { position: number }[] };
            context.sessionId = session.id;
            context.positions = session.slots.map((s) => s.position);
            context.step = 0;
          },
        },
        ...Array.from(
          { length: 20 },
          (): autocannon.Request => ({
            method: 'PUT',
            setupRequest: (req, context: Ctx) => {
              const position = context.positions?.[context.step ?? 0] ?? 0;
              context.step = (context.step ?? 0) + 1;
              return {
                ...req,
                path: `/api/v1/test-sessions/${context.sessionId}/answers/${position}`,
                headers: { cookie: context.cookie as string, origin, 'content-type': 'application/json' },
                body: JSON.stringify({ answer: letters[position % 4] }),
              };
            },
          }),
        ),
        {
          method: 'POST',
          setupRequest: (req, context: Ctx) => ({
            ...req,
            path: `/api/v1/test-sessions/${context.sessionId}/submit`,
            headers: { cookie: context.cookie as string, origin },
          }),
        },
      ],
    });
    return result;
  } finally {
    await cluster.stop();
  }
}

await admin(`create database ${dbName}`);
try {
  const rows: string[] = [];
  for (const instances of [1, 2]) {
    const r = await run(instances, instances === 1);
    rows.push(
      `| ${instances} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${r.errors} |`,
    );
  }
  console.log(
    [
      `Cluster benchmark: ${USERS} connections × ${DURATION} s through HAProxy, each: start A1 category test → 20 answers → submit; ${cpus().length} CPU cores.`,
      '',
      '| instances | requests/s | p50 ms | p99 ms | non-2xx | errors |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n'),
  );
} finally {
  await admin(`drop database if exists ${dbName} with (force)`);
}
