import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer, verifyTokenIn } from '../../../../tests/fixtures/mail';
import { cookieFrom, createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { authVerifications } from '../../db/schema';
import { RESEND_LIMIT } from './email-verification';

const LINK_INVALID = 'This verification link is invalid, has expired or was already used. Ask for a new one.';

/** A verified e-mail before a technician appears on the global leaderboard. */
let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'TorquePrep <no-reply@torqueprep.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const VERIFY_LINK = '/verify-email?token=';
const verify = (token: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-email',
    payload: { token },
    headers: cookie ? { cookie } : {},
  });
const resend = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/me/email-verification', headers: { cookie } });
const me = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).json().user;

describe('e-mail verification', () => {
  it('sign-up mails a link in the account language; it verifies once, signs nobody in, and /me says so', async () => {
    const { email, cookie } = await signUpTech(t.app, { locale: 'es' });
    expect(await me(cookie)).toMatchObject({ emailVerified: false });
    const mail = await smtp.waitForMail(email, 10_000, VERIFY_LINK);
    expect(mail.raw).toMatch(/Subject: Verifica tu correo de TorquePrep/);
    expect(mail.text).toContain(`http://localhost:3000${VERIFY_LINK}`);
    const token = verifyTokenIn(mail.text);
    // The token is stored hashed: the database holds no link that works.
    const rows = await t.database.db.select({ identifier: authVerifications.identifier }).from(authVerifications);
    expect(rows.some((r) => r.identifier.includes(token))).toBe(false);

    const done = await verify(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      message: 'Your e-mail address is verified.',
      key: 'messages.emailVerification.verified',
    });
    expect(done.headers['set-cookie']).toBeUndefined();
    expect(await me(cookie)).toMatchObject({ emailVerified: true });

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'VERIFICATION_LINK_INVALID',
      message: LINK_INVALID,
    });
    // Nothing left to verify: "Resend" says so instead of mailing.
    const already = await resend(cookie);
    expect(already.statusCode).toBe(409);
    expect(already.json().error.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('refuses a made-up, empty or expired token with a clear 400', async () => {
    for (const token of ['made-up-token', 'x'.repeat(200)]) {
      const r = await verify(token);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toBe(LINK_INVALID);
    }
    const empty = await verify('');
    expect(empty.statusCode).toBe(400);
    // The contract's message: English for API clients, its id for the web to translate (ADR 0050).
    expect(empty.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: LINK_INVALID,
      key: 'messages.emailVerification.linkInvalid',
      details: [{ path: '/token', message: LINK_INVALID, key: 'messages.emailVerification.linkInvalid' }],
    });
    const long = await verify('x'.repeat(201));
    expect(long.statusCode).toBe(400);

    const { email, cookie } = await signUpTech(t.app);
    const token = verifyTokenIn((await smtp.waitForMail(email, 10_000, VERIFY_LINK)).text);
    await t.database.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        eq(authVerifications.value, JSON.stringify({ kind: 'verify-email', userId: (await me(cookie)).id, email })),
      );
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('VERIFICATION_LINK_INVALID');
    expect(await me(cookie)).toMatchObject({ emailVerified: false });
  });

  it('"Resend" mails a new link that works, and is limited per account with Retry-After', async () => {
    const { email, cookie } = await signUpTech(t.app);
    await smtp.waitForMail(email, 10_000, VERIFY_LINK);
    expect((await resend('')).statusCode).toBe(401);
    for (let i = 0; i < RESEND_LIMIT.max; i++) {
      const r = await resend(cookie);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({
        message: 'We have sent you a new verification link. Check your inbox.',
        key: 'messages.emailVerification.sent',
      });
    }
    const limited = await resend(cookie);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another account has its own allowance.
    const other = await signUpTech(t.app);
    expect((await resend(other.cookie)).statusCode).toBe(200);

    // The newest link verifies; the older ones stop working with it.
    const links: string[] = [];
    for (let i = 0; i < RESEND_LIMIT.max; i++) {
      links.push(verifyTokenIn((await smtp.waitForMail(email, 10_000, VERIFY_LINK)).text));
    }
    expect((await verify(links[links.length - 1]!)).statusCode).toBe(200);
    expect((await verify(links[0]!)).statusCode).toBe(400);
    expect(await me(cookie)).toMatchObject({ emailVerified: true });
  });

  it('a verified session user is exposed on GET /api/v1/session too', async () => {
    const { email, response } = await signUpTech(t.app);
    const cookie = cookieFrom(response);
    const token = verifyTokenIn((await smtp.waitForMail(email, 10_000, VERIFY_LINK)).text);
    // Opened on another device, signed out: it verifies the address and signs nobody in.
    expect((await verify(token)).statusCode).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
    expect(session.json().session.user.emailVerified).toBe(true);
  });
});
