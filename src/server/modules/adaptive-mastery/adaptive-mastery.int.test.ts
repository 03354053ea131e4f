import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerOnTrial, managerWithShop } from '../../../../tests/fixtures/billing';
import { firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpManager, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { addMonths } from '../../../domain/billing';
import { hasMasteryAccess } from '../../access-standing';
import { manualClock } from '../../billing/clock';
import {
  profiles,
  shops,
  stripeCustomers,
  stripeSubscriptions,
  subscriptions,
  techSubscriptions,
} from '../../db/schema';
import { runSubscriptionLifecycle } from '../../jobs/subscription-lifecycle';

let t: TestApp;
const clock = manualClock(new Date('2026-01-31T10:00:00.000Z'));
beforeAll(async () => {
  t = await createTestApp();
  t.app.billing.clock = clock;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, cookie?: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const CHECKOUT = '/api/v1/adaptive-mastery/checkout';
const CONFIRM = '/api/v1/adaptive-mastery/checkout/confirm';
const STATUS = '/api/v1/adaptive-mastery/subscription';
const CANCEL = '/api/v1/adaptive-mastery/subscription/cancel';

async function techId(cookie: string): Promise<string> {
  return (await get('/api/v1/me', cookie)).json().user.id;
}
const personalRow = async (userId: string) =>
  (await t.database.db.select().from(techSubscriptions).where(eq(techSubscriptions.techId, userId)))[0];

/** A signed-in technician and the mock session id their checkout produced. */
async function techWithCheckout() {
  const tech = await signUpTech(t.app);
  const r = await post(CHECKOUT, tech.cookie);
  expect(r.statusCode).toBe(200);
  const url = new URL(r.json().url);
  return { ...tech, id: await techId(tech.cookie), url, session: url.searchParams.get('session') as string };
}

describe('Adaptive Mastery checkout (mock provider)', () => {
  it("answers 'Please log in to subscribe.' without a session", async () => {
    for (const url of [CHECKOUT, CONFIRM]) {
      const r = await post(url, undefined, { session: 'mock_cs_x' });
      expect(r.statusCode).toBe(401);
      expect(r.json().error).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'Please log in to subscribe.',
        key: 'UNAUTHENTICATED.subscribe',
      });
    }
    expect((await get(STATUS)).statusCode).toBe(401);
  });

  it('is for technicians: a manager gets 403', async () => {
    const { cookie } = await managerOnTrial(t.app);
    expect((await post(CHECKOUT, cookie)).statusCode).toBe(403);
    expect((await get(STATUS, cookie)).statusCode).toBe(403);
    expect((await post(CANCEL, cookie)).statusCode).toBe(403);
  });

  it('sends the technician to the local confirmation page with a pending, not yet entitling, checkout', async () => {
    const tech = await techWithCheckout();
    expect(`${tech.url.origin}${tech.url.pathname}`).toBe('http://localhost:3000/app/adaptive-mastery/confirm');
    expect(tech.session).toMatch(/^mock_cs_[0-9a-f]{32}$/);
    expect(await personalRow(tech.id)).toMatchObject({ status: 'incomplete', providerSubscriptionId: tech.session });
    const status = (await get(STATUS, tech.cookie)).json();
    expect(status).toEqual({ priceCents: 1999, provider: 'mock', entitled: false, viaShop: false, subscription: null });
    expect(await hasMasteryAccess(t.database.db, tech.id)).toBe(false);
  });

  it('confirm activates that checkout for one month from the clock; twice is harmless', async () => {
    const tech = await techWithCheckout();
    const r = await post(CONFIRM, tech.cookie, { session: tech.session });
    expect(r.statusCode).toBe(200);
    // 31 Jan + 1 month clamps to the last day of February.
    const periodEnd = addMonths(clock.now(), 1);
    expect(periodEnd.toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(r.json().subscription).toEqual({
      status: 'active',
      provider: 'mock',
      currentPeriodEnd: periodEnd.toISOString(),
      cancelAtPeriodEnd: false,
    });
    expect((await personalRow(tech.id))!.currentPeriodEnd?.toISOString()).toBe(periodEnd.toISOString());
    const status = (await get(STATUS, tech.cookie)).json();
    expect(status).toMatchObject({ entitled: true, viaShop: false, subscription: { status: 'active' } });
    expect(await hasMasteryAccess(t.database.db, tech.id)).toBe(true);

    const again = await post(CONFIRM, tech.cookie, { session: tech.session });
    expect(again.statusCode).toBe(200);
    expect(again.json().subscription.currentPeriodEnd).toBe(periodEnd.toISOString());

    // Already subscribed: no second checkout, and the active row is untouched.
    const second = await post(CHECKOUT, tech.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('ALREADY_SUBSCRIBED');
    expect((await personalRow(tech.id))!.status).toBe('active');
  });

  it("refuses another technician's session and writes nothing", async () => {
    const victim = await techWithCheckout();
    const attacker = await techWithCheckout();
    const r = await post(CONFIRM, attacker.cookie, { session: victim.session });
    expect(r.statusCode).toBe(404);
    expect(r.json().error.message).toBe('Checkout session not found');
    expect(await personalRow(victim.id)).toMatchObject({ status: 'incomplete', currentPeriodEnd: null });
    expect(await personalRow(attacker.id)).toMatchObject({ status: 'incomplete', currentPeriodEnd: null });

    const unknown = await post(CONFIRM, attacker.cookie, { session: 'mock_cs_nope' });
    expect(unknown.statusCode).toBe(404);
    const blank = await post(CONFIRM, attacker.cookie, { session: '' });
    expect(blank.statusCode).toBe(400);
  });

  it('a newer checkout replaces the pending one: the old session no longer confirms', async () => {
    const tech = await techWithCheckout();
    const newer = new URL((await post(CHECKOUT, tech.cookie)).json().url).searchParams.get('session');
    expect(newer).not.toBe(tech.session);
    expect((await post(CONFIRM, tech.cookie, { session: tech.session })).statusCode).toBe(404);
    expect((await post(CONFIRM, tech.cookie, { session: newer })).statusCode).toBe(200);
  });

  it('cancel ends access at once; only an active subscription can be cancelled; subscribing again works', async () => {
    const tech = await techWithCheckout();
    expect((await post(CANCEL, tech.cookie)).statusCode).toBe(404); // only a pending checkout so far
    await post(CONFIRM, tech.cookie, { session: tech.session });

    const r = await post(CANCEL, tech.cookie);
    expect(r.statusCode).toBe(200);
    expect(r.json().subscription.status).toBe('cancelled');
    expect((await get(STATUS, tech.cookie)).json()).toMatchObject({
      entitled: false,
      subscription: { status: 'cancelled' },
    });
    expect(await hasMasteryAccess(t.database.db, tech.id)).toBe(false);
    const twice = await post(CANCEL, tech.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Only an active subscription can be cancelled.');

    const again = new URL((await post(CHECKOUT, tech.cookie)).json().url).searchParams.get('session');
    expect((await post(CONFIRM, tech.cookie, { session: again })).json().subscription.status).toBe('active');
  });

  it("does not sell it to a technician whose shop's plan already includes it", async () => {
    const manager = await managerOnTrial(t.app);
    const tech = await signUpTech(t.app);
    const id = await techId(tech.cookie);
    const shop = firstOf(await t.database.db.select().from(shops).where(eq(shops.shopCode, manager.code)));
    await t.database.db.update(profiles).set({ shopId: shop.id }).where(eq(profiles.id, id));

    expect((await get(STATUS, tech.cookie)).json()).toMatchObject({
      entitled: true,
      viaShop: true,
      subscription: null,
    });
    const r = await post(CHECKOUT, tech.cookie);
    expect(r.statusCode).toBe(409);
    expect(r.json().error.code).toBe('INCLUDED_IN_SHOP_PLAN');
    expect(await personalRow(id)).toBeUndefined();
  });

  it('has no billing portal and no webhook with the mock provider', async () => {
    const tech = await signUpTech(t.app);
    const portal = await post('/api/v1/adaptive-mastery/billing-portal', tech.cookie);
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toBeNull();
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
    });
    expect(hook.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents every Adaptive Mastery route and the webhook with a tag and a summary', async () => {
    const paths = (await t.app.inject('/api/openapi.json')).json().paths as Record<
      string,
      Record<string, { tags?: string[]; summary?: string }>
    >;
    const documented = [
      ['/api/v1/adaptive-mastery/subscription', 'get', 'adaptive-mastery'],
      ['/api/v1/adaptive-mastery/checkout', 'post', 'adaptive-mastery'],
      ['/api/v1/adaptive-mastery/checkout/confirm', 'post', 'adaptive-mastery'],
      ['/api/v1/adaptive-mastery/subscription/cancel', 'post', 'adaptive-mastery'],
      ['/api/v1/adaptive-mastery/billing-portal', 'post', 'adaptive-mastery'],
      ['/api/v1/webhooks/stripe', 'post', 'webhooks'],
    ] as const;
    for (const [path, method, tag] of documented) {
      expect(paths[path]?.[method]?.tags).toEqual([tag]);
      expect(paths[path]?.[method]?.summary).toBeTruthy();
    }
  });
});

describe('renewal of mock personal subscriptions', () => {
  it('the lifecycle job rolls an active one into its next month and leaves cancelled and Stripe ones alone', async () => {
    const kept = await techWithCheckout();
    await post(CONFIRM, kept.cookie, { session: kept.session });
    const cancelled = await techWithCheckout();
    await post(CONFIRM, cancelled.cookie, { session: cancelled.session });
    await post(CANCEL, cancelled.cookie);
    const viaStripe = await signUpTech(t.app);
    const stripeId = await techId(viaStripe.cookie);
    const firstEnd = (await personalRow(kept.id))!.currentPeriodEnd as Date;
    await t.database.db
      .insert(techSubscriptions)
      .values({ techId: stripeId, status: 'active', provider: 'stripe', currentPeriodEnd: firstEnd });

    const job = (at: Date) =>
      runSubscriptionLifecycle({ db: t.database.db, cards: t.app.billing.cards, clock: manualClock(at) });
    // Not due a moment before the period ends.
    await job(new Date(firstEnd.getTime() - 1000));
    expect((await personalRow(kept.id))!.currentPeriodEnd?.toISOString()).toBe(firstEnd.toISOString());

    // Two months late: caught up in one run, on the same day of the month, still active.
    await job(addMonths(firstEnd, 2));
    expect(await personalRow(kept.id)).toMatchObject({
      status: 'active',
      currentPeriodEnd: addMonths(addMonths(firstEnd, 1), 2),
    });
    expect((await personalRow(cancelled.id))!.status).toBe('cancelled');
    expect((await personalRow(cancelled.id))!.currentPeriodEnd?.toISOString()).toBe(firstEnd.toISOString());
    expect((await personalRow(stripeId))!.currentPeriodEnd?.toISOString()).toBe(firstEnd.toISOString());
  });
});

describe('hasMasteryAccess (the mastery access rule)', () => {
  const db = () => t.database.db;

  it('is false for an unknown user and a technician without any subscription', async () => {
    expect(await hasMasteryAccess(db(), 'no-such-user')).toBe(false);
    const tech = await signUpTech(t.app);
    expect(await hasMasteryAccess(db(), await techId(tech.cookie))).toBe(false);
  });

  it.each([
    ['active', true],
    ['trial', true],
    ['past_due', false],
    ['cancelled', false],
    ['incomplete', false],
  ] as const)('personal subscription %s → %s', async (status, expected) => {
    const tech = await signUpTech(t.app);
    const id = await techId(tech.cookie);
    await db().insert(techSubscriptions).values({ techId: id, status, provider: 'mock' });
    expect(await hasMasteryAccess(db(), id)).toBe(expected);
  });

  it.each([
    ['trial', true],
    ['active', true],
    ['past_due', false],
    ['cancelled', false],
  ] as const)("shop subscription %s → %s for the shop's technician and manager", async (status, expected) => {
    const manager = await managerOnTrial(t.app);
    await db().update(subscriptions).set({ status }).where(eq(subscriptions.id, manager.subscriptionId));
    const tech = await signUpTech(t.app);
    const id = await techId(tech.cookie);
    await db().update(profiles).set({ shopId: manager.shop.id }).where(eq(profiles.id, id));
    expect(await hasMasteryAccess(db(), id)).toBe(expected);
    expect(await hasMasteryAccess(db(), await techId(manager.cookie))).toBe(expected);
  });

  it('is false for a manager whose shop has no subscription', async () => {
    const manager = await managerWithShop(t.app);
    expect(await hasMasteryAccess(db(), await techId(manager.cookie))).toBe(false);
    const noShop = await signUpManager(t.app, 'SHOPAM0001');
    expect(await hasMasteryAccess(db(), await techId(noShop.cookie))).toBe(false);
  });

  it('counts an active Stripe (card-payment) subscription, and only an active one', async () => {
    const tech = await signUpTech(t.app);
    const id = await techId(tech.cookie);
    await db()
      .insert(stripeCustomers)
      .values({ userId: id, customerId: `cus_${id}` });
    await db()
      .insert(stripeSubscriptions)
      .values({ subscriptionId: `sub_${id}`, customerId: `cus_${id}`, status: 'past_due' });
    expect(await hasMasteryAccess(db(), id)).toBe(false);
    await db()
      .update(stripeSubscriptions)
      .set({ status: 'active' })
      .where(eq(stripeSubscriptions.customerId, `cus_${id}`));
    expect(await hasMasteryAccess(db(), id)).toBe(true);
  });
});
