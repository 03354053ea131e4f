import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieFrom,
  createTestApp,
  signUpManager,
  signUpTech,
  signUpTechWithoutExperience,
  type TestApp,
  uniqueEmail,
} from '../../../../tests/fixtures/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const signUp = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-up', payload });

describe('sign-up', () => {
  it('creates a technician whose years of experience are their level, signed in and past the survey', async () => {
    const { response, cookie } = await signUpTech(t.app);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    // The profile is inserted with experience_level; the gate skips the survey when one is saved (docs/PRODUCT.md#gate).
    expect(body.gate).toBe('tech-dashboard');
    expect(body.user).toMatchObject({
      role: 'tech',
      fullName: 'Tina Tech',
      yearsOfExperience: '3_to_5',
      experienceLevel: '3_to_5',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(body.user.id);
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const { response } = await signUpTech(t.app);
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] as string[]);
    const session = cookies.find((c) => c.startsWith('torqueprep.session_token='));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
  });

  it('creates a manager who goes straight to shop setup and is kept out of the manager routes', async () => {
    const { response, cookie } = await signUpManager(t.app, 'SHOPGATE01');
    expect(response.statusCode).toBe(201);
    expect(response.json().gate).toBe('shop-setup');
    const overview = await t.app.inject({ method: 'GET', url: '/api/v1/manager/overview', headers: { cookie } });
    expect(overview.statusCode).toBe(403);
    expect(overview.json().error.code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it.each([
    [{ fullName: '   ' }, 'Please enter your full name'],
    [{ role: 'manager', shopCode: '' }, 'Managers must enter a shop code'],
    [{ yearsOfExperience: null }, 'Please select your years of experience'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ role: 'admin' }, 'Please choose whether you are a technician or a manager'],
  ])('rejects %j with its message', async (override, message) => {
    const response = await signUp({
      email: uniqueEmail(),
      password: 'Rotor-gauge-42',
      fullName: 'Val Idation',
      role: 'tech',
      yearsOfExperience: '1_to_2',
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('accepts a 6-character password (the minimum)', async () => {
    const { response } = await signUpTech(t.app, { password: 'k8#qPz' });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['123456', 'This password is too common and easy to guess. Add more words or characters.'],
    ['password', 'This password is too common and easy to guess. Add more words or characters.'],
    ['      ', 'Your password cannot be only spaces'],
    ['\u0000'.repeat(6), 'Text must not contain a NUL character'],
    ['\u0007'.repeat(6), 'Your password cannot contain control characters such as tabs or line breaks'],
  ])('refuses the weak password %j with 400 and says why', async (password, message) => {
    const response = await signUp({
      email: uniqueEmail(),
      password,
      fullName: 'Val Idation',
      role: 'tech',
      yearsOfExperience: '1_to_2',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
  });

  it('refuses the e-mail itself or the name as the password', async () => {
    const email = uniqueEmail('weak');
    for (const password of [email, 'Val Idation']) {
      const response = await signUp({
        email,
        password,
        fullName: 'Val Idation',
        role: 'tech',
        yearsOfExperience: '1_to_2',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Your password cannot be your email address or your name');
    }
  });

  it.each([undefined, null, [], 42, 'text'])('answers a body of %j with 400, not 500', async (payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      ...(payload === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBeDefined();
  });

  it('answers a duplicate e-mail with the same words it uses for any refused sign-up', async () => {
    const first = await signUpTech(t.app);
    const again = await signUp({
      email: first.email,
      password: 'Another-rotor-88',
      fullName: 'Someone Else',
      role: 'tech',
      yearsOfExperience: '1_to_2',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('SIGN_UP_REJECTED');
    expect(again.json().error.message).not.toMatch(/exist/i);
  });

  it('refuses a manager shop code that another manager reserved', async () => {
    await signUpManager(t.app, 'SHOPTAKEN1');
    const second = await signUpManager(t.app, 'shoptaken1');
    expect(second.response.statusCode).toBe(409);
    expect(second.response.json().error.code).toBe('SHOP_CODE_TAKEN');
  });

  it('refuses a technician shop code that matches no shop', async () => {
    const { response } = await signUpTech(t.app, { shopCode: 'SHOPNONE99' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('SHOP_NOT_FOUND');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and out again', async () => {
    const { email } = await signUpTech(t.app);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password: 'Rotor-gauge-42' },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieFrom(signIn);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('gives the same message for a wrong password and an unknown e-mail', async () => {
    const { email } = await signUpTech(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password: 'wrong-pass' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: uniqueEmail('nobody'), password: 'wrong-pass' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid email or password');
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
  });

  it('keeps better-auth’s own sign-up and sign-in paths closed so our rules cannot be bypassed', async () => {
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: uniqueEmail(), password: 'Rotor-gauge-42', name: 'Bypass' },
    });
    expect(direct.statusCode).toBe(404);
  });

  it('closes better-auth paths that would skip our rules or hand out raw session tokens', async () => {
    const { cookie } = await signUpTech(t.app);
    for (const [method, url] of [
      ['GET', '/api/auth/list-sessions'],
      ['POST', '/api/auth/change-password'],
      ['POST', '/api/auth/request-password-reset'],
      ['POST', '/api/auth/reset-password'],
      ['GET', '/api/auth/reset-password/some-token'],
      ['POST', '/api/auth/update-user'],
      ['POST', '/api/auth/delete-user'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: { cookie },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toMatch(/"token"/);
    }
  });

  it('answers /me with 401 when signed out', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('experience survey', () => {
  it('saves the level and moves a technician without one to the dashboard', async () => {
    const { cookie } = await signUpTechWithoutExperience(t);
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(before.json().gate).toBe('experience-survey');
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/experience-level',
      headers: { cookie },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Please select your experience level');

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/experience-level',
      headers: { cookie },
      payload: { experienceLevel: '6_to_10' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ gate: 'tech-dashboard', user: { experienceLevel: '6_to_10' } });
  });

  it('is refused to managers and to anonymous callers', async () => {
    const { cookie } = await signUpManager(t.app, 'SHOPSURVEY');
    const manager = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/experience-level',
      headers: { cookie },
      payload: { experienceLevel: '6_to_10' },
    });
    expect(manager.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/experience-level',
      payload: { experienceLevel: '6_to_10' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('session probe', () => {
  it('answers null when signed out and the user when signed in', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ session: null });
    const { cookie } = await signUpTech(t.app);
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
    expect(signedIn.json().session.gate).toBe('tech-dashboard');
  });
});

describe('an account without a profile', () => {
  it('is told its account is being set up and may not use role routes', async () => {
    const result = await t.app.auth.api.signUpEmail({
      body: { email: uniqueEmail('norole'), password: 'Rotor-gauge-42', name: 'No Role' },
      returnHeaders: true,
    });
    const cookie = result.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
    expect(session.json().session).toMatchObject({ gate: 'setting-up', user: { role: null, fullName: 'No Role' } });
    const overview = await t.app.inject({ method: 'GET', url: '/api/v1/manager/overview', headers: { cookie } });
    expect(overview.statusCode).toBe(403);
  });
});
