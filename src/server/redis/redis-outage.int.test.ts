import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../../tests/fixtures/tcp-proxy';
import { cookieFrom, createTestApp, signUpTech, type TestApp, uniqueEmail } from '../../../tests/fixtures/test-app';
import { aseCategories } from '../db/schema';
import { RESET_MAIL_LIMIT } from '../modules/accounts/service';

/**
 * Redis is cut mid-run (through a TCP proxy this test controls, in front of the real
 * Redis) under two instances sharing one database. Every route that counts in Redis keeps answering at once,
 * limits hold per instance, an ended session is refused on the other instance through the database, the
 * metrics say Redis is down, and everything goes back to Redis when it returns, without a restart (ADR 0035).
 */
const REDIS_URL = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const PER_EMAIL = 5;
const PASSWORD = 'Wheel bearing 4417 grease';

let proxy: TcpProxy;
let first: TestApp;
let second: TestApp;
let categoryId: string;

beforeAll(async () => {
  const probe = new Redis(REDIS_URL.href, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  try {
    await probe.connect();
    await probe.ping();
  } catch {
    throw new Error(`This test needs Redis at ${REDIS_URL.href} (start it, or set TEST_REDIS_URL)`);
  } finally {
    probe.disconnect();
  }
  proxy = await startTcpProxy({ host: REDIS_URL.hostname, port: Number(REDIS_URL.port || 6379) });
  const env = {
    REDIS_URL: proxy.url(),
    // A cached cookie lives a minute: one still honoured after its session ended would be the cache's doing.
    SESSION_CACHE_TTL_MS: '60000',
    BETTER_AUTH_SECRET: 'redis-outage-test-secret-0123456789abcdef',
    AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
  };
  first = await createTestApp(env);
  second = await createTestApp(env, undefined, { database: first.database });
  categoryId = (await first.database.db.select().from(aseCategories))[0]!.id;
  // The server waits for Redis at start-up, so both count in it from their first request.
  for (const t of [first, second]) expect(await redisUp(t)).toBe(1);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await proxy?.close();
});

/** torqueprep_redis_up from the instance's /api/metrics. */
async function redisUp(t: TestApp): Promise<number> {
  const metrics = await t.app.inject('/api/metrics');
  expect(metrics.statusCode).toBe(200);
  const line = /^torqueprep_redis_up (\d)$/m.exec(metrics.body);
  return Number(line?.[1]);
}

const me = (t: TestApp, cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
const signIn = (t: TestApp, email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email, password } });

/**
 * Runs a request and fails if it took longer than `ms`: a Redis outage must not hold requests up (they
 * waited for ever on a Redis that stopped answering; a Redis that refused answered 500 after ioredis'
 * retries, which the status checks catch). Generous, because signing in hashes a password on a busy machine.
 */
async function quickly<T>(what: string, request: () => Promise<T>, ms = 10_000): Promise<T> {
  const started = performance.now();
  const response = await request();
  const took = performance.now() - started;
  expect(took, `${what} took ${Math.round(took)} ms`).toBeLessThan(ms);
  return response;
}

/** Every route that counts something in Redis: each must answer as it does with Redis up. */
async function everyCountedRoute(t: TestApp) {
  const tech = await quickly('sign-up', () => signUpTech(t.app, { password: PASSWORD }));
  expect(tech.response.statusCode).toBe(201);
  expect((await quickly('sign-in', () => signIn(t, tech.email))).statusCode).toBe(200);
  const reset = await quickly('reset request', () =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/request', payload: { email: tech.email } }),
  );
  expect(reset.statusCode).toBe(200);
  const call = (url: string, payload: object = {}) =>
    quickly(url, () => t.app.inject({ method: 'POST', url, headers: { cookie: tech.cookie }, payload }));
  expect((await call('/api/v1/test-sessions', { kind: 'category', categoryId })).statusCode).toBe(201);
  expect((await call('/api/v1/master-challenge/attempts')).statusCode).toBe(201);
  expect((await call('/api/v1/adaptive-mastery/checkout')).statusCode).toBe(200);
}

/** Wrong passwords for one address until the per-address limit answers 429; returns how many got through. */
async function attemptsUntilLimited(instances: TestApp[], email: string) {
  for (let attempt = 1; attempt <= PER_EMAIL + 1; attempt += 1) {
    const t = instances[attempt % instances.length]!;
    const response = await quickly('sign-in', () => signIn(t, email, 'wrong password'));
    if (response.statusCode === 429) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      return attempt - 1;
    }
    expect(response.statusCode).toBe(401);
  }
  return PER_EMAIL + 1;
}

describe('Redis up', () => {
  it('counts the reset e-mails of an address across instances (3 a quarter-hour, not 3 per instance)', async () => {
    const { email } = await signUpTech(first.app, { password: PASSWORD });
    const askOn = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/request', payload: { email } });
    for (let i = 0; i < RESET_MAIL_LIMIT.max; i++) expect((await askOn(i % 2 ? second : first)).statusCode).toBe(200);
    for (const t of [first, second]) {
      const refused = await askOn(t);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.key).toBe('RATE_LIMITED.resetMail');
    }
  });
});

describe.each(['refuse', 'blackhole'] as const)('Redis cut mid-run (%s)', (mode) => {
  it('keeps every counted route answering, limits per instance, sessions checked in the database', async () => {
    const { email, cookie } = await signUpTech(first.app, { password: PASSWORD });
    // The other instance has verified the cookie and would trust it from its cache for a minute.
    expect((await me(second, cookie)).statusCode).toBe(200);

    await proxy.cut(mode);
    try {
      await everyCountedRoute(first);
      await everyCountedRoute(second);

      // Each instance still counts, in its own memory: the limit holds on one instance.
      expect(await attemptsUntilLimited([first], uniqueEmail('limited'))).toBe(PER_EMAIL);

      // Signed out on one instance while Redis cannot carry the message: the other refuses the cookie at once.
      const out = await first.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { cookie } });
      expect(out.statusCode).toBe(200);
      expect((await me(second, cookie)).statusCode).toBe(401);
      expect((await signIn(first, email)).statusCode).toBe(200);

      expect(await redisUp(first)).toBe(0);
      expect(await redisUp(second)).toBe(0);
    } finally {
      await proxy.restore();
    }

    // Back without a restart: both instances use Redis again.
    await expect.poll(() => redisUp(first), { timeout: 10_000, interval: 100 }).toBe(1);
    await expect.poll(() => redisUp(second), { timeout: 10_000, interval: 100 }).toBe(1);
    // The limit is shared again: attempts on alternating instances add up to one count.
    expect(await attemptsUntilLimited([first, second], uniqueEmail('shared'))).toBe(PER_EMAIL);
    // And an ended session reaches the other instance's cache over Redis again.
    const again = cookieFrom(await signIn(first, email));
    expect((await me(second, again)).statusCode).toBe(200);
    await first.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { cookie: again } });
    await expect.poll(async () => (await me(second, again)).statusCode, { timeout: 1000, interval: 20 }).toBe(401);
  });
});
