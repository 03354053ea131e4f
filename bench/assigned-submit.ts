/**
 * The submit with and without its outbox write (ADR 0042). An assigned test's submit writes the
 * manager's message (a `notifications` row) in its transaction; a self-started test's writes none. Each is
 * priced alone at 50 connections on sessions prepared in SQL with every question answered, alternately
 * (plain, assigned, plain, assigned: 10 s each, after 5 s of plain submits to warm up), after a bare 10-row
 * route for the ratio. Run it on the commit before the outbox (it has the same assignment update, without the
 * message) and on this one: the assigned submits of each say what the outbox write costs.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/assigned-submit.ts
 */
import autocannon from 'autocannon';
import { openBench, queryRow, signUpTechs } from './harness';

const USERS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Prepared sessions per technician and kind: enough for two phases of each at well over 1,000 submits/s. */
const PREPARED = 160;
const { origin, db, close } = await openBench(process.env.DATABASE_URL);

try {
  const cookies = await signUpTechs(origin, USERS);
  const category = await queryRow<{ id: string }>(db, `select id from ase_categories where code = 'A1'`);
  // A manager's shop holding every technician (in SQL: the shop's own flows are not what is measured).
  await db.query(`insert into auth_users (id, name, email, email_verified)
    values ('bench-manager', 'Bench Manager', 'bench.manager@example.com', true)`);
  await db.query(`insert into profiles (id, email, full_name, role)
    values ('bench-manager', 'bench.manager@example.com', 'Bench Manager', 'manager')`);
  const shop = await queryRow<{ id: string }>(
    db,
    `insert into shops (name, type, shop_code, manager_id)
    values ('Bench Shop', 'independent', 'SHOPBENCH1', 'bench-manager') returning id`,
  );
  await db.query(`update profiles set shop_id = $1 where role = 'tech'`, [shop.id]);

  // Answered sessions, half of them linked to an open assignment of the technician's.
  await db.query(
    `insert into test_sessions (tech_id, category_id, kind, total_questions, correct_answers, started_at)
     select p.id, $1, 'category', 20, 0, now() from profiles p, generate_series(1, $2) where p.role = 'tech'`,
    [category.id, 2 * PREPARED],
  );
  await db.query(
    `insert into test_answers (session_id, position, question_id, selected_answer, answered_at)
     select s.id, q.position, q.id, (array['A','B','C','D'])[1 + floor(random() * 4)::int], now()
     from test_sessions s
     cross join lateral (select id, (row_number() over () - 1)::int as position from (
       select id from questions where category_id = $1 and pool = 'practice' order by md5(id || s.id::text) limit 20
     ) picked) q`,
    [category.id],
  );
  await db.query(
    `insert into test_assignments (manager_id, tech_id, shop_id, category_id, due_date, status, test_session_id)
     select 'bench-manager', s.tech_id, $1, s.category_id, now() + interval '7 days', 'in_progress', s.id
     from (select s.*, row_number() over (partition by s.tech_id order by s.id) as n from test_sessions s) s
     where s.n <= $2`,
    [shop.id, PREPARED],
  );
  await db.query('vacuum analyze');
  const sessions = { plain: new Map<number, string[]>(), assigned: new Map<number, string[]>() };
  const users = new Map(
    (await db.query<{ email: string; id: string }>(`select email, id from profiles where role = 'tech'`)).rows.map(
      (r) => [r.id, Number(r.email.replace(/\D/g, ''))],
    ),
  );
  for (const r of (
    await db.query<{ tech_id: string; id: string; assigned: boolean }>(
      `select s.tech_id, s.id, exists (select 1 from test_assignments a where a.test_session_id = s.id) as assigned
       from test_sessions s order by s.id`,
    )
  ).rows) {
    const list = r.assigned ? sessions.assigned : sessions.plain;
    const user = users.get(r.tech_id) as number;
    list.set(user, [...(list.get(user) ?? []), r.id]);
  }

  const bare = await autocannon({ url: `${origin}/bench/bare`, connections: USERS, duration: SECONDS });
  const submits = async (kind: keyof typeof sessions, duration = SECONDS) => {
    let next = 0;
    let ranOut = false;
    const result = await autocannon({
      url: origin,
      connections: USERS,
      duration,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const user = next++ % USERS;
            const id = sessions[kind].get(user)?.shift();
            if (!id) ranOut = true;
            return { ...req, path: `/api/v1/test-sessions/${id}/submit`, headers: { cookie: cookies[user], origin } };
          },
        },
      ],
    });
    if (ranOut) console.warn(`Warning: the ${kind} phase ran out of prepared sessions; raise PREPARED.`);
    return result;
  };
  // A warm-up of plain submits first (not counted): the first seconds of any phase run on a cold server.
  await submits('plain', 5);
  const runs: { kind: string; result: autocannon.Result }[] = [];
  for (const kind of ['plain', 'assigned', 'plain', 'assigned'] as const)
    runs.push({ kind, result: await submits(kind) });

  const counts = await queryRow<Record<string, string>>(
    db,
    `select
      (select count(*) from test_sessions where completed_at is not null) as submitted,
      (select count(*) from test_assignments where attempts > 0) as assignments_counted,
      (select count(*) from information_schema.tables where table_name = 'notifications') as has_outbox`,
  );
  const messages =
    counts.has_outbox === '1'
      ? (
          await queryRow<{ n: string }>(
            db,
            `select count(*) as n from notifications where kind = 'assignment_completed'`,
          )
        ).n
      : 'no outbox table';
  const mean = (kind: string) => {
    const list = runs.filter((r) => r.kind === kind).map((r) => r.result.requests.average);
    return list.reduce((sum, n) => sum + n, 0) / list.length;
  };
  console.log(
    [
      `${USERS} connections, ${SECONDS} s a phase; bare 10-row route ${bare.requests.average.toFixed(0)} req/s.`,
      '',
      '| phase | submit | req/s | p50 ms | p99 ms | non-2xx |',
      '| --- | --- | --- | --- | --- | --- |',
      ...runs.map(
        ({ kind, result }, i) =>
          `| ${i + 1} | ${kind} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} |`,
      ),
      '',
      `Mean req/s: plain ${mean('plain').toFixed(0)}, assigned ${mean('assigned').toFixed(0)}; ` +
        `assigned ÷ plain ${(mean('assigned') / mean('plain')).toFixed(3)}.`,
      `Submitted ${counts.submitted}; assignments counted ${counts.assignments_counted}; manager messages ${messages}.`,
    ].join('\n'),
  );
} finally {
  await close();
}
