import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpManager, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const patch = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/me/preferences',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });

describe('language and time zone preferences (ADR 0009)', () => {
  it('keeps the language chosen at sign-up and returns it with the user', async () => {
    const { response, cookie } = await signUpTech(t.app, { locale: 'es' });
    expect(response.json().user).toMatchObject({ locale: 'es', timeZone: null });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.json().user.locale).toBe('es');
  });

  it('defaults to English', async () => {
    const { response } = await signUpManager(t.app, 'SHOPLOCALE');
    expect(response.json().user.locale).toBe('en');
  });

  it('stores the language and time zone on the profile, for every device', async () => {
    const { cookie } = await signUpTech(t.app);
    const saved = await patch(cookie, { locale: 'es', timeZone: 'America/Chicago' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({ locale: 'es', timeZone: 'America/Chicago' });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ locale: 'es', timeZone: 'America/Chicago' });
  });

  it.each([
    [{ locale: 'fr' }],
    [{ timeZone: 'Mars/Olympus_Mons' }],
    [{ role: 'manager' }],
    [{ locale: 'es', shopId: '00000000-0000-0000-0000-000000000000' }],
  ])('refuses %j with 400 and changes nothing', async (payload) => {
    const { cookie } = await signUpTech(t.app);
    const response = await patch(cookie, payload);
    expect(response.statusCode).toBe(400);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ role: 'tech', locale: 'en', shop: null });
  });

  it('needs a session', async () => {
    expect((await patch(undefined, { locale: 'es' })).statusCode).toBe(401);
  });
});
