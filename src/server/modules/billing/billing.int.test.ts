import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshShopCode,
  managerWithShop as managerWithShopFixture,
  validPayment,
} from '../../../../tests/fixtures/billing';
import { firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpManager, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { MOCK_DECLINED_CARD } from '../../billing/card-processor';
import { shops, subscriptions } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const year = new Date().getFullYear();

const post = (url: string, cookie: string | undefined, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const freshCode = () => freshShopCode();
const managerWithShop = (type: 'independent' | 'dealership' = 'independent') => managerWithShopFixture(t.app, type);

async function planId(cookie: string) {
  return (await get('/api/v1/shop/plans', cookie)).json().plans[0].id as string;
}

describe('shop setup', () => {
  it('creates the shop with the code reserved at sign-up, trimmed name, and attaches the manager', async () => {
    const { shop, code, cookie } = await managerWithShop();
    expect(shop).toMatchObject({ name: 'Joe Garage', type: 'independent', shopCode: code, trialEndsAt: null });
    const me = (await get('/api/v1/me', cookie)).json();
    expect(me.user.shop).toMatchObject({ id: shop.id, shopCode: code });
    // docs/PRODUCT.md#gate: after shop setup comes plan choice, not the subscription-required padlock.
    expect(me.gate).toBe('choose-plan');
  });

  it('generates a fresh SHOP code when the reserved one is taken by another shop', async () => {
    const code = freshCode();
    const { cookie } = await signUpManager(t.app, code);
    // Another shop holds the code by the time this manager sets up (codes are unique across shops).
    const other = await managerWithShop();
    await t.database.db.update(shops).set({ shopCode: code }).where(eq(shops.id, other.shop.id));
    const shop = (await post('/api/v1/shops', cookie, { name: 'Second', type: 'dealership' })).json().shop;
    expect(shop.shopCode).toMatch(/^SHOP[A-Z0-9]{6}$/);
    expect(shop.shopCode).not.toBe(code);
  });

  it('refuses a second shop', async () => {
    const { cookie } = await managerWithShop();
    const again = await post('/api/v1/shops', cookie, { name: 'Again', type: 'independent' });
    expect(again.statusCode).toBe(409);
  });

  it('validates with the spec words', async () => {
    const { cookie } = await signUpManager(t.app, freshCode());
    const r = await post('/api/v1/shops', cookie, { name: '   ', type: 'independent' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe('Please enter your shop name');
  });

  it('is for managers only', async () => {
    expect((await post('/api/v1/shops', undefined, { name: 'X', type: 'independent' })).statusCode).toBe(401);
    const tech = await signUpTech(t.app);
    expect((await post('/api/v1/shops', tech.cookie, { name: 'X', type: 'independent' })).statusCode).toBe(403);
  });
});

describe('plans', () => {
  it('lists the plans of the shop type, cheapest first', async () => {
    const ind = await managerWithShop('independent');
    const body = (await get('/api/v1/shop/plans', ind.cookie)).json();
    expect(body.plans.map((p: { name: string }) => p.name)).toEqual(['Professional']);
    expect(body.plans[0]).toMatchObject({ priceMonthlyCents: 9900, maxTechnicians: 15 });
    const dealer = await managerWithShop('dealership');
    const dealerPlans = (await get('/api/v1/shop/plans', dealer.cookie)).json().plans;
    expect(dealerPlans.map((p: { priceMonthlyCents: number }) => p.priceMonthlyCents)).toEqual([29900]);
  });

  it('needs a shop, and a manager', async () => {
    const { cookie } = await signUpManager(t.app, freshCode());
    expect((await get('/api/v1/shop/plans', cookie)).statusCode).toBe(409);
    expect((await get('/api/v1/shop/plans')).statusCode).toBe(401);
    expect((await get('/api/v1/shop/plans', (await signUpTech(t.app)).cookie)).statusCode).toBe(403);
  });
});

describe('payment and the trial', () => {
  it('starts a 14-day trial, keeps only brand and last 4, and opens the dashboard', async () => {
    const { cookie, shop } = await managerWithShop();
    const before = Date.now();
    const r = await post('/api/v1/shop/subscription', cookie, { planId: await planId(cookie), payment: validPayment });
    expect(r.statusCode).toBe(201);
    const sub = r.json().subscription;
    expect(sub).toMatchObject({
      status: 'trial',
      cardBrand: 'Visa',
      cardLast4: '4242',
      plan: { name: 'Professional' },
    });
    const trialEnd = new Date(sub.trialEnd).getTime();
    expect(trialEnd - before).toBeGreaterThanOrEqual(14 * 86_400_000);
    expect(trialEnd - Date.now()).toBeLessThanOrEqual(14 * 86_400_000);

    const row = firstOf(await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(JSON.stringify(row)).not.toContain('"123"');
    expect(row.stripePaymentMethodId).toMatch(/^pm_mock_/);
    const shopRow = firstOf(await t.database.db.select().from(shops).where(eq(shops.id, shop.id)));
    expect(shopRow.subscriptionId).toBe(sub.id);
    expect(shopRow.trialEndsAt?.getTime()).toBe(trialEnd);

    const me = (await get('/api/v1/me', cookie)).json();
    expect(me.gate).toBe('manager-dashboard');
    expect((await get('/api/v1/manager/overview', cookie)).statusCode).toBe(200);
    const panel = (await get('/api/v1/shop/subscription', cookie)).json();
    expect(panel.subscription.status).toBe('trial');

    // A trial or active shop cannot subscribe twice.
    const again = await post('/api/v1/shop/subscription', cookie, { planId: sub.plan.id, payment: validPayment });
    expect(again.statusCode).toBe(409);
  });

  it.each([
    [{ cardholderName: '' }, 'Please enter the cardholder name'],
    [{ cardNumber: '1234 5678 9012' }, 'Please enter a valid card number'],
    [{ expMonth: '' }, 'Please enter the expiration date'],
    [{ expMonth: '01', expYear: String(year - 1) }, 'Card has expired'],
    [{ cvv: '12' }, 'Please enter a valid CVV'],
    [{ address: ' ' }, 'Please enter your billing address'],
    [{ city: '' }, 'Please enter your city'],
    [{ state: 'XX' }, 'Please select your state'],
    [{ zip: '1234' }, 'Please enter a valid ZIP code'],
    [{ acceptTerms: false }, 'Please agree to the Terms of Service'],
  ])('re-checks %o on the server: %s', async (override, message) => {
    const { cookie } = await managerWithShop();
    const r = await post('/api/v1/shop/subscription', cookie, {
      planId: await planId(cookie),
      payment: { ...validPayment, ...override },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(message);
  });

  it('answers a declined card with the processing-failed message and creates nothing', async () => {
    const { cookie, shop } = await managerWithShop();
    const r = await post('/api/v1/shop/subscription', cookie, {
      planId: await planId(cookie),
      payment: { ...validPayment, cardNumber: MOCK_DECLINED_CARD },
    });
    expect(r.statusCode).toBe(402);
    expect(r.json().error.message).toBe('Payment processing failed. Please try again.');
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.shopId, shop.id));
    expect(rows).toEqual([]);
  });

  it("refuses another shop type's plan and unknown plans", async () => {
    const ind = await managerWithShop('independent');
    const dealer = await managerWithShop('dealership');
    const r = await post('/api/v1/shop/subscription', ind.cookie, {
      planId: await planId(dealer.cookie),
      payment: validPayment,
    });
    expect(r.statusCode).toBe(404);
  });

  it('is for a manager with a shop', async () => {
    const body = { planId: '00000000-0000-4000-8000-000000000000', payment: validPayment };
    expect((await post('/api/v1/shop/subscription', undefined, body)).statusCode).toBe(401);
    expect((await post('/api/v1/shop/subscription', (await signUpTech(t.app)).cookie, body)).statusCode).toBe(403);
    const noShop = await signUpManager(t.app, freshCode());
    expect((await post('/api/v1/shop/subscription', noShop.cookie, body)).statusCode).toBe(409);
  });
});

describe('re-subscribing after the trial', () => {
  it('two submissions at once charge the card once: the shop row is locked before the card is used', async () => {
    const { cookie, shop } = await managerWithShop();
    const plan = await planId(cookie);
    expect((await post('/api/v1/shop/subscription', cookie, { planId: plan, payment: validPayment })).statusCode).toBe(
      201,
    );
    // The trial was used and the plan has since been cancelled: the next subscription is charged at once.
    const row = firstOf(await t.database.db.select().from(shops).where(eq(shops.id, shop.id)));
    await t.database.db
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(subscriptions.id, row.subscriptionId as string));

    const real = t.app.billing.cards;
    const calls = { saved: 0, charged: 0 };
    t.app.billing.cards = {
      async savePaymentMethod(card) {
        calls.saved += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return real.savePaymentMethod(card);
      },
      async charge(input) {
        calls.charged += 1;
        return real.charge(input);
      },
    };
    try {
      const both = await Promise.all(
        [1, 2].map(() => post('/api/v1/shop/subscription', cookie, { planId: plan, payment: validPayment })),
      );
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(calls).toEqual({ saved: 1, charged: 1 });
      const active = both.find((r) => r.statusCode === 201)?.json().subscription;
      expect(active.status).toBe('active');
    } finally {
      t.app.billing.cards = real;
    }
  });
});
