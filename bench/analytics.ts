/**
 * Analytics and mastery benchmark: one technician with 500 completed tests of 20 answers,
 * each submitted through the real submit path (so mastery and its content-area tallies are what a real
 * history leaves), then 50 connections reading that technician's analytics and mastery dashboard, with
 * the bare route (one 10-row select) of the same server process for the ratio.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/analytics.ts
 *   (or npm run bench -- analytics)   BENCH_SECONDS=5 … shortens each phase
 */
import autocannon from 'autocannon';
import pg from 'pg';
import {
  BENCH_PASSWORD,
  benchDatabase,
  freePort,
  percentile as pct,
  queryRow,
  sessionCookie,
  startBenchServer,
  stopBenchServer,
} from './harness';

const CONNECTIONS = 50;
const TESTS = 500;
const ANSWERS = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const { dbName, benchUrl, admin } = benchDatabase(process.env.DATABASE_URL);

await admin(`create database ${dbName}`);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = await startBenchServer(port, benchUrl);
const db = new pg.Client({ connectionString: benchUrl });
await db.connect();

const call = async (path: string, cookie: string, method = 'GET', body?: unknown) => {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie, origin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
};

try {
  const signUp = await fetch(`${origin}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'bench.analytics@example.com',
      password: BENCH_PASSWORD,
      fullName: 'Bench Analytics',
      role: 'tech',
      yearsOfExperience: '6_to_10',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const cookie = sessionCookie(signUp);
  await call('/api/v1/me/experience-level', cookie, 'PUT', { experienceLevel: '6_to_10' });
  // Mastery access through the personal subscription (mock checkout, confirmed).
  const { url } = (await call('/api/v1/adaptive-mastery/checkout', cookie, 'POST', {})) as { url: string };
  await call('/api/v1/adaptive-mastery/checkout/confirm', cookie, 'POST', {
    session: new URL(url).searchParams.get('session'),
  });

  // 500 tests over A1–A8, 20 answered questions each (about 75 % right), ready to submit.
  const started = Date.now();
  await db.query(
    `insert into test_sessions (tech_id, category_id, kind, total_questions, correct_answers, started_at)
     select u.id, c.id, 'category', $2, 0, now() - (g * interval '7 minutes') - interval '25 minutes'
     from auth_users u, generate_series(1, $1) g
     join lateral (select id from ase_categories order by code offset (g % 8) limit 1) c on true
     where u.email = 'bench.analytics@example.com'`,
    [TESTS, ANSWERS],
  );
  await db.query(
    `insert into test_answers (session_id, position, question_id, selected_answer, answered_at)
     select s.id, q.position, q.id,
       case when random() < 0.75 then q.correct_answer else (array['A','B','C','D'])[1 + floor(random() * 4)::int] end,
       now()
     from test_sessions s
     cross join lateral (select id, correct_answer, row_number() over () - 1 as position from (
       select id, correct_answer from questions where category_id = s.category_id and pool = 'practice'
       order by md5(id || s.id::text) limit $1) picked) q`,
    [ANSWERS],
  );
  const { rows: sessions } = await db.query<{ id: string }>(
    'select id from test_sessions where completed_at is null order by started_at',
  );
  for (const { id } of sessions) await call(`/api/v1/test-sessions/${id}/submit`, cookie, 'POST');
  const seeded = Date.now() - started;
  await db.query('vacuum analyze');
  const check = await queryRow<{ completed: string; answers: string; attempted: string }>(
    db,
    `select (select count(*) from test_sessions where completed_at is not null) as completed,
       (select count(*) from test_answers where is_correct is not null) as answers,
       (select sum(questions_attempted) from user_category_mastery) as attempted`,
  );

  const takeSamples = async () =>
    (await (await fetch(`${origin}/bench/samples`, { method: 'POST' })).json()) as Record<string, number[]>;
  const run = async (path: string, withCookie: boolean) => {
    await takeSamples();
    const result = await autocannon({
      url: `${origin}${path}`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: withCookie ? { cookie } : {},
    });
    const samples = Object.values(await takeSamples()).flat();
    return { path, result, samples };
  };

  const bare = await run('/bench/bare', false);
  const measured = [
    await run('/api/v1/me/analytics', true),
    await run('/api/v1/me/mastery', true),
    await run('/api/v1/access/mastery', true),
  ];
  const line = (m: typeof bare) =>
    `| \`${m.path}\` | ${m.result.requests.average.toFixed(0)} | ${m.result.latency.p50} | ${m.result.latency.p99} | ${pct(m.samples, 50).toFixed(1)} | ${pct(m.samples, 99).toFixed(1)} | ${m.result.non2xx + m.result.errors} | ${(m.result.requests.average / bare.result.requests.average).toFixed(2)} |`;
  console.log(
    [
      `History: ${check.completed} completed tests, ${check.answers} scored answers, mastery over ${check.attempted} answers (seeded and submitted in ${(seeded / 1000).toFixed(1)} s).`,
      '',
      `${CONNECTIONS} connections × ${DURATION} s each, one technician's session cookie:`,
      '',
      '| route | req/s | p50 ms (client) | p99 ms (client) | p50 ms (server) | p99 ms (server) | non-2xx | ratio to bare |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      line(bare),
      ...measured.map(line),
    ].join('\n'),
  );
} finally {
  await db.end();
  await stopBenchServer(server);
  await admin(`drop database if exists ${dbName} with (force)`);
}
