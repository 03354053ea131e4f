/**
 * The routes bench/scale.ts measures, each loaded alone at 50 connections: the technician's and the
 * manager's reads, then the writes (start, answer, submit, review answer, Master Challenge answer), with
 * the state each write needs made first. Returns the server's own milliseconds per route.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { nth, percentile, queryRow } from './harness';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SUBMITS_PER_TECH = 40;
const MC_QUESTIONS = 30;
/** BENCH_ROUTES=technicians,assignments … measures only the routes whose label holds one of these (all when unset). */
const ONLY = process.env.BENCH_ROUTES?.split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const wanted = (route: string) => !ONLY?.length || ONLY.some((part) => route.includes(part));
const WRITES = [
  'POST /api/v1/test-sessions',
  'PUT /api/v1/test-sessions/:id/answers/:position',
  'POST /api/v1/test-sessions/:id/submit',
  'POST /api/v1/me/review/cards/:questionId/answer',
  'POST /api/v1/master-challenge/attempts/:id/answers',
];

export type RouteTimes = Record<string, number[]>;

export interface MeasuredShop {
  origin: string;
  db: pg.Client;
  databaseUrl: string;
  managerCookie: string;
  /** techCookies[i] belongs to techIds[i]. */
  techCookies: string[];
  techIds: string[];
}

const TECH_READS = [
  '/api/v1/me/practice-dashboard',
  '/api/v1/me/analytics',
  '/api/v1/me/mastery',
  '/api/v1/me/review',
  '/api/v1/me/review/cards',
  '/api/v1/master-challenge/leaderboard',
  '/api/v1/master-challenge/my-rank',
];
const MANAGER_READS = [
  '/api/v1/manager/overview',
  '/api/v1/manager/technicians',
  '/api/v1/manager/assignments',
  '/api/v1/manager/test-history',
  '/api/v1/manager/analytics',
  '/api/v1/manager/certifications',
  '/api/v1/manager/certifications.csv',
];

export async function measureRoutes(shop: MeasuredShop): Promise<RouteTimes> {
  const { origin, db, managerCookie, techCookies, techIds } = shop;
  // For the deletes made while a load runs (one client runs one statement at a time).
  const side = new pg.Pool({ connectionString: shop.databaseUrl, max: 4 });
  const users = techCookies.length;
  const times: RouteTimes = {};
  const takeSamples = async () =>
    (await (await fetch(`${origin}/bench/samples`, { method: 'POST' })).json()) as RouteTimes;
  const headersOf = (cookie: string) => ({ cookie, origin, 'content-type': 'application/json' });
  // Requests still running when a load stops finish before anything reads their samples or changes their rows.
  const settle = () => new Promise((r) => setTimeout(r, 3000));
  const load = async (route: string, options: Partial<autocannon.Options>) => {
    const length = options.amount ? {} : { duration: SECONDS };
    const result = await autocannon({ url: origin, connections: CONNECTIONS, ...length, ...options });
    // A request still running when autocannon stops is recorded by the server when it ends: wait for it.
    await settle();
    const samples = await takeSamples();
    times[route] = samples[route] ?? [];
    const failed = result.non2xx + result.errors + result.timeouts;
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' ');
    const list = times[route];
    console.log(
      `  ${route}: ${list.length} requests, server p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms${failed ? `, ${failed} failed or not 2xx (${statuses})` : ''}`,
    );
  };

  let turn = 0;
  const nextUser = () => turn++ % users;

  // The machine's own floor: a bare route doing one 10-row select in the same server (bench/practice-server.ts).
  await autocannon({ url: `${origin}/bench/bare`, connections: CONNECTIONS, amount: 200 });
  await takeSamples();
  await load('GET /bench/bare', { requests: [{ method: 'GET', path: '/bench/bare' }] });

  // Reads. One warm-up pass per route first (prepared statements on each pooled connection, session cache).
  for (const path of TECH_READS.filter((p) => wanted(`GET ${p}`))) {
    const request = {
      method: 'GET' as const,
      path,
      setupRequest: (req: autocannon.Request) => ({ ...req, headers: headersOf(nth(techCookies, nextUser())) }),
    };
    await autocannon({ url: origin, connections: CONNECTIONS, amount: 100, requests: [request] });
    await takeSamples();
    await load(`GET ${path}`, { requests: [request] });
  }
  for (const path of MANAGER_READS.filter((p) => wanted(`GET ${p}`))) {
    const request = { method: 'GET' as const, path, headers: headersOf(managerCookie) };
    await autocannon({ url: origin, connections: CONNECTIONS, amount: 100, requests: [request] });
    await takeSamples();
    await load(`GET ${path}`, { requests: [request] });
  }

  // The writes are measured together (each one's state is made by the one before), or not at all.
  if (!WRITES.some(wanted)) {
    await side.end();
    return times;
  }

  // Answers are saved as given (no instant feedback, which locks an answered slot), as exams and assigned tests do.
  await db.query('update profiles set instant_feedback = false where id = any($1)', [techIds]);
  const category = await queryRow<{ id: string }>(db, `select id from ase_categories where code = 'A1'`);

  // Start: each new test is deleted once made, so the next start of the same technician makes one again.
  let resumed = 0;
  await load('POST /api/v1/test-sessions', {
    requests: [
      {
        method: 'POST',
        path: '/api/v1/test-sessions',
        setupRequest: (req) => ({
          ...req,
          headers: headersOf(nth(techCookies, nextUser())),
          body: JSON.stringify({ kind: 'category', categoryId: category.id }),
        }),
        onResponse: (status, body) => {
          if (status === 200) resumed++;
          const id = (JSON.parse(body) as { id?: string }).id;
          if (id) void side.query('delete from test_sessions where id = $1', [id]);
        },
      },
    ],
  });
  if (resumed) console.log(`start: ${resumed} starts resumed an open test`);
  await settle();

  // Answer: a random slot of the technician's own open test.
  const open: string[] = [];
  for (const cookie of techCookies) {
    const response = await fetch(`${origin}/api/v1/test-sessions`, {
      method: 'POST',
      headers: headersOf(cookie),
      body: JSON.stringify({ kind: 'category', categoryId: category.id }),
    });
    open.push(((await response.json()) as { id: string }).id);
  }
  const letters = ['A', 'B', 'C', 'D'];
  await load('PUT /api/v1/test-sessions/:id/answers/:position', {
    requests: [
      {
        method: 'PUT',
        setupRequest: (req) => {
          const user = nextUser();
          return {
            ...req,
            path: `/api/v1/test-sessions/${open[user]}/answers/${Math.floor(Math.random() * 20)}`,
            headers: headersOf(nth(techCookies, user)),
            body: JSON.stringify({ answer: letters[Math.floor(Math.random() * 4)] }),
          };
        },
      },
    ],
  });
  await settle();
  await db.query('delete from test_sessions where id = any($1::uuid[])', [open]);

  // Submit: tests answered in full beforehand, in SQL, as the answer route leaves them (and no other open test).
  await db.query('delete from test_sessions where tech_id = any($1) and completed_at is null', [techIds]);
  await db.query(
    `insert into test_sessions (tech_id, category_id, kind, total_questions, started_at)
     select t, $2::uuid, 'category', 20, now() - interval '15 minutes' from unnest($1::text[]) t, generate_series(1, $3)`,
    [techIds, category.id, SUBMITS_PER_TECH],
  );
  await db.query(
    `insert into test_answers (session_id, position, question_id, selected_answer, answered_at)
     select s.id, q.position, q.id, (array['A','B','C','D'])[1 + floor(random() * 4)::int], now()
     from test_sessions s
     cross join lateral (select id, (row_number() over () - 1)::int as position from (
       select id from questions where category_id = $1 and pool = 'practice' and active
       order by md5(id || s.id::text) limit 20) picked) q
     where s.completed_at is null and s.tech_id = any($2)`,
    [category.id, techIds],
  );
  await db.query('vacuum analyze test_sessions, test_answers');
  const toSubmit = new Map<number, string[]>();
  for (const [i, id] of techIds.entries()) {
    const { rows } = await db.query<{ id: string }>(
      'select id from test_sessions where tech_id = $1 and completed_at is null',
      [id],
    );
    toSubmit.set(
      i,
      rows.map((r) => r.id),
    );
  }
  let ranOut = false;
  await load('POST /api/v1/test-sessions/:id/submit', {
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const user = nextUser();
          const id = toSubmit.get(user)?.shift();
          if (!id) ranOut = true;
          return { ...req, path: `/api/v1/test-sessions/${id}/submit`, headers: { cookie: techCookies[user], origin } };
        },
      },
    ],
  });
  if (ranOut) console.warn('submit: ran out of prepared tests; raise SUBMITS_PER_TECH');
  await settle();

  // Review answer: every card of the shop's technicians due now, each answered once.
  await db.query(`update review_cards set due = now() - interval '1 minute' where user_id = any($1)`, [techIds]);
  const cards = new Map<number, string[]>();
  for (const [i, id] of techIds.entries()) {
    const { rows } = await db.query<{ question_id: string }>(
      'select question_id from review_cards where user_id = $1',
      [id],
    );
    cards.set(
      i,
      rows.map((r) => r.question_id),
    );
  }
  await load('POST /api/v1/me/review/cards/:questionId/answer', {
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const user = nextUser();
          return {
            ...req,
            path: `/api/v1/me/review/cards/${cards.get(user)?.shift()}/answer`,
            headers: headersOf(nth(techCookies, user)),
            body: JSON.stringify({ answer: letters[Math.floor(Math.random() * 4)] }),
          };
        },
      },
    ],
  });

  await settle();
  // Master Challenge answer: one attempt per technician (past the 24-hour wait), its 30 answers in order.
  await db.query(
    `update master_challenge_attempts set started_at = started_at - interval '2 days',
       completed_at = completed_at - interval '2 days'
     where tech_id = any($1) and started_at > now() - interval '2 days'`,
    [techIds],
  );
  try {
    await masterChallengeAnswers();
  } catch (error) {
    console.error('Master Challenge answer phase failed:', error);
  }
  await side.end();
  return times;

  async function masterChallengeAnswers() {
    const attempts: { id: string; order: number }[] = [];
    for (const cookie of techCookies) {
      const response = await fetch(`${origin}/api/v1/master-challenge/attempts`, {
        method: 'POST',
        headers: { cookie, origin },
      });
      if (!response.ok) throw new Error(`Master Challenge start: ${response.status} ${await response.text()}`);
      const view = (await response.json()) as { id: string; current: { order: number } };
      attempts.push({ id: view.id, order: view.current.order });
    }
    await load('POST /api/v1/master-challenge/attempts/:id/answers', {
      amount: users * MC_QUESTIONS,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => {
            const attempt = nth(attempts, nextUser());
            const questionOrder = Math.min(attempt.order++, MC_QUESTIONS - 1);
            return {
              ...req,
              path: `/api/v1/master-challenge/attempts/${attempt.id}/answers`,
              headers: headersOf(nth(techCookies, attempts.indexOf(attempt))),
              body: JSON.stringify({
                questionOrder,
                answer: letters[Math.floor(Math.random() * 4)],
                activity: { tabSwitches: 0, focusLosses: 0, windowSizeFlags: 0 },
              }),
            };
          },
        },
      ],
    });
  }
}
