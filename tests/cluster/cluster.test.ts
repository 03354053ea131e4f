/**
 * Scaling out (ADRs 0041 and 0044), on a real cluster: three instances (scripts/cluster-supervisor.ts) behind HAProxy
 * with round-robin, on a fresh PostgreSQL database this test creates and drops and on Redis (its own
 * database number). Loopback only, bounded loops; what it measured is printed at the end.
 * Runs on `npm test`'s PostgreSQL pass (DATABASE_URL set); skipped, saying why, without it.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_INTER_MS, Cluster, ensureHaproxy, freePort } from '../../scripts/cluster-supervisor';
import { validPayment } from '../fixtures/billing';
import { Client, counters, type Reply, signUpTech, sleep } from './client';
import {
  challengeLoop,
  integrityViolations,
  managerLoop,
  missingAcknowledged,
  newRecord,
  summarize,
  technicianLoop,
} from './load';

const adminUrl = process.env.DATABASE_URL;
const haproxy = adminUrl ? ensureHaproxy() : null;
const skipReason = !adminUrl
  ? 'DATABASE_URL is not set (PGlite is one process: the cluster runs on the PostgreSQL pass)'
  : !haproxy
    ? 'HAProxy is not installed and could not be (sudo apt-get install -y haproxy)'
    : '';
if (skipReason) console.log(`Cluster test skipped: ${skipReason}`);

const INSTANCES = 3;
const dbName = `tp_cluster_${randomBytes(4).toString('hex')}`;
const dbUrl = adminUrl ? Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() : '';
const measured: Record<string, number | string> = {};
let cluster: Cluster;
let db: pg.Client;
let origin: string;
let categoryId: string;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const ok = (status: number) => status >= 200 && status < 300;
const NOTHING_MISSING = { answers: 0, submits: 0, assignments: 0, assignmentsWithoutMessage: 0, challengeAnswers: 0 };

/** A manager with a shop on its plan (mock payment), made through the balancer, and the shop's id. */
async function managerWithShop(name: string, shopCode: string) {
  const manager = new Client(origin, '10.33.0.1');
  const signUp = await manager.call('POST', '/api/v1/auth/sign-up', {
    email: `${name}@example.com`,
    password: 'Rotor-gauge-42',
    fullName: `Cluster ${name}`,
    role: 'manager',
    shopCode,
  });
  expect(ok(signUp.status), JSON.stringify(signUp.body)).toBe(true);
  const created = await manager.call('POST', '/api/v1/shops', { name: 'Cluster Shop', type: 'independent' });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const plans = (await manager.call('GET', '/api/v1/shop/plans')).body as { plans: { id: string }[] };
  const subscribed = await manager.call('POST', '/api/v1/shop/subscription', {
    planId: plans.plans[0]?.id,
    payment: validPayment,
  });
  expect(ok(subscribed.status), JSON.stringify(subscribed.body)).toBe(true);
  return { manager, shopId: (created.body as { shop: { id: string } }).shop.id };
}

/** Puts technicians (by e-mail) in a shop, as an approved join request would. */
async function joinShop(shopId: string, emails: string[]) {
  const { rows } = await db.query<{ id: string }>(
    'update profiles set shop_id = $1 where email = any($2::text[]) returning id',
    [shopId, emails],
  );
  return rows.map((r) => r.id);
}

describe.skipIf(skipReason !== '')('cluster', () => {
  beforeAll(async () => {
    await admin(`create database ${dbName}`);
    const publicPort = await freePort();
    origin = `http://127.0.0.1:${publicPort}`;
    cluster = new Cluster({
      instances: INSTANCES,
      publicPort,
      bind: '127.0.0.1',
      output: process.env.CLUSTER_LOGS ? 'inherit' : 'ignore',
      log: () => {},
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BILLING_PROVIDER: 'mock',
        DATABASE_URL: dbUrl,
        // Its own Redis database and a flush first: nothing shared with another run.
        REDIS_URL: 'redis://127.0.0.1:6379/11',
        BETTER_AUTH_SECRET: randomBytes(24).toString('hex'),
        BASE_URL: origin,
        LOG_LEVEL: 'warn',
        // The load starts a test every few seconds per technician: far past the per-user creation limit.
        CREATE_LIMIT_PER_USER: '100000',
        PAYMENT_MOCK_DELAY_MS: '0',
        // Every instance looks for scheduled messages and e-mails to send each second: each is made and sent once.
        NOTIFICATION_SCHEDULE_INTERVAL_MS: '1000',
        NOTIFICATION_SEND_INTERVAL_MS: '1000',
      },
    });
    const { Redis } = await import('ioredis');
    const redis = new Redis('redis://127.0.0.1:6379/11');
    await redis.flushdb();
    redis.disconnect();
    const started = Date.now();
    await cluster.start();
    measured['three instances ready on an empty database (s)'] = ((Date.now() - started) / 1000).toFixed(1);
    // Restarts find the content seeded: they start faster without seeding it again.
    cluster.instanceEnv.SEED_ON_START = 'false';
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    categoryId = (await db.query<{ id: string }>(`select id from ase_categories where code = 'A1'`)).rows[0]!.id;
  }, 300_000);

  afterAll(async () => {
    console.log(
      `\nCluster test (${INSTANCES} instances, HAProxy round-robin):\n${Object.entries(measured)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}\n  requests sent: ${counters.sent}`,
    );
    await db?.end();
    await cluster?.stop();
    await admin(`drop database if exists ${dbName} with (force)`);
  }, 120_000);

  it('started three instances together on an empty database: migrations applied once, content seeded once', async () => {
    const { rows } = await db.query<{ applied: string; distinct: string }>(
      'select count(*) as applied, count(distinct hash) as distinct from drizzle.__drizzle_migrations',
    );
    expect(Number(rows[0]!.applied)).toBeGreaterThan(0);
    expect(rows[0]!.applied).toBe(rows[0]!.distinct);
    const { rows: duplicates } = await db.query('select id from ase_categories group by id having count(*) > 1');
    expect(duplicates).toEqual([]);
    for (const instance of cluster.instances) {
      expect((await fetch(`http://127.0.0.1:${instance.port}/api/ready`)).status).toBe(200);
    }
  });

  it('signs in on one instance and is used on the others; sign-out and password change hold on every one at once', async () => {
    const tech = await signUpTech(origin, 'roaming');
    const seen = new Set<string>();
    for (let i = 0; i < INSTANCES * 2; i++) {
      const me = await tech.call('GET', '/api/v1/me');
      expect(me.status).toBe(200);
      seen.add(me.servedBy);
    }
    expect(seen.size).toBe(INSTANCES);

    // A second session of the same account, used on every instance (so each has it cached), then the
    // first changes the password: the second is refused everywhere at once (no cache lag).
    const other = new Client(origin, tech.ip);
    expect(
      (await other.call('POST', '/api/v1/auth/sign-in', { email: 'roaming@example.com', password: 'Rotor-gauge-42' }))
        .status,
    ).toBe(200);
    for (let i = 0; i < INSTANCES; i++) expect((await other.call('GET', '/api/v1/me')).status).toBe(200);
    const change = await tech.call('PUT', '/api/v1/me/password', {
      currentPassword: 'Rotor-gauge-42',
      newPassword: 'Caliper-bracket-77',
    });
    expect(change.status).toBe(200);
    const afterChange = await Promise.all(
      Array.from({ length: INSTANCES * 2 }, () => new Client(origin, tech.ip, other.cookie).call('GET', '/api/v1/me')),
    );
    expect(afterChange.map((r) => r.status)).toEqual(afterChange.map(() => 401));
    expect(new Set(afterChange.map((r) => r.servedBy)).size).toBe(INSTANCES);

    // The session that changed it goes on. A third session, used everywhere, is revoked from the first
    // ("sign out other devices"): refused on every instance at once, while the first goes on.
    for (let i = 0; i < INSTANCES; i++) expect((await tech.call('GET', '/api/v1/me')).status).toBe(200);
    const third = new Client(origin, tech.ip);
    expect(
      (
        await third.call('POST', '/api/v1/auth/sign-in', {
          email: 'roaming@example.com',
          password: 'Caliper-bracket-77',
        })
      ).status,
    ).toBe(200);
    for (let i = 0; i < INSTANCES; i++) expect((await third.call('GET', '/api/v1/me')).status).toBe(200);
    expect(ok((await tech.call('POST', '/api/auth/revoke-other-sessions', {})).status)).toBe(true);
    const afterRevoke = await Promise.all(
      Array.from({ length: INSTANCES * 2 }, () => new Client(origin, tech.ip, third.cookie).call('GET', '/api/v1/me')),
    );
    expect(afterRevoke.map((r) => r.status)).toEqual(afterRevoke.map(() => 401));
    expect(new Set(afterRevoke.map((r) => r.servedBy)).size).toBe(INSTANCES);
    for (let i = 0; i < INSTANCES; i++) expect((await tech.call('GET', '/api/v1/me')).status).toBe(200);
    const signedIn = tech.cookie;
    expect(ok((await tech.call('POST', '/api/v1/auth/sign-out')).status)).toBe(true);
    const afterSignOut = await Promise.all(
      Array.from({ length: INSTANCES * 2 }, () => new Client(origin, tech.ip, signedIn).call('GET', '/api/v1/me')),
    );
    expect(afterSignOut.map((r) => r.status)).toEqual(afterSignOut.map(() => 401));
  });

  it('shares the per-IP sign-in limit across instances', async () => {
    const client = new Client(origin, '10.99.0.1');
    let firstRefusal = 0;
    // The limit is 30 a minute per address; counted per instance it would let 90 through.
    for (let attempt = 1; attempt <= 45 && firstRefusal === 0; attempt++) {
      const reply = await client.call('POST', '/api/v1/auth/sign-in', {
        email: `nobody${attempt}@example.com`,
        password: 'wrong-password',
      });
      if (reply.status === 429) firstRefusal = attempt;
    }
    measured['per-IP sign-in limit: first 429 at attempt'] = firstRefusal;
    expect(firstRefusal).toBe(31);
  });

  it('shares the per-account sign-in limit across instances, whatever address the attempts come from', async () => {
    let firstRefusal = 0;
    // 8 a minute per e-mail address; counted per instance it would let 24 through.
    for (let attempt = 1; attempt <= 20 && firstRefusal === 0; attempt++) {
      const reply = await new Client(origin, `10.98.0.${attempt}`).call('POST', '/api/v1/auth/sign-in', {
        email: 'limited@example.com',
        password: 'wrong-password',
      });
      if (reply.status === 429) firstRefusal = attempt;
    }
    measured['per-account sign-in limit: first 429 at attempt'] = firstRefusal;
    expect(firstRefusal).toBe(9);
  });

  it('keeps the Master Challenge clock on the server across instances, and a retried answer save is idempotent', async () => {
    const tech = await signUpTech(origin, 'challenger');
    await db.query(`update auth_users set email_verified = true where email = 'challenger@example.com'`);
    const start = await tech.call('POST', '/api/v1/master-challenge/attempts');
    expect(start.status).toBe(201);
    const attempt = start.body as { id: string; current: { order: number; secondsLeft: number } };
    let previous = attempt.current.secondsLeft;
    for (let i = 0; i < INSTANCES; i++) {
      await sleep(300);
      const read = await tech.call('GET', `/api/v1/master-challenge/attempts/${attempt.id}`);
      const current = (read.body as { current: { order: number; secondsLeft: number } }).current;
      // The same question, its time running down wherever it is read: no instance restarts it.
      expect(current.order).toBe(0);
      expect(current.secondsLeft).toBeLessThan(previous);
      previous = current.secondsLeft;
    }
    const answer = { questionOrder: 0, answer: 'A', activity: { tabSwitches: 0, focusLosses: 0, windowSizeFlags: 0 } };
    const first = await tech.call('POST', `/api/v1/master-challenge/attempts/${attempt.id}/answers`, answer);
    const retried = await tech.call('POST', `/api/v1/master-challenge/attempts/${attempt.id}/answers`, answer);
    expect(first.servedBy).not.toBe(retried.servedBy);
    expect((first.body as { lastAnswer: { outcome: string } }).lastAnswer.outcome).toBe('recorded');
    expect((retried.body as { lastAnswer: { outcome: string } }).lastAnswer.outcome).toBe('already_answered');
    expect((retried.body as { answered: number }).answered).toBe(1);

    // A practice answer saved twice (the client retrying after a timeout) on two instances: one row, same letter.
    const session = await tech.call('POST', '/api/v1/test-sessions', { kind: 'category', categoryId });
    const { id, slots } = session.body as { id: string; slots: { position: number }[] };
    const path = `/api/v1/test-sessions/${id}/answers/${slots[0]!.position}`;
    const saves = [await tech.call('PUT', path, { answer: 'C' }), await tech.call('PUT', path, { answer: 'C' })];
    expect(saves.map((s) => s.status)).toEqual([200, 200]);
    const { rows } = await db.query(
      'select selected_answer from test_answers where session_id = $1 and position = $2',
      [id, slots[0]!.position],
    );
    expect(rows).toEqual([{ selected_answer: 'C' }]);
  });

  it('restarts every instance in turn under load with no request lost', async () => {
    const techs = await Promise.all([1, 2, 3, 4].map((i) => signUpTech(origin, `rolling${i}`)));
    const record = newRecord();
    let stopped = false;
    const load = Promise.all(techs.map((t) => technicianLoop(t, categoryId, () => stopped, record)));
    await sleep(1000);
    const codes = await cluster.rollingRestart();
    await sleep(1000);
    stopped = true;
    await load;
    measured['rolling restart: requests answered 2xx'] = record.ok;
    measured['rolling restart: errors'] = `${record.failures.length} (${summarize(record.failures)})`;
    expect(codes).toEqual(codes.map(() => 0));
    expect(record.failures).toEqual([]);
    expect(await missingAcknowledged(db, record)).toEqual(NOTHING_MISSING);
  }, 400_000);

  it('survives kill -9 of one instance after another under load: acknowledged writes kept, integrity holds', async () => {
    const techs = await Promise.all([1, 2, 3, 4, 5].map((i) => signUpTech(origin, `crash${i}`)));
    const challenger = await signUpTech(origin, 'crash-challenger');
    await db.query(`update auth_users set email_verified = true where email = 'crash-challenger@example.com'`);
    const { manager, shopId } = await managerWithShop('crash-manager', 'SHOPCRASH1');
    const techIds = await joinShop(
      shopId,
      [1, 2, 3, 4, 5].map((i) => `crash${i}@example.com`),
    );
    const record = newRecord();
    let stopped = false;
    const until = () => stopped;
    // Technicians taking tests, one answering a Master Challenge, and their manager assigning tests.
    const load = Promise.all([
      ...techs.map((t) => technicianLoop(t, categoryId, until, record)),
      challengeLoop(challenger, until, record),
      managerLoop(manager, techIds, categoryId, until, record),
    ]);
    const kills: Array<{ at: number; instance: number }> = [];
    for (const index of [1, 2, 3]) {
      await sleep(3000);
      kills.push({ at: Date.now(), instance: index });
      await cluster.signal(index, 'SIGKILL');
      // HAProxy needs `fall` failed checks to see it; meanwhile connections refused are redispatched.
      await sleep(CHECK_INTER_MS * 3);
      await cluster.startInstance(index);
    }
    await sleep(2000);
    stopped = true;
    await load;
    const missing = await missingAcknowledged(db, record);
    const violations = await integrityViolations(db);
    const totalViolations = Object.values(violations).reduce((a, b) => a + b, 0);
    measured['kill -9 (3 kills): requests answered 2xx'] = record.ok;
    measured['kill -9: acknowledged answers / submits / assignments / challenge answers'] =
      `${record.answers.size} / ${record.submitted.size} / ${record.assignments.size} / ${record.challengeAnswers.size}`;
    measured['kill -9: acknowledged writes missing'] = Object.values(missing).reduce((a, b) => a + b, 0);
    measured['kill -9: integrity violations'] = totalViolations;
    measured['kill -9: errors (requests in flight on a killed instance)'] =
      `${record.failures.length} (${summarize(record.failures)})`;
    expect(missing).toEqual(NOTHING_MISSING);
    expect(record.assignments.size).toBeGreaterThan(5);
    expect(record.challengeAnswers.size).toBeGreaterThan(5);
    expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((k) => [k, 0])));
    // Each technician has one request in flight at a time: at most one failure each per kill, each
    // within a moment of a kill, and each a 502 from HAProxy or a cut connection (0): the instance died
    // mid-request.
    expect(record.failures.length).toBeLessThanOrEqual((techs.length + 2) * kills.length);
    for (const failure of record.failures) {
      expect([0, 502]).toContain(failure.status);
      expect(kills.some((k) => failure.at >= k.at && failure.at - k.at < 5000)).toBe(true);
    }
    expect(record.ok).toBeGreaterThan(100);
  }, 600_000);

  it('makes each scheduled message once and sends it once, with every instance running the jobs each second', async () => {
    const tech = await signUpTech(origin, 'scheduled');
    const { shopId } = await managerWithShop('scheduled-manager', 'SHOPSCHED1');
    const [techId] = await joinShop(shopId, ['scheduled@example.com']);
    // An assignment due at the end of tomorrow (UTC, the technician's zone here): the due-tomorrow message.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await db.query(`update profiles set time_zone = 'UTC' where id = $1;`, [techId]);
    await db.query(
      `insert into test_assignments (manager_id, tech_id, shop_id, category_id, due_date)
       select manager_id, $1, id, $2, ($3::date + interval '1 day' - interval '1 second') at time zone 'UTC'
       from shops where id = $4`,
      [techId, categoryId, tomorrow, shopId],
    );
    // Three instances, each running the schedule and the sender every second, for several periods.
    await sleep(6000);
    const { rows } = await db.query<{ email_status: string; email_attempts: number }>(
      `select email_status, email_attempts from notifications where recipient_id = $1 and kind = 'assignment_due_tomorrow'`,
      [techId],
    );
    measured['scheduled message (3 instances × 6 periods): messages / e-mail attempts'] =
      `${rows.length} / ${rows[0]?.email_attempts ?? 0}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({ email_status: 'sent', email_attempts: 1 });
    expect((await tech.call('GET', '/api/v1/notifications/unread-count')).body).toEqual({ unreadCount: 1 });
  }, 60_000);

  it('answers 503 with Retry-After when its database connections are terminated, then recovers without a restart', async () => {
    const tech = await signUpTech(origin, 'terminated');
    const instance = cluster.instances[1]!;
    const direct = `http://127.0.0.1:${instance.port}`;
    const replies: Reply[] = [];
    let stopped = false;
    const load = Promise.all(
      [0, 1, 2, 3].map(async () => {
        while (!stopped) {
          const r = await tech.call('GET', '/api/v1/me/practice-dashboard', undefined, direct);
          replies.push(r);
        }
      }),
    );
    await sleep(500);
    // Cut every connection the instance holds, several times, while its requests run.
    for (let i = 0; i < 10; i++) {
      await admin(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'torqueprep-app${instance.index}' and datname = '${dbName}'`,
      );
      await sleep(150);
    }
    const cutUntil = replies.length;
    await sleep(1500);
    stopped = true;
    await load;
    const during = replies.slice(0, cutUntil);
    const unavailable = during.filter((r) => r.status === 503);
    measured['pg_terminate_backend: requests / 503s'] = `${during.length} / ${unavailable.length}`;
    const unexpected = during
      .filter((r) => r.status !== 200 && r.status !== 503)
      .map((r) => `${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
    expect(unexpected).toEqual([]);
    expect(unavailable.every((r) => r.retryAfter !== null)).toBe(true);
    // Recovered: the same process answers again.
    const after = await tech.call('GET', '/api/v1/me/practice-dashboard', undefined, direct);
    expect(after.status).toBe(200);
    expect((await fetch(`${direct}/api/ready`)).status).toBe(200);
  }, 120_000);
});
