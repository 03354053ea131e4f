/**
 * Practice load benchmark: 50 concurrent technicians each start a category test, answer 20
 * and submit, for 30 s, against PostgreSQL; then, against the same server process, a bare Fastify
 * route doing one 10-row select (for the ratio) and the same select behind the technician check;
 * then row counts proving no session was lost or half-written.
 *
 * The server runs in its own process (bench/practice-server.ts) on a database this script creates
 * and drops, so autocannon does not share its event loop.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/practice.ts
 *   BENCH_SECONDS=15 … shortens the scenario; BENCH_CPU_PROF=1 … writes a V8 profile to bench/.prof
 */
import autocannon from 'autocannon';
import { nth, openBench, percentile as pct, queryRow, signUpTechs } from './harness';

const USERS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 30);
const { origin, db, close } = await openBench(process.env.DATABASE_URL);

try {
  const cookies = await signUpTechs(origin, USERS);
  const category = await queryRow<{ id: string }>(db, `select id from ase_categories where code = 'A1'`);
  const takeSamples = async () =>
    (await (await fetch(`${origin}/bench/samples`, { method: 'POST' })).json()) as Record<string, number[]>;

  // BENCH_ACCEPT_ENCODING='br, gzip' sends it with answers and submits, as a browser would (their bodies are
  // not read here; a start's is, so starts ask for plain JSON): how API compression was measured (ADR 0027).
  const encoding = process.env.BENCH_ACCEPT_ENCODING ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING } : {};
  let nextUser = 0;
  let submitsOk = 0;
  const letters = ['A', 'B', 'C', 'D'];
  type Ctx = { cookie?: string; sessionId?: string; positions?: number[]; step?: number };
  const answerStep = (): autocannon.Request => ({
    method: 'PUT',
    setupRequest: (req, context: Ctx) => {
      const position = context.positions?.[context.step ?? 0] ?? 0;
      context.step = (context.step ?? 0) + 1;
      return {
        ...req,
        path: `/api/v1/test-sessions/${context.sessionId}/answers/${position}`,
        headers: { cookie: context.cookie as string, origin, 'content-type': 'application/json', ...encoding },
        body: JSON.stringify({ answer: letters[Math.floor(Math.random() * 4)] }),
      };
    },
  });
  // The reference routes first, on a quiet database.
  const bare = await autocannon({ url: `${origin}/bench/bare`, connections: USERS, duration: 10 });
  const authed = await autocannon({
    url: `${origin}/bench/authed`,
    connections: USERS,
    duration: 10,
    headers: { cookie: cookies[0] },
  });
  await takeSamples();
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
            headers: { cookie: context.cookie, origin, 'content-type': 'application/json' },
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
          headers: { cookie: context.cookie as string, origin, ...encoding },
        }),
        onResponse: (status) => {
          if (status === 200) submitsOk++;
        },
      },
    ],
  });
  const steps = await takeSamples();

  // Settle the journey's writes first, so autovacuum does not run during the measured phases.
  await db.query(
    'vacuum analyze test_sessions, test_answers, user_question_progress, question_difficulty_stats, user_category_mastery',
  );
  // Each step alone, 10 s each, to price it: answers to a session of one's own; starts; submits of
  // sessions prepared with every question answered (in SQL, like finished tests waiting to be sent).
  const ISOLATED = 10;
  const own = await Promise.all(
    cookies.map(async (cookie) => {
      const response = await fetch(`${origin}/api/v1/test-sessions`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'category', categoryId: category.id }),
      });
      return (await response.json()) as { id: string };
    }),
  );
  // autocannon clears a connection's context each time its request list restarts, so the state of
  // these one-request loops lives here: users in turn, a random slot of the user's own session.
  let answerUser = 0;
  const answersOnly = await autocannon({
    url: origin,
    connections: USERS,
    duration: ISOLATED,
    requests: [
      {
        method: 'PUT',
        setupRequest: (req) => {
          const user = answerUser++ % USERS;
          return {
            ...req,
            path: `/api/v1/test-sessions/${nth(own, user).id}/answers/${Math.floor(Math.random() * 20)}`,
            headers: { cookie: cookies[user], origin, 'content-type': 'application/json', ...encoding },
            body: JSON.stringify({ answer: letters[Math.floor(Math.random() * 4)] }),
          };
        },
      },
    ],
  });
  const answersOnlySteps = await takeSamples();

  let startUser = 0;
  // A Start of a test that is already open resumes it (docs/PRODUCT.md#tests). To keep pricing creations, each new
  // session is deleted in SQL as soon as it is answered (the user's next start comes ~50 requests later), so
  // the row counts at the end see only sessions the app itself created, answered and submitted; the few
  // starts that still find it open are counted apart.
  let startsResumed = 0;
  const startsOnly = await autocannon({
    url: origin,
    connections: USERS,
    duration: ISOLATED,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/test-sessions',
        setupRequest: (req) => ({
          ...req,
          headers: { cookie: cookies[startUser++ % USERS], origin, 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 'category', categoryId: category.id }),
        }),
        onResponse: (status, body) => {
          if (status === 200) startsResumed++;
          const id = (JSON.parse(body) as { id?: string }).id;
          if (id) void db.query('delete from test_sessions where id = $1', [id]);
        },
      },
    ],
  });
  if (startsResumed > 0) console.log(`starts-only phase: ${startsResumed} starts resumed an open test`);
  const startsOnlySteps = await takeSamples();

  const PREPARED_PER_USER = 150;
  await db.query(
    `insert into test_sessions (tech_id, category_id, kind, total_questions, correct_answers, started_at)
     select p.id, $1, 'category', 20, 0, now() from profiles p, generate_series(1, $2) where p.role = 'tech'`,
    [category.id, PREPARED_PER_USER],
  );
  await db.query(
    `insert into test_answers (session_id, position, question_id, selected_answer, answered_at)
     select s.id, slot.position, q.id, (array['A','B','C','D'])[1 + floor(random() * 4)::int], now()
     from test_sessions s
     cross join lateral (select id, row_number() over () - 1 as position from (
       -- ordered by a hash of question and session, so each session draws its own 20
       select id from questions where category_id = $1 and pool = 'practice' order by md5(id || s.id::text) limit 20
     ) picked) q
     cross join lateral (select q.position) slot(position)
     where s.completed_at is null and not exists (select 1 from test_answers a where a.session_id = s.id)`,
    [category.id],
  );
  // Settle the bulk insert now, so autovacuum does not run during the measured phase.
  await db.query('vacuum analyze test_sessions, test_answers');
  const prepared = new Map<string, string[]>();
  for (const r of (
    await db.query<{ email: string; id: string }>(
      `select u.email, s.id from test_sessions s join auth_users u on u.id = s.tech_id
       where s.completed_at is null and not exists
         (select 1 from test_answers a where a.session_id = s.id and a.selected_answer is null)`,
    )
  ).rows) {
    prepared.set(r.email, [...(prepared.get(r.email) ?? []), r.id]);
  }
  let submitUser = 0;
  let preparedLeft = true;
  const submitsOnly = await autocannon({
    url: origin,
    connections: USERS,
    duration: ISOLATED,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const user = submitUser++ % USERS;
          const sessionId = prepared.get(`bench${user}@example.com`)?.shift();
          if (!sessionId) preparedLeft = false;
          return {
            ...req,
            path: `/api/v1/test-sessions/${sessionId}/submit`,
            headers: { cookie: cookies[user], origin, ...encoding },
          };
        },
      },
    ],
  });
  if (!preparedLeft) console.warn('Warning: the submit phase ran out of prepared sessions; raise PREPARED_PER_USER.');
  const submitsOnlySteps = await takeSamples();

  const counts = await queryRow<Record<string, string>>(
    db,
    `
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
    from test_sessions`,
  );

  const statuses = (result: autocannon.Result) =>
    Object.entries(result.statusCodeStats ?? {})
      .map(([code, stat]) => `${code} × ${stat.count}`)
      .join(', ');
  const alone = (label: string, result: autocannon.Result, list: number[] = []) =>
    `| ${label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} | ${pct(list, 50).toFixed(1)} | ${pct(list, 99).toFixed(1)} |`;
  const row = (label: string, route: string) => {
    const list = steps[route] ?? [];
    return `| ${label} | ${list.length} | ${(list.length / DURATION).toFixed(0)} | ${pct(list, 50).toFixed(1)} | ${pct(list, 99).toFixed(1)} |`;
  };
  console.log(
    [
      `Scenario: ${USERS} connections × ${DURATION} s, each: start A1 category test → 20 answers → submit.`,
      '',
      '| step | requests | per second | p50 ms (server) | p99 ms (server) |',
      '| --- | --- | --- | --- | --- |',
      row('start', 'POST /api/v1/test-sessions'),
      row('answer', 'PUT /api/v1/test-sessions/:id/answers/:position'),
      row('submit', 'POST /api/v1/test-sessions/:id/submit'),
      '',
      `Each step alone (${USERS} connections × ${ISOLATED} s each):`,
      '',
      '| step alone | requests/s (client) | p50 ms (client) | p99 ms (client) | non-2xx | p50 ms (server) | p99 ms (server) |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      alone('answer', answersOnly, answersOnlySteps['PUT /api/v1/test-sessions/:id/answers/:position']),
      alone('start', startsOnly, startsOnlySteps['POST /api/v1/test-sessions']),
      alone('submit', submitsOnly, submitsOnlySteps['POST /api/v1/test-sessions/:id/submit']),
      '',
      `Client side (autocannon, all steps): ${scenario.requests.average.toFixed(0)} req/s, latency p50 ${scenario.latency.p50} ms, p99 ${scenario.latency.p99} ms; errors ${scenario.errors}, timeouts ${scenario.timeouts}, non-2xx ${scenario.non2xx}; submits answered 200: ${submitsOk}. Statuses: ${statuses(scenario)}; starts alone: ${statuses(startsOnly)}.`,
      `Bare route (one 10-row select, ${USERS} connections × 10 s): ${bare.requests.average.toFixed(0)} req/s, p50 ${bare.latency.p50} ms, p99 ${bare.latency.p99} ms.`,
      `Bare route behind the technician check: ${authed.requests.average.toFixed(0)} req/s, p50 ${authed.latency.p50} ms, p99 ${authed.latency.p99} ms; non-2xx ${authed.non2xx}.`,
      `Ratio scenario req/s ÷ bare req/s: ${(scenario.requests.average / bare.requests.average).toFixed(2)}.`,
      '',
      `Rows afterwards: completed sessions ${counts.completed} (submits answered 200: ${submitsOk}), open sessions ${counts.open} (in flight when the run stopped), completed-but-partly-scored ${counts.half_completed}, open-but-scored ${counts.scored_but_open}, sessions missing answer rows ${counts.missing_slots}, stored correct count ≠ scored rows ${counts.wrong_counts}.`,
    ].join('\n'),
  );
} finally {
  await close();
}
