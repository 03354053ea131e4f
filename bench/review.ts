/**
 * Review deck benchmark: 50 technicians with 2,000 due cards each in PostgreSQL, then 50
 * connections on review start (`GET /api/v1/me/review/cards`: the 20 oldest due cards and the due count)
 * and on review answers (`POST /api/v1/me/review/cards/:questionId/answer`: FSRS reschedules a due card),
 * each beside the bare route (one 10-row select) and the signed-in reference route of the same server
 * process, for the ratio. Server latencies from Fastify's own timer, client latencies from autocannon.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/review.ts
 *   (or npm run bench -- review)   BENCH_SECONDS=10 (each phase), BENCH_CARDS=2000
 */
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchDatabase,
  freePort,
  nth,
  percentile,
  queryRow,
  signUpTechs,
  startBenchServer,
  stopBenchServer,
} from './harness';

const USERS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CARDS = Number(process.env.BENCH_CARDS ?? 2000);
const { dbName, benchUrl, admin } = benchDatabase(process.env.DATABASE_URL);

await admin(`create database ${dbName}`);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = await startBenchServer(port, benchUrl);
const db = new pg.Client({ connectionString: benchUrl });
await db.connect();

try {
  const cookies = await signUpTechs(origin, USERS, 'bench.review');
  const ids = (
    await db.query<{ id: string }>(`select id from profiles where email like 'bench.review%' order by email`)
  ).rows.map((r) => r.id);
  // Each technician: CARDS cards, all due (due over the last 30 days), in every FSRS state, as a long
  // history of missed questions and reviews leaves them.
  const seeded = Date.now();
  await db.query(
    `insert into review_cards (user_id, question_id, due, stability, difficulty, scheduled_days, reps, lapses, state,
       last_review)
     select u.id, q.id, now() - random() * interval '30 days', 1 + random() * 30, 1 + random() * 9,
       (random() * 40)::int, (random() * 8)::int, (random() * 3)::int, (random() * 3)::int,
       now() - interval '31 days'
     from unnest($1::text[]) u(id)
     cross join (select id from questions where pool = 'practice' order by md5(id) limit $2) q`,
    [ids, CARDS],
  );
  await db.query('vacuum analyze review_cards');
  const count = await queryRow<{ cards: string }>(db, 'select count(*) as cards from review_cards');
  // Each technician's due cards, oldest due first: the answers phase works through them in order.
  const queues = await Promise.all(
    ids.map(async (id) =>
      (
        await db.query<{ question_id: string }>(
          'select question_id from review_cards where user_id = $1 order by due, question_id',
          [id],
        )
      ).rows.map((r) => r.question_id),
    ),
  );
  const seedSeconds = (Date.now() - seeded) / 1000;

  const takeSamples = async () =>
    (await (await fetch(`${origin}/bench/samples`, { method: 'POST' })).json()) as Record<string, number[]>;
  const letters = ['A', 'B', 'C', 'D'];
  let nextUser = 0;
  const pointer = ids.map(() => 0);
  const statuses = new Map<number, number>();

  const run = async (label: string, request: autocannon.Request) => {
    await takeSamples();
    const result = await autocannon({ url: origin, connections: USERS, duration: SECONDS, requests: [request] });
    const samples = Object.values(await takeSamples()).flat();
    return { label, result, samples };
  };
  const bare = await run('bare route (`/bench/bare`, 10-row select)', { method: 'GET', path: '/bench/bare' });
  const authed = await run('signed-in reference (`/bench/authed`)', {
    method: 'GET',
    setupRequest: (req) => ({ ...req, path: '/bench/authed', headers: { cookie: cookies[nextUser++ % USERS] } }),
  });
  const start = await run('review start (`GET /api/v1/me/review/cards`)', {
    method: 'GET',
    setupRequest: (req) => ({
      ...req,
      path: '/api/v1/me/review/cards',
      headers: { cookie: cookies[nextUser++ % USERS] },
    }),
  });
  const summary = await run('deck summary (`GET /api/v1/me/review`)', {
    method: 'GET',
    setupRequest: (req) => ({ ...req, path: '/api/v1/me/review', headers: { cookie: cookies[nextUser++ % USERS] } }),
  });
  const answer = await run('review answer (`POST …/cards/:questionId/answer`)', {
    method: 'POST',
    setupRequest: (req) => {
      const user = nextUser++ % USERS;
      const queue = nth(queues, user);
      const turn = nth(pointer, user);
      pointer[user] = turn + 1;
      const questionId = nth(queue, turn % queue.length);
      return {
        ...req,
        path: `/api/v1/me/review/cards/${questionId}/answer`,
        headers: { cookie: cookies[user], origin, 'content-type': 'application/json' },
        body: JSON.stringify({ answer: letters[Math.floor(Math.random() * 4)] }),
      };
    },
    onResponse: (status) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    },
  });
  const answered = await queryRow<{ reviewed: string }>(
    db,
    `select count(*) as reviewed from review_cards where last_review > now() - interval '1 hour'`,
  );

  const line = (m: typeof bare) =>
    `| ${m.label} | ${m.result.requests.average.toFixed(0)} | ${m.result.latency.p50} | ${m.result.latency.p99} | ${percentile(m.samples, 50).toFixed(1)} | ${percentile(m.samples, 99).toFixed(1)} | ${m.result.non2xx + m.result.errors} | ${(m.result.requests.average / bare.result.requests.average).toFixed(2)} |`;
  console.log(
    [
      `Deck: ${count.cards} cards (${USERS} technicians × ${CARDS}, all due), seeded in ${seedSeconds.toFixed(1)} s.`,
      '',
      `${USERS} connections × ${SECONDS} s each, technicians in turn:`,
      '',
      '| route | req/s | p50 ms (client) | p99 ms (client) | p50 ms (server) | p99 ms (server) | non-2xx | ratio to bare (req/s) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...[bare, authed, start, summary, answer].map(line),
      '',
      `Review answers by status: ${[...statuses].map(([s, n]) => `${s} × ${n}`).join(', ')}; cards rescheduled: ${answered.reviewed}.`,
    ].join('\n'),
  );
} finally {
  await db.end();
  await stopBenchServer(server);
  await admin(`drop database if exists ${dbName} with (force)`);
}
