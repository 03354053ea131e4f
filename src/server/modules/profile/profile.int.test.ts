import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOf } from '../../../../tests/fixtures/present';
import { entitledManager, pendingRequestId, technician, technicianInShop } from '../../../../tests/fixtures/shop';
import { createTestApp, signUpManager, type TestApp } from '../../../../tests/fixtures/test-app';
import { profiles, shopChangeRequests } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });
const profileOf = async (id: string) => firstOf(await t.database.db.select().from(profiles).where(eq(profiles.id, id)));

describe('PATCH /api/v1/me/profile', () => {
  it('lets a technician change their name and experience level, trimmed', async () => {
    const tech = await technician(t.app);
    const r = await call('PATCH', '/api/v1/me/profile', tech.cookie, {
      fullName: '  Tina Torque  ',
      experienceLevel: '11_to_15',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().user).toMatchObject({ fullName: 'Tina Torque', experienceLevel: '11_to_15', email: tech.email });
  });

  it('lets a manager change their name, not an experience level', async () => {
    const manager = await entitledManager(t.app);
    const r = await call('PATCH', '/api/v1/me/profile', manager.cookie, { fullName: 'Maxine Manager' });
    expect(r.json().user.fullName).toBe('Maxine Manager');
    const level = await call('PATCH', '/api/v1/me/profile', manager.cookie, { experienceLevel: '3_to_5' });
    expect(level.statusCode).toBe(403);
    expect((await profileOf(manager.id)).experienceLevel).toBeNull();
  });

  it('works for a manager without a shop (the page shows No Shop Data Available)', async () => {
    const { cookie } = await signUpManager(t.app, 'SHOPPR0001');
    const r = await call('PATCH', '/api/v1/me/profile', cookie, { fullName: 'No Shop Yet' });
    expect(r.statusCode).toBe(200);
    expect(r.json().user).toMatchObject({ fullName: 'No Shop Yet', shop: null });
  });

  it.each([
    [{ role: 'manager' }],
    [{ shopId: '00000000-0000-4000-8000-000000000000' }],
    [{ email: 'someone.else@example.com' }],
    [{ subscriptionStatus: 'active' }],
    [{ locale: 'es', fullName: 'Sneaky' }],
  ])('refuses %o and changes nothing', async (extra) => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager);
    const before = await profileOf(tech.id);
    const r = await call('PATCH', '/api/v1/me/profile', tech.cookie, { fullName: 'Changed', ...extra });
    expect(r.statusCode).toBe(400);
    const after = await profileOf(tech.id);
    expect(after).toMatchObject({
      fullName: before.fullName,
      role: 'tech',
      shopId: manager.shop.id,
      email: before.email,
      locale: before.locale,
    });
  });

  it('requires a name when one is sent, and a known experience level', async () => {
    const tech = await technician(t.app);
    const blank = await call('PATCH', '/api/v1/me/profile', tech.cookie, { fullName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Please enter your full name');
    const long = await call('PATCH', '/api/v1/me/profile', tech.cookie, { fullName: 'A'.repeat(121) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('A full name has at most 120 characters');
    expect((await call('PATCH', '/api/v1/me/profile', tech.cookie, { experienceLevel: 'forever' })).statusCode).toBe(
      400,
    );
  });

  it('is for signed-in users with a role', async () => {
    expect((await call('PATCH', '/api/v1/me/profile', undefined, { fullName: 'X' })).statusCode).toBe(401);
  });
});

describe('shop change requests', () => {
  it('upper-cases the code, shows the pending request, and cancels it as rejected', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technician(t.app);
    expect((await call('GET', '/api/v1/me/shop-request', tech.cookie)).json()).toEqual({ request: null });
    const r = await call('POST', '/api/v1/me/shop-requests', tech.cookie, {
      shopCode: ` ${manager.shop.shopCode.toLowerCase()} `,
      notes: 'Moving over from nights',
    });
    expect(r.statusCode).toBe(201);
    expect(r.json().request).toMatchObject({
      requestedShopCode: manager.shop.shopCode,
      shopName: 'Joe Garage',
      notes: 'Moving over from nights',
    });
    // The session names the shop too, for the dashboard's "waiting for approval" line.
    expect((await call('GET', '/api/v1/me', tech.cookie)).json().user.pendingShopRequest).toEqual({
      requestedShopCode: manager.shop.shopCode,
      shopName: 'Joe Garage',
    });

    // One pending request at a time.
    const second = await call('POST', '/api/v1/me/shop-requests', tech.cookie, { shopCode: manager.shop.shopCode });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('SHOP_REQUEST_PENDING');

    const id = r.json().request.id;
    expect((await call('POST', `/api/v1/me/shop-requests/${id}/cancel`, tech.cookie)).json()).toEqual({ ok: true });
    const [row] = await t.database.db.select().from(shopChangeRequests).where(eq(shopChangeRequests.id, id));
    expect(row).toMatchObject({ status: 'rejected', reviewedBy: tech.id });
    expect((await call('GET', '/api/v1/me/shop-request', tech.cookie)).json()).toEqual({ request: null });
    expect((await call('POST', `/api/v1/me/shop-requests/${id}/cancel`, tech.cookie)).statusCode).toBe(409);
    // After a cancel, a new request may be made.
    expect(
      (await call('POST', '/api/v1/me/shop-requests', tech.cookie, { shopCode: manager.shop.shopCode })).statusCode,
    ).toBe(201);
  });

  it('the request made at sign-up is the pending one', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technician(t.app, { shopCode: manager.shop.shopCode.toLowerCase() });
    const pending = (await call('GET', '/api/v1/me/shop-request', tech.cookie)).json().request;
    expect(pending).toMatchObject({ requestedShopCode: manager.shop.shopCode, notes: 'Requested at sign-up' });
    expect(pending.id).toBe(await pendingRequestId(t.app, manager, tech.id));
  });

  it.each([
    [{ shopCode: '' }, 'Please enter a shop code'],
    [{ shopCode: '   ' }, 'Please enter a shop code'],
    [{}, 'Please enter a shop code'],
    [{ shopCode: 'S'.repeat(21) }, 'A shop code has at most 20 characters'],
    [{ shopCode: 'SHOPAAAAAA', notes: 'n'.repeat(501) }, 'Notes can be at most 500 characters'],
  ])('validates %o: %s', async (body, message) => {
    const tech = await technician(t.app);
    const r = await call('POST', '/api/v1/me/shop-requests', tech.cookie, body);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(message);
  });

  it('answers every code that leads nowhere with the same words', async () => {
    const tech = await technician(t.app);
    const answers = await Promise.all(
      ['SHOPZZZZZZ', 'shop12', 'NOT A CODE', 'SHOP!@#$%^'].map((shopCode) =>
        call('POST', '/api/v1/me/shop-requests', tech.cookie, { shopCode }),
      ),
    );
    for (const r of answers) {
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toEqual({
        code: 'SHOP_CODE_NOT_ACCEPTED',
        message: 'We could not find a shop with that code. Check the code with your manager and try again.',
      });
    }
    expect(await t.database.db.select().from(shopChangeRequests).where(eq(shopChangeRequests.techId, tech.id))).toEqual(
      [],
    );
  });

  it("refuses the technician's own shop", async () => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager);
    const r = await call('POST', '/api/v1/me/shop-requests', tech.cookie, { shopCode: manager.shop.shopCode });
    expect(r.statusCode).toBe(409);
    expect(r.json().error.code).toBe('ALREADY_IN_SHOP');
  });

  it("lets a technician cancel only their own request; others' answer 404", async () => {
    const manager = await entitledManager(t.app);
    const owner = await technician(t.app, { shopCode: manager.shop.shopCode });
    const stranger = await technician(t.app);
    const id = await pendingRequestId(t.app, manager, owner.id);
    expect((await call('POST', `/api/v1/me/shop-requests/${id}/cancel`, stranger.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/me/shop-requests/${id}/cancel`, manager.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/v1/me/shop-requests/${id}/cancel`)).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/me/shop-requests/not-a-uuid/cancel', owner.cookie)).statusCode).toBe(400);
    const row = firstOf(await t.database.db.select().from(shopChangeRequests).where(eq(shopChangeRequests.id, id)));
    expect(row.status).toBe('pending');
  });

  it('is for technicians only', async () => {
    const manager = await entitledManager(t.app);
    expect((await call('GET', '/api/v1/me/shop-request')).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/me/shop-request', manager.cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/v1/me/shop-requests', undefined, { shopCode: 'SHOPAAAAAA' })).statusCode).toBe(
      401,
    );
    expect(
      (await call('POST', '/api/v1/me/shop-requests', manager.cookie, { shopCode: manager.shop.shopCode })).statusCode,
    ).toBe(403);
  });
});

describe('shop change request rate limit', () => {
  it('limits guesses per account like sign-in', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3' });
    try {
      const { cookie } = await technician(limited.app);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/me/shop-requests',
          headers: { cookie },
          payload: { shopCode: `SHOPGUESS${i}` },
        });
        statuses.push(r.statusCode);
        if (r.statusCode === 429) expect(r.headers['retry-after']).toBeDefined();
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
