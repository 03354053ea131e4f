import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTokenIn, startSmtpServer, type TestSmtpServer } from '../../../../tests/fixtures/mail';
import { cookieFrom, createTestApp, signUpTech, type TestApp, uniqueEmail } from '../../../../tests/fixtures/test-app';
import english from '../../../web/i18n/catalogues/en/messages.json' with { type: 'json' };
import { authVerifications } from '../../db/schema';
import { type MessageKey, messageReply as reply } from '../../messages';
import { RESET_MAIL_LIMIT } from './service';

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

const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers: cookie ? { cookie } : {} });
const signIn = (email: string, password: string) => post('/api/v1/auth/sign-in', { email, password });
const requestReset = (email: string) => post('/api/v1/auth/password-reset/request', { email });
const reset = (token: string, newPassword: string) => post('/api/v1/auth/password-reset', { token, newPassword });

async function resetTokenFor(email: string): Promise<string> {
  const response = await requestReset(email);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual(reply('messages.auth.resetLinkSent'));
  expect(response.json().message).toMatch(/^If an account exists for that email, we have sent it a link/);
  const mail = await smtp.waitForMail(email);
  expect(mail.raw).toMatch(/Subject: Reset your TorquePrep password/);
  expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
  return resetTokenIn(mail.text);
}

describe('forgot password → e-mail → reset (better-auth reset flow over SMTP)', () => {
  it('mails a link whose token sets a new password; the old one stops working', async () => {
    const { email } = await signUpTech(t.app);
    const token = await resetTokenFor(email);
    const done = await reset(token, 'Fresh brake fluid 9');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual(reply('messages.auth.passwordReset'));
    expect((await signIn(email, 'Fresh brake fluid 9')).statusCode).toBe(200);
    expect((await signIn(email, 'Rotor-gauge-42')).statusCode).toBe(401);
  });

  it('a link works once', async () => {
    const { email } = await signUpTech(t.app);
    const token = await resetTokenFor(email);
    expect((await reset(token, 'Fresh brake fluid 9')).statusCode).toBe(200);
    const again = await reset(token, 'Another one entirely 5');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'RESET_LINK_INVALID',
      message: 'This reset link is invalid or has expired. Ask for a new one.',
    });
    expect((await signIn(email, 'Another one entirely 5')).statusCode).toBe(401);
  });

  it('an expired link is refused', async () => {
    const { email, response } = await signUpTech(t.app);
    const token = await resetTokenFor(email);
    await t.database.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerifications.value, response.json().user.id));
    const late = await reset(token, 'Fresh brake fluid 9');
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('RESET_LINK_INVALID');
  });

  it('stores the token hashed, so the database holds no working link', async () => {
    const { email, response } = await signUpTech(t.app);
    const token = await resetTokenFor(email);
    const rows = await t.database.db
      .select({ identifier: authVerifications.identifier })
      .from(authVerifications)
      .where(eq(authVerifications.value, response.json().user.id));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.identifier).not.toContain(token);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const response = await requestReset(nobody);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(reply('messages.auth.resetLinkSent'));
    await expect(smtp.waitForMail(nobody, 500)).rejects.toThrow(/no mail/);
  });

  it('mails one address at most 3 reset links a quarter-hour, whoever asks, with or without an account alike', async () => {
    expect(RESET_MAIL_LIMIT).toEqual({ max: 3, windowMs: 15 * 60_000 });
    const { email } = await signUpTech(t.app);
    const nobody = uniqueEmail('nobody');
    // Each request from another IP, as a flood spread over addresses would come: the per-IP limit never bites.
    let ip = 0;
    const askFor = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset/request',
        payload: { email: address },
        remoteAddress: `198.51.100.${++ip}`,
      });
    for (const address of [email, nobody]) {
      for (let i = 0; i < 3; i++) {
        const asked = await askFor(i === 1 ? address.toUpperCase() : address);
        expect(asked.statusCode).toBe(200);
        expect(asked.json()).toEqual(reply('messages.auth.resetLinkSent'));
      }
    }
    for (let i = 0; i < 3; i++) resetTokenIn((await smtp.waitForMail(email)).text);

    // The fourth within the quarter-hour, well under the per-minute count (8): refused, the same for both.
    const known = await askFor(email);
    const unknown = await askFor(nobody);
    for (const refused of [known, unknown]) {
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(60);
      expect(wait).toBeLessThanOrEqual(15 * 60);
    }
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().error).toEqual({
      code: 'RATE_LIMITED',
      key: 'RATE_LIMITED.resetMail',
      message:
        'Reset links for an address can be asked for at most 3 times every 15 minutes. If the address has an ' +
        'account, look for a link already sent in its inbox and spam folder, or try again later.',
      details: { max: 3, minutes: 15 },
    });
    await expect(smtp.waitForMail(email, 500)).rejects.toThrow(/no mail/);
    await expect(smtp.waitForMail(nobody, 100)).rejects.toThrow(/no mail/);

    // Another address has its own allowance.
    const other = await signUpTech(t.app);
    expect((await askFor(other.email)).statusCode).toBe(200);
    resetTokenIn((await smtp.waitForMail(other.email)).text);
  });

  it('applies the password rules to the new password, the owner’s e-mail and name included', async () => {
    const { email } = await signUpTech(t.app);
    const token = await resetTokenFor(email);
    for (const [password, message] of [
      ['123456', 'messages.auth.passwordCommon'],
      [email, 'messages.auth.passwordPersonal'],
      ['Tina Tech', 'messages.auth.passwordPersonal'],
    ] as [string, MessageKey][]) {
      const refused = await reset(token, password);
      expect(refused.statusCode, password).toBe(400);
      // The contract's message: its English for API clients, its id for the web to translate.
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: english[message],
        key: message,
      });
    }
    // A refused password did not use up the link.
    expect((await reset(token, 'Fresh brake fluid 9')).statusCode).toBe(200);
  });

  it("writes to a Spanish-speaking account in Spanish (the profile's language)", async () => {
    const { email } = await signUpTech(t.app, { locale: 'es' });
    await requestReset(email);
    const mail = await smtp.waitForMail(email);
    expect(mail.text).toContain('Alguien pidió restablecer la contraseña de tu cuenta de TorquePrep');
    expect(mail.text).toContain('vence en 60 minutos');
    expect(resetTokenIn(mail.text)).toMatch(/\w{10,}/);
  });

  it('refuses a made-up token', async () => {
    const response = await reset('not-a-real-token', 'Fresh brake fluid 9');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('RESET_LINK_INVALID');
  });
});

describe('change password', () => {
  const change = (cookie: string, currentPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      headers: { cookie },
      payload: { currentPassword, newPassword },
    });

  it('needs the current password, then signs in only with the new one', async () => {
    const { email, cookie } = await signUpTech(t.app);
    const wrong = await change(cookie, 'not-my-password', 'Rotors and pads 77');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      message: 'Your current password is incorrect',
      details: [
        {
          path: '/currentPassword',
          message: 'Your current password is incorrect',
          key: 'messages.auth.currentPasswordWrong',
        },
      ],
    });

    const changed = await change(cookie, 'Rotor-gauge-42', 'Rotors and pads 77');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual(reply('messages.auth.passwordChanged'));
    const fresh = cookieFrom(changed);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: fresh } })).statusCode).toBe(200);
    expect((await signIn(email, 'Rotors and pads 77')).statusCode).toBe(200);
    expect((await signIn(email, 'Rotor-gauge-42')).statusCode).toBe(401);
  });

  it('refuses a weak, personal or unchanged new password and keeps the old one', async () => {
    const { email, cookie } = await signUpTech(t.app);
    for (const [password, message] of [
      ['password', 'messages.auth.passwordCommon'],
      [email, 'messages.auth.passwordPersonal'],
      ['Rotor-gauge-42', 'messages.auth.samePassword'],
      ['      ', 'messages.auth.passwordBlank'],
    ] as [string, MessageKey][]) {
      const refused = await change(cookie, 'Rotor-gauge-42', password);
      expect(refused.statusCode, password).toBe(400);
      // The contract's message: its English for API clients, its id for the web to translate.
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: english[message],
        key: message,
      });
    }
    expect((await signIn(email, 'Rotor-gauge-42')).statusCode).toBe(200);
  });

  it('is for signed-in users only', async () => {
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      payload: { currentPassword: 'Rotor-gauge-42', newPassword: 'Rotors and pads 77' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
