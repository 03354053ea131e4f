import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingMailer, resetTokenIn } from '../../../tests/fixtures/mail';
import { cookieFrom, createTestApp, signUpTech, type TestApp } from '../../../tests/fixtures/test-app';

/**
 * Every way a session ends drops it from the session cache at once. The cache TTL is
 * a minute here, so a cookie that still worked after its session ended would be the cache's doing.
 */
const SECRET = 'revocation-test-secret-0123456789abcdef';
const env = { SESSION_CACHE_TTL_MS: '60000', BETTER_AUTH_SECRET: SECRET };
const mailer = capturingMailer();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(env, undefined, { mailer });
});
afterAll(async () => {
  await t.close();
});

const me = (app: TestApp['app'], cookie: string) =>
  app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });

/** A technician signed in on two devices, each cookie read once so both sit in the cache. */
async function techOnTwoDevices(app = t.app) {
  const first = await signUpTech(app);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { email: first.email, password: 'Rotor-gauge-42' },
  });
  const second = cookieFrom(signIn);
  for (const cookie of [first.cookie, second]) expect((await me(app, cookie)).statusCode).toBe(200);
  return { email: first.email, laptop: first.cookie, phone: second };
}

/** The session token inside a signed cookie (token.signature). */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.split('torqueprep.session_token=')[1]!.split(';')[0]!);
  return value.slice(0, value.lastIndexOf('.'));
}

describe('on the instance that ends the session', () => {
  it("better-auth's own sign-out (/api/auth/sign-out)", async () => {
    const { laptop, phone } = await techOnTwoDevices();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: laptop } });
    expect(out.statusCode).toBe(200);
    expect((await me(t.app, laptop)).statusCode).toBe(401);
    expect((await me(t.app, phone)).statusCode).toBe(200);
  });

  it('our sign-out (/api/v1/auth/sign-out)', async () => {
    const { laptop } = await techOnTwoDevices();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { cookie: laptop } });
    expect((await me(t.app, laptop)).statusCode).toBe(401);
  });

  it('revoke-session of another device', async () => {
    const { laptop, phone } = await techOnTwoDevices();
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: { cookie: laptop },
      payload: { token: tokenOf(phone) },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await me(t.app, phone)).statusCode).toBe(401);
    expect((await me(t.app, laptop)).statusCode).toBe(200);
  });

  it('revoke-sessions ends every device', async () => {
    const { laptop, phone } = await techOnTwoDevices();
    await t.app.inject({ method: 'POST', url: '/api/auth/revoke-sessions', headers: { cookie: laptop } });
    expect((await me(t.app, laptop)).statusCode).toBe(401);
    expect((await me(t.app, phone)).statusCode).toBe(401);
  });

  it('revoke-other-sessions keeps only this one', async () => {
    const { laptop, phone } = await techOnTwoDevices();
    await t.app.inject({ method: 'POST', url: '/api/auth/revoke-other-sessions', headers: { cookie: laptop } });
    expect((await me(t.app, phone)).statusCode).toBe(401);
    expect((await me(t.app, laptop)).statusCode).toBe(200);
  });

  it('a password change ends the old cookies, this one included, and hands this browser a new one', async () => {
    const { laptop, phone } = await techOnTwoDevices();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      headers: { cookie: laptop },
      payload: { currentPassword: 'Rotor-gauge-42', newPassword: 'Rotors and pads 77' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(t.app, laptop)).statusCode).toBe(401);
    expect((await me(t.app, phone)).statusCode).toBe(401);
    expect((await me(t.app, cookieFrom(changed))).statusCode).toBe(200);
  });

  it('a password reset ends every session', async () => {
    const { email, laptop, phone } = await techOnTwoDevices();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/request', payload: { email } });
    // Sign-up also mailed a verification link: this is the reset mail.
    const isReset = (m: (typeof mailer.sent)[number]) => m.to === email && !!m.link?.includes('/reset-password');
    await expect.poll(() => mailer.sent.some(isReset)).toBe(true);
    const mail = mailer.sent.find(isReset);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { token: resetTokenIn(mail?.text ?? ''), newPassword: 'Rotors and pads 77' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(t.app, laptop)).statusCode).toBe(401);
    expect((await me(t.app, phone)).statusCode).toBe(401);
  });
});

describe('on the other instances, through Redis (REDIS_URL)', () => {
  const redisEnv = { ...env, REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const probe = new Redis(redisEnv.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
    try {
      await probe.connect();
      await probe.ping();
    } catch {
      throw new Error(`This test needs Redis at ${redisEnv.REDIS_URL} (start it, or set TEST_REDIS_URL)`);
    } finally {
      probe.disconnect();
    }
    first = await createTestApp(redisEnv);
    second = await createTestApp(redisEnv, undefined, { database: first.database });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('another instance refuses a signed-out cookie at once, not after its cache TTL', async () => {
    const { laptop } = await techOnTwoDevices(first.app);
    // The other instance verifies the cookie once and caches it for a minute.
    expect((await me(second.app, laptop)).statusCode).toBe(200);
    await first.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: laptop } });
    await expect.poll(async () => (await me(second.app, laptop)).statusCode, { timeout: 1000, interval: 20 }).toBe(401);
  });

  it('another instance drops every old cookie after a password change', async () => {
    const { laptop, phone } = await techOnTwoDevices(first.app);
    for (const cookie of [laptop, phone]) expect((await me(second.app, cookie)).statusCode).toBe(200);
    const changed = await first.app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      headers: { cookie: laptop },
      payload: { currentPassword: 'Rotor-gauge-42', newPassword: 'Rotors and pads 77' },
    });
    expect(changed.statusCode).toBe(200);
    for (const cookie of [laptop, phone]) {
      await expect
        .poll(async () => (await me(second.app, cookie)).statusCode, { timeout: 1000, interval: 20 })
        .toBe(401);
    }
    expect((await me(second.app, cookieFrom(changed))).statusCode).toBe(200);
  });
});
