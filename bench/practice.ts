/**
 * Practice load benchmark (issue 8): 50 concurrent technicians each start a category test, answer 20
 * and submit, for 30 s, against PostgreSQL; then a bare Fastify route doing one 10-row select in the
 * same process for the ratio; then row counts to prove no session was lost or half-written.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/practice.ts
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { requireRole } from '../src/server/authz';
import { loadConfig } from '../src/server/config';
import { loadContent } from '../src/server/db/content';
import { seedContent } from '../src/server/db/seed';
import { openTestDatabase } from '../tests/fixtures/test-database';

const USERS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 30);
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl)
  throw new Error('Set DATABASE_URL to a PostgreSQL server (the benchmark creates and drops its own database).');

// A fresh database on that server, migrated here and dropped by close().
const database = await openTestDatabase({ poolSize: 20 });
await seedContent(database.db, loadContent());
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_EMAIL: '100000',
});
const app = await buildApp({ config, database, logger: false });
app.get('/bench/bare', { schema: { hide: true } }, async () =>
  database.db
    .execute(sql`select id, question_text from questions order by id limit 10`)
    .then((r) => (r as unknown as { rows: unknown[] }).rows),
);

// The same select behind the technician check every practice route runs (session cookie + profile).
app.get('/bench/authed', { schema: { hide: true } }, async (request, reply) => {
  await requireRole(request, reply, 'tech');
  return database.db
    .execute(sql`select id, question_text from questions order by id limit 10`)
    .then((r) => (r as unknown as { rows: unknown[] }).rows);
});

// Server-side latency per step, from Fastify's own timer.
const samples = new Map<string, number[]>();
app.addHook('onResponse', async (request, reply) => {
  const route = `${request.method} ${request.routeOptions.url}`;
  const list = samples.get(route) ?? [];
  list.push(reply.elapsedTime);
  samples.set(route, list);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const [category] = (
  (await database.db.execute(sql`select id from ase_categories where code = 'A1'`)) as unknown as {
    rows: { id: string }[];
  }
).rows;
const cookies: string[] = [];
for (let i = 0; i < USERS; i++) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    payload: {
      email: `bench${i}@example.com`,
      password: 'secret123',
      fullName: `Bench ${i}`,
      role: 'tech',
      yearsOfExperience: '3_to_5',
    },
  });
  const raw = ([] as string[]).concat(response.headers['set-cookie'] as string[]);
  const cookie = raw.map((c) => c.split(';')[0]).join('; ');
  await app.inject({
    method: 'PUT',
    url: '/api/v1/me/experience-level',
    headers: { cookie },
    payload: { experienceLevel: '3_to_5' },
  });
  cookies.push(cookie);
}

let nextUser = 0;
const letters = ['A', 'B', 'C', 'D'];
let submitsOk = 0;
type Ctx = { cookie?: string; sessionId?: string; positions?: number[]; step?: number };
const answerStep = (): autocannon.Request => ({
  method: 'PUT',
  setupRequest: (req, context: Ctx) => {
    const position = context.positions?.[context.step ?? 0] ?? 0;
    context.step = (context.step ?? 0) + 1;
    return {
      ...req,
      path: `/api/v1/test-sessions/${context.sessionId}/answers/${position}`,
      headers: { cookie: context.cookie as string, 'content-type': 'application/json' },
      body: JSON.stringify({ answer: letters[Math.floor(Math.random() * 4)] }),
    };
  },
});
samples.clear();
const scenario = await autocannon({
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
          headers: { cookie: context.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 'category', categoryId: category.id }),
        };
      },
      onResponse: (_status, body, context: Ctx) => {
        const session = JSON.parse(body) as { id: string; slots: { position: number }[] };
        context.sessionId = session.id;
        context.positions = session.slots.map((s) => s.position);
        context.step = 0;
      },
    },
    ...Array.from({ length: 20 }, answerStep),
    {
      method: 'POST',
      setupRequest: (req, context: Ctx) => ({
        ...req,
        path: `/api/v1/test-sessions/${context.sessionId}/submit`,
        headers: { cookie: context.cookie as string },
      }),
      onResponse: (status) => {
        if (status === 200) submitsOk++;
      },
    },
  ],
});
const stepSamples = new Map(samples);

samples.clear();
const bare = await autocannon({ url: `${origin}/bench/bare`, connections: USERS, duration: 10 });

const authed = await autocannon({
  url: `${origin}/bench/authed`,
  connections: USERS,
  duration: 10,
  headers: { cookie: cookies[0] },
});

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
};
const [counts] = (
  (await database.db.execute(sql`
    select
      count(*) filter (where completed_at is not null) as completed,
      count(*) filter (where completed_at is null) as open,
      (select count(*) from test_sessions s where s.completed_at is not null and
        (select count(*) from test_answers a where a.session_id = s.id and a.is_correct is not null) <> s.total_questions) as half_completed,
      (select count(*) from test_sessions s where s.completed_at is null and
        exists (select 1 from test_answers a where a.session_id = s.id and a.is_correct is not null)) as scored_but_open,
      (select count(*) from test_sessions s where
        (select count(*) from test_answers a where a.session_id = s.id) <> s.total_questions) as missing_slots,
      (select count(*) from test_sessions s where s.completed_at is not null and s.correct_answers <>
        (select count(*) from test_answers a where a.session_id = s.id and a.is_correct)) as wrong_counts
    from test_sessions`)) as unknown as { rows: Record<string, string>[] }
).rows;

const row = (label: string, route: string) => {
  const list = stepSamples.get(route) ?? [];
  return `| ${label} | ${list.length} | ${(list.length / DURATION).toFixed(0)} | ${pct(list, 50).toFixed(1)} | ${pct(list, 99).toFixed(1)} |`;
};
const report = [
  `Scenario: ${USERS} connections × ${DURATION} s, each: start A1 category test → 20 answers → submit.`,
  '',
  '| step | requests | per second | p50 ms (server) | p99 ms (server) |',
  '| --- | --- | --- | --- | --- |',
  row('start', 'POST /api/v1/test-sessions'),
  row('answer', 'PUT /api/v1/test-sessions/:id/answers/:position'),
  row('submit', 'POST /api/v1/test-sessions/:id/submit'),
  '',
  `Client side (autocannon, all steps): ${scenario.requests.average.toFixed(0)} req/s, latency p50 ${scenario.latency.p50} ms, p99 ${scenario.latency.p99} ms; errors ${scenario.errors}, timeouts ${scenario.timeouts}, non-2xx ${scenario.non2xx}; submits answered 200: ${submitsOk}.`,
  `Bare route (one 10-row select, same process, ${USERS} connections × 10 s): ${bare.requests.average.toFixed(0)} req/s, p50 ${bare.latency.p50} ms, p99 ${bare.latency.p99} ms.`,
  `Bare route behind the technician check (better-auth session + profile read): ${authed.requests.average.toFixed(0)} req/s, p50 ${authed.latency.p50} ms, p99 ${authed.latency.p99} ms; non-2xx ${authed.non2xx}.`,
  `Ratio scenario req/s ÷ bare req/s: ${(scenario.requests.average / bare.requests.average).toFixed(2)}.`,
  '',
  `Rows afterwards: completed sessions ${counts.completed} (submits answered 200: ${submitsOk}), open sessions ${counts.open} (in flight when the run stopped), completed-but-partly-scored ${counts.half_completed}, open-but-scored ${counts.scored_but_open}, sessions missing answer rows ${counts.missing_slots}, stored correct count ≠ scored rows ${counts.wrong_counts}.`,
].join('\n');
console.log(report);

await app.close();
await database.close();
