/**
 * Master Challenge leaderboard benchmark: 1,000,000 completed attempts from 100,000 technicians
 * seeded in PostgreSQL, then 50 connections on the leaderboard and on the own-rank route, each beside the
 * bare route (one 10-row select) of the same server process for the ratio. Server latencies come from
 * Fastify's own timer (`reply.elapsedTime`), client latencies from autocannon.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/master-challenge.ts
 *   BENCH_SECONDS=10 (each phase), BENCH_TECHS=100000, BENCH_ATTEMPTS_PER_TECH=10
 */
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchDatabase,
  freePort,
  percentile,
  queryRow,
  signUpTechs,
  startBenchServer,
  stopBenchServer,
} from './harness';

const USERS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TECHS = Number(process.env.BENCH_TECHS ?? 100_000);
const PER_TECH = Number(process.env.BENCH_ATTEMPTS_PER_TECH ?? 10);
const { dbName, benchUrl, admin } = benchDatabase(process.env.DATABASE_URL);

await admin(`create database ${dbName}`);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = await startBenchServer(port, benchUrl);
const db = new pg.Client({ connectionString: benchUrl });
await db.connect();

/**
 * Attempts for the technicians whose ids `techIds` selects: `perTech` each, a day apart, completed, scores
 * spread around the middle, times 1–6 minutes, about 1 in 12 invalid (flagged) — as the app stores them.
 */
const seedAttempts = (techIds: string, perTech: number) => `
  insert into master_challenge_attempts
    (tech_id, started_at, completed_at, completion_time_seconds, correct_answers, score, is_valid, tab_switches)
  select t.id, a.started, a.started + make_interval(secs => a.secs), a.secs, a.correct, a.correct / 30.0 * 100,
    a.valid, case when a.valid then 0 else 3 end
  from (${techIds}) t
  cross join lateral (
    select now() - make_interval(days => n) - make_interval(secs => (random() * 3600)::int) as started,
      60 + (random() * 300)::int as secs,
      least(30, greatest(0, round(15 + 4 * (random() + random() + random() - 1.5) * 2)))::int as correct,
      random() > 0.08 as valid
    from generate_series(1, ${perTech}) n
    where t.id is not null
  ) a`;

try {
  const cookies = await signUpTechs(origin, USERS, 'mcbench');
  const started = Date.now();
  await db.query(`
    insert into auth_users (id, name, email)
    select 'mc-bench-' || g, 'Tech ' || g, 'mc-bench-' || g || '@example.com' from generate_series(1, ${TECHS}) g`);
  await db.query(`
    insert into profiles (id, email, full_name, role, experience_level, years_of_experience)
    select id, email, name, 'tech', '3_to_5', '3_to_5' from auth_users where id like 'mc-bench-%'`);
  await db.query(seedAttempts(`select id from auth_users where id like 'mc-bench-%'`, PER_TECH));
  // The 50 signed-in technicians have attempts too, so their rank rows have something to find.
  await db.query(seedAttempts(`select id from profiles where email like 'mcbench%'`, 3));
  // Each technician's best valid attempt, as finishing an attempt keeps it (`compareResults`), then the counts.
  await db.query(`
    insert into master_challenge_best (tech_id, attempt_id, correct_answers, score, completion_time_seconds, completed_at)
    select distinct on (tech_id) tech_id, id, correct_answers, score, completion_time_seconds, completed_at
    from master_challenge_attempts where is_valid and completed_at is not null
    order by tech_id, correct_answers desc, completion_time_seconds, completed_at, id`);
  await db.query(`
    insert into master_challenge_score_counts (correct_answers, competitors)
    select n, (select count(*) from master_challenge_best b where b.correct_answers = n)::int
    from generate_series(0, 30) as n
    on conflict (correct_answers) do update set competitors = excluded.competitors`);
  await db.query(`
    insert into master_challenge_time_counts (correct_answers, completion_time_seconds, competitors)
    select correct_answers, completion_time_seconds, count(*)::int from master_challenge_best group by 1, 2`);
  await db.query('vacuum analyze');
  const sizes = await queryRow<Record<string, string>>(
    db,
    `
    select (select count(*) from master_challenge_attempts) as attempts,
      (select count(distinct tech_id) from master_challenge_attempts) as techs,
      (select count(*) from master_challenge_best) as competitors`,
  );
  const seedSeconds = (Date.now() - started) / 1000;

  const takeSamples = async () =>
    (await (await fetch(`${origin}/bench/samples`, { method: 'POST' })).json()) as Record<string, number[]>;
  let next = 0;
  type Ctx = { cookie?: string };
  const signedIn = (path: string) =>
    autocannon({
      url: origin,
      connections: USERS,
      duration: SECONDS,
      requests: [
        {
          method: 'GET',
          setupRequest: (req, context: Ctx) => {
            context.cookie ??= cookies[next++ % cookies.length];
            return { ...req, path, headers: { cookie: context.cookie } };
          },
        },
      ],
    });

  const bare = await autocannon({ url: `${origin}/bench/bare`, connections: USERS, duration: SECONDS });
  const bareSamples = (await takeSamples())['GET /bench/bare'] ?? [];
  const board = await signedIn('/api/v1/master-challenge/leaderboard');
  const boardSamples = (await takeSamples())['GET /api/v1/master-challenge/leaderboard'] ?? [];
  const rank = await signedIn('/api/v1/master-challenge/my-rank');
  const rankSamples = (await takeSamples())['GET /api/v1/master-challenge/my-rank'] ?? [];

  // What the database does for each, on its own (no HTTP, no concurrency).
  const explain = async (statement: string) => {
    const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers off) ${statement}`);
    return rows.map((r) => r['QUERY PLAN']);
  };
  const someone = await queryRow<{ id: string }>(
    db,
    `select tech_id as id from master_challenge_best
     where correct_answers = (select correct_answers from master_challenge_score_counts order by competitors desc limit 1)
     order by completion_time_seconds desc, completed_at desc limit 1`,
  );
  const boardPlan = await explain(`
    select b.attempt_id, p.full_name, b.score from master_challenge_best b join profiles p on p.id = b.tech_id
    order by b.correct_answers desc nulls last, b.completion_time_seconds, b.completed_at, b.tech_id limit 30`);
  const rankPlan = await explain(`
    select (select coalesce(sum(t.competitors), 0) from master_challenge_time_counts t
        where t.correct_answers = me.correct_answers and t.completion_time_seconds < me.completion_time_seconds)
      + (select count(*) from master_challenge_best b
        where b.correct_answers = me.correct_answers and b.completion_time_seconds = me.completion_time_seconds
          and (b.completed_at, b.tech_id) < (me.completed_at, me.tech_id))
    from master_challenge_best me where me.tech_id = '${someone.id}'`);

  const line = (label: string, result: autocannon.Result, samples: number[]) =>
    `| ${label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${percentile(samples, 50).toFixed(2)} | ${percentile(samples, 99).toFixed(2)} | ${result.non2xx + result.errors} |`;
  const ratio = (result: autocannon.Result) => (result.requests.average / bare.requests.average).toFixed(2);
  console.log(
    [
      `Seeded in ${seedSeconds.toFixed(0)} s: ${sizes.attempts} attempts from ${sizes.techs} technicians; ${sizes.competitors} with a valid best.`,
      '',
      `${USERS} connections × ${SECONDS} s per route:`,
      '',
      '| route | req/s | p50 ms (client) | p99 ms (client) | p50 ms (server) | p99 ms (server) | non-2xx |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      line('bare (one 10-row select)', bare, bareSamples),
      line('GET /api/v1/master-challenge/leaderboard', board, boardSamples),
      line('GET /api/v1/master-challenge/my-rank', rank, rankSamples),
      '',
      `Ratio to the bare route (req/s): leaderboard ${ratio(board)}, my-rank ${ratio(rank)}.`,
      `Server p99 ratio to the bare route: leaderboard ${(percentile(boardSamples, 99) / percentile(bareSamples, 99)).toFixed(2)}, my-rank ${(percentile(rankSamples, 99) / percentile(bareSamples, 99)).toFixed(2)}.`,
      '',
      'Leaderboard plan:',
      ...boardPlan.map((l) => `    ${l}`),
      '',
      'Rank within a score (the last technician of the most crowded score, the worst case):',
      ...rankPlan.map((l) => `    ${l}`),
    ].join('\n'),
  );
} finally {
  await db.end();
  await stopBenchServer(server);
  await admin(`drop database if exists ${dbName} with (force)`);
}
