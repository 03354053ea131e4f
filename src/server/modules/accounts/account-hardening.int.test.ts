/**
 * Reset links, the per-address lockout, the https session
 * cookie, nested bodies on /api/auth/*, a trickled body, and a sign-up while the database goes away.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTokenIn, startSmtpServer, type TestSmtpServer } from '../../../../tests/fixtures/mail';
import { cookieFrom, createTestApp, signUpTech, type TestApp, uniqueEmail } from '../../../../tests/fixtures/test-app';

const PASSWORD = 'Rotor-gauge-42';

describe('reset links end with any password change', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as never, headers: cookie ? { cookie } : {} });
  async function resetLink(email: string): Promise<string> {
    expect((await post('/api/v1/auth/password-reset/request', { email })).statusCode).toBe(200);
    return resetTokenIn((await smtp.waitForMail(email)).text);
  }

  it('an older link stops working once a newer one is used', async () => {
    const { email } = await signUpTech(t.app);
    const older = await resetLink(email);
    const newer = await resetLink(email);
    expect(newer).not.toBe(older);
    expect(
      (await post('/api/v1/auth/password-reset', { token: newer, newPassword: 'Fresh brake fluid 9' })).statusCode,
    ).toBe(200);
    const replay = await post('/api/v1/auth/password-reset', { token: older, newPassword: 'Attacker picks 4 this' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('RESET_LINK_INVALID');
    expect((await post('/api/v1/auth/sign-in', { email, password: 'Fresh brake fluid 9' })).statusCode).toBe(200);
  });

  it('a link stops working once the password is changed while signed in', async () => {
    const { email, cookie } = await signUpTech(t.app);
    const link = await resetLink(email);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      headers: { cookie },
      payload: { currentPassword: PASSWORD, newPassword: 'Rotors and pads 77' },
    });
    expect(changed.statusCode).toBe(200);
    const replay = await post('/api/v1/auth/password-reset', { token: link, newPassword: 'Attacker picks 4 this' });
    expect(replay.statusCode).toBe(400);
    expect((await post('/api/v1/auth/sign-in', { email, password: 'Rotors and pads 77' })).statusCode).toBe(200);
  });
});

describe('guesses at an address do not lock its owner out', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_EMAIL: '3' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const signIn = (email: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password },
      headers: cookie ? { cookie } : {},
    });

  it('the owner’s known browser, the reset and a fresh reset’s password still work', async () => {
    const { email, response } = await signUpTech(t.app);
    // The sign-up marked this browser as the owner's.
    const device = cookieFrom(response)
      .split('; ')
      .filter((c) => c.startsWith('torqueprep.device='))
      .join('; ');
    expect(device).toMatch(/^torqueprep\.device=/);

    // Someone else guesses until the address is held.
    for (let i = 0; i < 3; i += 1) expect((await signIn(email, `guess-number-${i}`)).statusCode).toBe(401);
    expect((await signIn(email, 'guess-number-4')).statusCode).toBe(429);
    // A new browser with the right password is held too; the owner's own browser is not.
    expect((await signIn(email, PASSWORD)).statusCode).toBe(429);
    expect((await signIn(email, PASSWORD, device)).statusCode).toBe(200);
    // A forged device cookie does not pass.
    expect((await signIn(email, PASSWORD, 'torqueprep.device=forged')).statusCode).toBe(429);

    // The reset has its own counter, and the new password starts a new one.
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/request',
      payload: { email },
    });
    expect(request.statusCode).toBe(200);
    const token = resetTokenIn((await smtp.waitForMail(email)).text);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { token, newPassword: 'Fresh brake fluid 9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(email, 'Fresh brake fluid 9')).statusCode).toBe(200);
  });

  it('another address is not affected', async () => {
    const { email } = await signUpTech(t.app);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });
});

describe('on an https BASE_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BASE_URL: 'https://torqueprep.test' });
  });
  afterAll(() => t.close());

  it('reads only the __Secure- session cookie, never the plain name (which http could plant)', async () => {
    const { response } = await signUpTech(t.app);
    const secure = cookieFrom(response)
      .split('; ')
      .find((c) => c.startsWith('__Secure-torqueprep.session_token=')) as string;
    expect(secure).toBeDefined();
    const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect((await me(secure)).statusCode).toBe(200);
    // Same value, plain name: refused even though the session is in this instance's cache.
    expect((await me(secure.replace('__Secure-', ''))).statusCode).toBe(401);
  });
});

describe('request hardening', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '2000' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('refuses deeply nested JSON on a forwarded /api/auth/* POST with 400', async () => {
    let nested: unknown = { token: 'x' };
    for (let i = 0; i < 2000; i += 1) nested = { a: nested };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(nested),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('closes a connection whose body trickles in slower than REQUEST_TIMEOUT_MS', async () => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    socket.on('error', () => undefined);
    socket.write(
      'POST /api/v1/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    // One byte every 250 ms, for at most 15 s: bounded, and far past the 2 s timeout.
    let sent = 0;
    const drip = setInterval(() => {
      sent += 1;
      if (sent > 60 || socket.destroyed) clearInterval(drip);
      else socket.write(' ');
    }, 250);
    const after = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 16_000))]);
    clearInterval(drip);
    socket.destroy();
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(8_000);
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('a sign-up while the database goes away', () => {
  it('answers 503 with Retry-After, not "sign in instead"', async () => {
    const t = await createTestApp();
    const context = await t.app.auth.$context;
    const createUser = context.internalAdapter.createUser.bind(context.internalAdapter);
    // The database stops between better-auth's look-up of the address and its INSERT.
    context.internalAdapter.createUser = (async (...args: Parameters<typeof createUser>) => {
      await t.database.close();
      return createUser(...args);
    }) as typeof createUser;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: {
        email: uniqueEmail('outage'),
        password: PASSWORD,
        fullName: 'Otto Age',
        role: 'tech',
        yearsOfExperience: '3_to_5',
      },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    await t.app.close();
  });
});
