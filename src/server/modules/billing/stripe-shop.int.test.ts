import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { managerWithShop, validPayment } from '../../../../tests/fixtures/billing';
import {
  FAKE_STRIPE_WEBHOOK_SECRET,
  fakeStripe,
  stripeEvent,
  stripeSignature,
} from '../../../../tests/fixtures/fake-stripe';
import { firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app';
import { mockCardProcessor } from '../../billing/card-processor';
import { manualClock } from '../../billing/clock';
import { shops, stripeCustomers, stripeWebhookEvents, subscriptions, techSubscriptions } from '../../db/schema';
import { runSubscriptionLifecycle } from '../../jobs/subscription-lifecycle';

/** With BILLING_PROVIDER=stripe, shop plans run on Stripe Billing (ADR 0033). */

const PROFESSIONAL = 'price_shop_professional';
const ENTERPRISE = 'price_shop_enterprise';
const MASTERY = 'price_mastery_monthly';

let t: TestApp;
const fake = fakeStripe([MASTERY, PROFESSIONAL, ENTERPRISE]);
beforeAll(async () => {
  t = await createTestApp({
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_ADAPTIVE_MASTERY: MASTERY,
    STRIPE_PRICE_SHOP_PLANS: `professional=${PROFESSIONAL},enterprise=${ENTERPRISE}`,
    STRIPE_API_URL: await fake.listen(),
  });
});
afterAll(async () => {
  await t?.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const post = (url: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

function sendWebhook(body: object) {
  const payload = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
  });
}

async function shopManager() {
  const manager = await managerWithShop(t.app);
  const plans = (await get('/api/v1/shop/plans', manager.cookie)).json();
  const plan = plans.plans[0] as { id: string; code: string };
  return { ...manager, plan, provider: plans.provider as string };
}

const DAY = 24 * 60 * 60;
const CREATED = 1_780_000_000;

/** A Stripe subscription for the shop's plan, as customer.subscription.* events carry it. */
function shopSubscription(
  shopId: string,
  planId: string,
  id: string,
  status: string,
  extra: Record<string, unknown> = {},
) {
  const trialing = status === 'trialing';
  return {
    id,
    object: 'subscription',
    customer: `cus_${shopId}`,
    status,
    metadata: { shop_id: shopId, plan_id: planId },
    trial_start: CREATED,
    trial_end: CREATED + 14 * DAY,
    canceled_at: null,
    default_payment_method: { id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: '4242' } },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price: { id: PROFESSIONAL, object: 'price' },
          current_period_start: trialing ? CREATED : CREATED + 14 * DAY,
          current_period_end: trialing ? CREATED + 14 * DAY : CREATED + 44 * DAY,
        },
      ],
    },
    ...extra,
  };
}

const shopRow = async (shopId: string) => (await t.database.db.select().from(shops).where(eq(shops.id, shopId)))[0];
const subRow = async (stripeId: string) =>
  (await t.database.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, stripeId)))[0];
const gate = async (cookie: string) => (await get('/api/v1/me', cookie)).json().gate as string;

describe('shop checkout on Stripe', () => {
  it('starts a subscription-mode Checkout with the plan price and the 14-day trial; the card form is refused', async () => {
    const m = await shopManager();
    expect(m.provider).toBe('stripe');
    // The mock card form must not start a plan without money being collected.
    const card = await post('/api/v1/shop/subscription', m.cookie, { planId: m.plan.id, payment: validPayment });
    expect(card.statusCode).toBe(409);
    expect(card.json().error.code).toBe('USE_CHECKOUT');
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.shopId, m.shop.id))).toEqual([]);

    const r = await post('/api/v1/shop/checkout', m.cookie, {
      planId: m.plan.id,
      success_url: 'https://evil.example/phish',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' });
    expect(fake.received.map((x) => x.path)).toEqual(['/v1/customers', '/v1/checkout/sessions']);
    const session = fake.received[1]!.form;
    expect(session.get('mode')).toBe('subscription');
    expect(session.get('line_items[0][price]')).toBe(PROFESSIONAL);
    expect(session.get('line_items[0][quantity]')).toBe('1');
    expect(session.get('subscription_data[trial_period_days]')).toBe('14');
    expect(session.get('subscription_data[metadata][shop_id]')).toBe(m.shop.id);
    expect(session.get('subscription_data[metadata][plan_id]')).toBe(m.plan.id);
    expect(session.get('metadata[shop_id]')).toBe(m.shop.id);
    expect(session.get('client_reference_id')).toBe(m.shop.id);
    expect(session.get('success_url')).toBe('http://localhost:3000/manager/plans?checkout=success');
    expect(session.get('cancel_url')).toBe('http://localhost:3000/manager/plans?checkout=cancelled');
    // Nothing is granted until Stripe says so.
    expect(await gate(m.cookie)).toBe('choose-plan');
  });

  it('charges at once (no second trial) for a shop that already had its trial', async () => {
    const m = await shopManager();
    await t.database.db
      .update(shops)
      .set({ trialEndsAt: new Date('2026-01-01') })
      .where(eq(shops.id, m.shop.id));
    expect((await post('/api/v1/shop/checkout', m.cookie, { planId: m.plan.id })).statusCode).toBe(200);
    expect(fake.received.at(-1)?.form.has('subscription_data[trial_period_days]')).toBe(false);
  });

  it("answers 502 with the not-configured message for a price Stripe does not know, 503 when it can't be reached", async () => {
    const m = await shopManager();
    fake.state.prices = new Set();
    const missing = await post('/api/v1/shop/checkout', m.cookie, { planId: m.plan.id });
    expect(missing.statusCode).toBe(502);
    expect(missing.json().error).toEqual({
      code: 'CHECKOUT_FAILED',
      key: 'CHECKOUT_FAILED.productNotConfigured',
      message:
        'The subscription product is not configured yet. Please contact the administrator to enable subscriptions.',
    });
    fake.state.down = true;
    const down = await post('/api/v1/shop/checkout', m.cookie, { planId: m.plan.id });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('30');
    expect(down.json().error.code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
  });

  it('refuses an unknown plan and a shop that is already subscribed', async () => {
    const m = await shopManager();
    const unknown = await post('/api/v1/shop/checkout', m.cookie, { planId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    await sendWebhook(
      stripeEvent(
        'customer.subscription.created',
        shopSubscription(m.shop.id, m.plan.id, `sub_${m.shop.id}`, 'trialing'),
      ),
    );
    const again = await post('/api/v1/shop/checkout', m.cookie, { planId: m.plan.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_SUBSCRIBED');
  });
});

describe('shop plan webhooks', () => {
  it('drive the shop through trial → active → past_due → active → cancelled, with the portal for the card', async () => {
    const m = await shopManager();
    await post('/api/v1/shop/checkout', m.cookie, { planId: m.plan.id }); // links the manager's customer
    const managerId = (await get('/api/v1/me', m.cookie)).json().user.id as string;
    const link = firstOf(
      await t.database.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, managerId)),
    );
    const id = `sub_${m.shop.id}`;
    const send = (type: string, status: string, extra: Record<string, unknown> = {}) =>
      sendWebhook(
        stripeEvent(type, shopSubscription(m.shop.id, m.plan.id, id, status, { customer: link.customerId, ...extra })),
      );

    expect((await send('customer.subscription.created', 'trialing')).statusCode).toBe(200);
    expect(await gate(m.cookie)).toBe('manager-dashboard');
    const trial = (await get('/api/v1/shop/subscription', m.cookie)).json().subscription;
    expect(trial).toMatchObject({
      status: 'trial',
      trialEnd: new Date((CREATED + 14 * DAY) * 1000).toISOString(),
      plan: { id: m.plan.id },
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect((await shopRow(m.shop.id))!.trialEndsAt?.toISOString()).toBe(trial.trialEnd);

    await send('customer.subscription.updated', 'active');
    expect(await subRow(id)).toMatchObject({
      status: 'active',
      currentPeriodStart: new Date((CREATED + 14 * DAY) * 1000),
      currentPeriodEnd: new Date((CREATED + 44 * DAY) * 1000),
    });
    // Cancelling is done in Stripe's portal, never here.
    const cancel = await post('/api/v1/shop/subscription/cancel', m.cookie);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('MANAGED_BY_STRIPE');

    await send('customer.subscription.updated', 'past_due');
    expect((await subRow(id))!.status).toBe('past_due');
    expect(await gate(m.cookie)).toBe('subscription-required');
    expect((await get('/api/v1/shop/subscription', m.cookie)).json().subscription.provider).toBe('stripe');
    // Stripe keeps retrying the card: no second subscription beside the one past due...
    const second = await post('/api/v1/shop/checkout', m.cookie, { planId: m.plan.id });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('PAYMENT_DUE');
    // ...and a shop past due reaches the portal to fix its card.
    fake.received.length = 0;
    const portal = await post('/api/v1/shop/billing-portal', m.cookie);
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toBe('https://billing.stripe.test/p/session/bps_test_1');
    expect(fake.received[0]!.form.get('customer')).toBe(link.customerId);
    expect(fake.received[0]!.form.get('return_url')).toBe('http://localhost:3000/manager/subscription');

    await send('customer.subscription.updated', 'active');
    expect(await gate(m.cookie)).toBe('manager-dashboard');

    await send('customer.subscription.deleted', 'canceled', { canceled_at: CREATED + 50 * DAY });
    expect(await subRow(id)).toMatchObject({ status: 'cancelled', cancelledAt: new Date((CREATED + 50 * DAY) * 1000) });
    expect(await gate(m.cookie)).toBe('subscription-required');
    // None of this is taken for a personal subscription of the manager.
    expect(
      await t.database.db.select().from(techSubscriptions).where(eq(techSubscriptions.techId, link.userId)),
    ).toEqual([]);
  });

  it('applies each event once: a replayed past_due does not undo a later recovery', async () => {
    const m = await shopManager();
    const id = `sub_replay_${m.shop.id}`;
    const pastDue = stripeEvent(
      'customer.subscription.updated',
      shopSubscription(m.shop.id, m.plan.id, id, 'past_due'),
    );
    expect((await sendWebhook(pastDue)).json()).toEqual({ received: true, duplicate: false });
    await sendWebhook(
      stripeEvent('customer.subscription.updated', shopSubscription(m.shop.id, m.plan.id, id, 'active')),
    );
    const replay = await sendWebhook(pastDue);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await subRow(id))!.status).toBe('active');
    expect(
      await t.database.db.select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.eventId, pastDue.id)),
    ).toHaveLength(1);
  });

  it('takes events by when Stripe made them: an update made before the deletion and delivered after it changes nothing', async () => {
    const m = await shopManager();
    const id = `sub_order_${m.shop.id}`;
    const at = (type: string, status: string, created: number) =>
      sendWebhook(stripeEvent(type, shopSubscription(m.shop.id, m.plan.id, id, status), { created }));
    await at('customer.subscription.created', 'active', CREATED);
    expect(await gate(m.cookie)).toBe('manager-dashboard');
    await at('customer.subscription.deleted', 'canceled', CREATED + 60);
    const late = await at('customer.subscription.updated', 'active', CREATED + 30);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ received: true, duplicate: false });
    expect((await subRow(id))!.status).toBe('cancelled');
    expect(await gate(m.cookie)).toBe('subscription-required');
  });

  it('checkout.session.completed opens the gate at once; the subscription event then brings Stripe dates', async () => {
    const m = await shopManager();
    const id = `sub_cs_${m.shop.id}`;
    const completed = stripeEvent(
      'checkout.session.completed',
      {
        id: 'cs_test_shop',
        object: 'checkout.session',
        mode: 'subscription',
        customer: `cus_${m.shop.id}`,
        subscription: id,
        client_reference_id: m.shop.id,
        metadata: { shop_id: m.shop.id, plan_id: m.plan.id },
        payment_status: 'no_payment_required',
        status: 'complete',
      },
      { created: CREATED },
    );
    expect((await sendWebhook(completed)).statusCode).toBe(200);
    expect(await subRow(id)).toMatchObject({ status: 'trial', trialEnd: new Date((CREATED + 14 * DAY) * 1000) });
    expect(await gate(m.cookie)).toBe('manager-dashboard');
    // A late completed event does not overwrite what the subscription's own events said.
    await sendWebhook(
      stripeEvent('customer.subscription.updated', shopSubscription(m.shop.id, m.plan.id, id, 'active')),
    );
    await sendWebhook({ ...completed, id: `${completed.id}_late` });
    expect((await subRow(id))!.status).toBe('active');
  });

  it('a late event about an old subscription leaves the current plan in place', async () => {
    const m = await shopManager();
    await sendWebhook(
      stripeEvent(
        'customer.subscription.created',
        shopSubscription(m.shop.id, m.plan.id, `sub_new_${m.shop.id}`, 'active'),
      ),
    );
    await sendWebhook(
      stripeEvent(
        'customer.subscription.deleted',
        shopSubscription(m.shop.id, m.plan.id, `sub_old_${m.shop.id}`, 'canceled'),
      ),
    );
    const current = (await get('/api/v1/shop/subscription', m.cookie)).json().subscription;
    expect(current.status).toBe('active');
    expect(current.id).toBe((await subRow(`sub_new_${m.shop.id}`))!.id);
  });

  it('ignores events naming a shop that does not exist or a malformed shop id', async () => {
    for (const shopId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await sendWebhook(
        stripeEvent(
          'customer.subscription.created',
          shopSubscription(shopId, 'not-a-plan', `sub_ghost_${shopId}`, 'active'),
        ),
      );
      expect(r.statusCode).toBe(200);
      expect(await subRow(`sub_ghost_${shopId}`)).toBeUndefined();
    }
  });

  it('is renewed by Stripe: the lifecycle job neither charges nor moves a Stripe plan at trial end', async () => {
    const m = await shopManager();
    const id = `sub_job_${m.shop.id}`;
    await sendWebhook(
      stripeEvent('customer.subscription.created', shopSubscription(m.shop.id, m.plan.id, id, 'trialing')),
    );
    const charges: string[] = [];
    const inner = mockCardProcessor({ delayMs: 0 });
    await runSubscriptionLifecycle({
      db: t.database.db,
      cards: {
        ...inner,
        charge: async (input) => {
          charges.push(input.idempotencyKey);
          return inner.charge(input);
        },
      },
      clock: manualClock(new Date((CREATED + 20 * DAY) * 1000)),
    });
    expect(charges).toEqual([]);
    expect((await subRow(id))!.status).toBe('trial');
  });
});
