import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  stripeEvent as event,
  fakeStripe,
  FAKE_STRIPE_WEBHOOK_SECRET as WEBHOOK_SECRET,
} from '../../../../tests/fixtures/fake-stripe';
import { firstN, firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { hasMasteryAccess } from '../../access-standing';
import { stripeCustomers, stripeSubscriptions, stripeWebhookEvents, techSubscriptions } from '../../db/schema';

const PRICE = 'price_mastery_monthly';

let t: TestApp;
const fake = fakeStripe([PRICE]);
beforeAll(async () => {
  t = await createTestApp({
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ADAPTIVE_MASTERY: PRICE,
    STRIPE_PRICE_SHOP_PLANS: 'professional=price_shop_professional,enterprise=price_shop_enterprise',
    STRIPE_API_URL: await fake.listen(),
  });
});
afterAll(async () => {
  await t?.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const post = (url: string, cookie?: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function tech() {
  const signed = await signUpTech(t.app);
  const id = (await get('/api/v1/me', signed.cookie)).json().user.id as string;
  return { ...signed, id };
}

describe('Stripe checkout through the adapter', () => {
  it('creates the customer once and a subscription-mode Checkout Session with server-built URLs', async () => {
    const me = await tech();
    // URLs sent by the client are ignored: the server builds them from BASE_URL.
    const r = await post('/api/v1/adaptive-mastery/checkout', me.cookie, {
      success_url: 'https://evil.example/phish',
      cancel_url: 'https://evil.example/phish',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' });

    expect(fake.received.map((x) => x.path)).toEqual(['/v1/customers', '/v1/checkout/sessions']);
    const [customer, session] = firstN(fake.received, 2);
    expect(customer.authorization).toBe('Bearer sk_test_fake');
    expect(customer.form.get('email')).toBe(me.email);
    expect(customer.form.get('metadata[user_id]')).toBe(me.id);
    // Two checkouts racing for a new user create one customer.
    expect(customer.idempotencyKey).toBe(`torqueprep-customer-${me.id}`);
    expect(session.form.get('mode')).toBe('subscription');
    expect(session.form.get('line_items[0][price]')).toBe(PRICE);
    expect(session.form.get('line_items[0][quantity]')).toBe('1');
    expect(session.form.get('customer')).toBe('cus_test_1');
    expect(session.form.get('client_reference_id')).toBe(me.id);
    expect(session.form.get('metadata[user_id]')).toBe(me.id);
    expect(session.form.get('subscription_data[metadata][user_id]')).toBe(me.id);
    expect(session.form.get('success_url')).toBe('http://localhost:3000/app/adaptive-mastery?checkout=success');
    expect(session.form.get('cancel_url')).toBe('http://localhost:3000/app/adaptive-mastery?checkout=cancelled');
    const row = firstOf(await t.database.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, me.id)));
    expect(row.customerId).toBe('cus_test_1');

    // A second attempt reuses the customer.
    fake.received.length = 0;
    expect((await post('/api/v1/adaptive-mastery/checkout', me.cookie)).statusCode).toBe(200);
    expect(fake.received.map((x) => x.path)).toEqual(['/v1/checkout/sessions']);
    expect(fake.received[0]!.form.get('customer')).toBe('cus_test_1');
  });

  it("turns Stripe's 'No such price' into the not-configured message", async () => {
    const me = await tech();
    fake.state.prices = new Set(); // the price was deleted in the Stripe dashboard
    const r = await post('/api/v1/adaptive-mastery/checkout', me.cookie);
    expect(r.statusCode).toBe(502);
    expect(r.json().error).toEqual({
      code: 'CHECKOUT_FAILED',
      key: 'CHECKOUT_FAILED.productNotConfigured',
      message:
        'The subscription product is not configured yet. Please contact the administrator to enable subscriptions.',
    });
    expect(fake.received.at(-1)?.form.get('line_items[0][price]')).toBe(PRICE);
  });

  it("answers 'No checkout URL returned' when the session has no URL", async () => {
    const me = await tech();
    fake.state.checkoutUrl = null;
    const r = await post('/api/v1/adaptive-mastery/checkout', me.cookie);
    expect(r.statusCode).toBe(502);
    expect(r.json().error.message).toBe('No checkout URL returned');
  });

  it('opens the customer portal for a technician with a Stripe customer, returning to the page', async () => {
    const me = await tech();
    const none = await post('/api/v1/adaptive-mastery/billing-portal', me.cookie);
    expect(none.json().url).toBeNull();
    expect(fake.received).toEqual([]);
    await post('/api/v1/adaptive-mastery/checkout', me.cookie);
    fake.received.length = 0;
    const r = await post('/api/v1/adaptive-mastery/billing-portal', me.cookie);
    expect(r.json().url).toBe('https://billing.stripe.test/p/session/bps_test_1');
    const link = firstOf(await t.database.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, me.id)));
    expect(fake.received[0]!.path).toBe('/v1/billing_portal/sessions');
    expect(fake.received[0]!.form.get('customer')).toBe(link.customerId);
    expect(fake.received[0]!.form.get('return_url')).toBe('http://localhost:3000/app/adaptive-mastery');
  });

  it('answers 503 with Retry-After, not 500, when Stripe cannot be reached for the portal', async () => {
    const me = await tech();
    await post('/api/v1/adaptive-mastery/checkout', me.cookie); // the technician now has a Stripe customer
    fake.state.down = true;
    const r = await post('/api/v1/adaptive-mastery/billing-portal', me.cookie);
    expect(r.statusCode).toBe(503);
    expect(r.headers['retry-after']).toBe('30');
    expect(r.json().error).toEqual({
      code: 'PAYMENT_PROVIDER_UNAVAILABLE',
      message: 'The payment service is unavailable. Please try again shortly.',
    });
    // The checkout says the same while Stripe is away.
    const checkout = await post('/api/v1/adaptive-mastery/checkout', me.cookie);
    expect(checkout.statusCode).toBe(503);
    expect(checkout.headers['retry-after']).toBe('30');
  });

  it('has no mock confirmation with Stripe', async () => {
    const me = await tech();
    const r = await post('/api/v1/adaptive-mastery/checkout/confirm', me.cookie, { session: 'cs_test_1' });
    expect(r.statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------- webhook

function sendWebhook(body: object | string, signature?: string) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/stripe',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
}

const PERIOD_START = 1_780_000_000;
const PERIOD_END = 1_782_678_400;

function subscriptionObject(userId: string, customer: string, id: string, status: string, extra = {}) {
  return {
    id,
    object: 'subscription',
    customer,
    status,
    cancel_at_period_end: false,
    metadata: { user_id: userId },
    default_payment_method: { id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: '4242' } },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price: { id: PRICE, object: 'price' },
          current_period_start: PERIOD_START,
          current_period_end: PERIOD_END,
        },
      ],
    },
    ...extra,
  };
}

const techRow = async (userId: string) =>
  (await t.database.db.select().from(techSubscriptions).where(eq(techSubscriptions.techId, userId)))[0];
const eventRows = async (id: string) =>
  t.database.db.select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.eventId, id));

describe('Stripe webhook', () => {
  it('checkout.session.completed with a valid signature links the customer and activates the subscription', async () => {
    const me = await tech();
    const completed = event('checkout.session.completed', {
      id: 'cs_test_done',
      object: 'checkout.session',
      mode: 'subscription',
      customer: `cus_${me.id}`,
      subscription: `sub_${me.id}`,
      client_reference_id: me.id,
      metadata: { user_id: me.id },
      payment_status: 'paid',
      status: 'complete',
    });
    const r = await sendWebhook(completed);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ received: true, duplicate: false });
    const customer = firstOf(
      await t.database.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, me.id)),
    );
    expect(customer.customerId).toBe(`cus_${me.id}`);
    expect(await techRow(me.id)).toMatchObject({
      status: 'active',
      provider: 'stripe',
      providerSubscriptionId: `sub_${me.id}`,
    });
    expect(await eventRows(completed.id)).toHaveLength(1);
    expect((await get('/api/v1/adaptive-mastery/subscription', me.cookie)).json()).toMatchObject({
      provider: 'stripe',
      entitled: true,
      subscription: { status: 'active', provider: 'stripe' },
    });
    // Stripe subscriptions are cancelled in the portal, not here.
    const cancel = await post('/api/v1/adaptive-mastery/subscription/cancel', me.cookie);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('MANAGED_BY_STRIPE');
  });

  it('refuses a bad signature with 400 and writes nothing', async () => {
    const me = await tech();
    const created = event(
      'customer.subscription.created',
      subscriptionObject(me.id, `cus_${me.id}`, `sub_${me.id}`, 'active'),
    );
    const payload = JSON.stringify(created);
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    for (const signature of [wrongSecret, 't=1,v1=deadbeef', '']) {
      const r = await sendWebhook(payload, signature);
      expect(r.statusCode).toBe(400);
      expect(r.json().error.code).toBe('BAD_SIGNATURE');
    }
    // A signed body that was altered afterwards is refused too.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = payload.replace('"active"', '"trialing"');
    expect((await sendWebhook(tampered, signed)).statusCode).toBe(400);

    expect(await eventRows(created.id)).toEqual([]);
    expect(await techRow(me.id)).toBeUndefined();
    expect(await t.database.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, me.id))).toEqual([]);
  });

  it('refuses a signed body that is not an event with 400, not a 500 for Stripe to retry', async () => {
    const malformed = [
      [],
      { id: 'evt_no_data', object: 'event', type: 'checkout.session.completed', created: 1_780_000_000, data: null },
      { id: 'evt_no_type', object: 'event', created: 1_780_000_000, data: { object: {} } },
      { object: 'event', type: 'customer.subscription.updated', created: 1_780_000_000, data: { object: {} } },
      'null',
    ];
    for (const body of malformed) {
      const r = await sendWebhook(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().error.code).toBe('BAD_EVENT');
    }
    expect(await eventRows('evt_no_data')).toEqual([]);
  });

  it('subscription events keep stripe_subscriptions and the status in step: active → past_due → deleted', async () => {
    const me = await tech();
    const customer = `cus_${me.id}`;
    const sub = `sub_${me.id}`;
    expect(
      (await sendWebhook(event('customer.subscription.created', subscriptionObject(me.id, customer, sub, 'active'))))
        .statusCode,
    ).toBe(200);
    const [stored] = await t.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.subscriptionId, sub));
    expect(stored).toMatchObject({
      customerId: customer,
      status: 'active',
      priceId: PRICE,
      currentPeriodStart: PERIOD_START,
      currentPeriodEnd: PERIOD_END,
      paymentMethodBrand: 'visa',
      paymentMethodLast4: '4242',
      cancelAtPeriodEnd: false,
    });
    expect(await techRow(me.id)).toMatchObject({ status: 'active', currentPeriodEnd: new Date(PERIOD_END * 1000) });
    expect(await hasMasteryAccess(t.database.db, me.id)).toBe(true);

    await sendWebhook(event('customer.subscription.updated', subscriptionObject(me.id, customer, sub, 'past_due')));
    expect((await techRow(me.id))!.status).toBe('past_due');
    expect(await hasMasteryAccess(t.database.db, me.id)).toBe(false);

    await sendWebhook(
      event(
        'customer.subscription.updated',
        subscriptionObject(me.id, customer, sub, 'active', { cancel_at_period_end: true }),
      ),
    );
    expect((await techRow(me.id))!.status).toBe('active');
    expect((await get('/api/v1/adaptive-mastery/subscription', me.cookie)).json().subscription.cancelAtPeriodEnd).toBe(
      true,
    );

    await sendWebhook(event('customer.subscription.deleted', subscriptionObject(me.id, customer, sub, 'canceled')));
    expect((await techRow(me.id))!.status).toBe('cancelled');
    expect(await hasMasteryAccess(t.database.db, me.id)).toBe(false);
  });

  it('processes the same event once: a replay changes nothing and still answers 200', async () => {
    const me = await tech();
    const customer = `cus_${me.id}`;
    const sub = `sub_${me.id}`;
    const pastDue = event('customer.subscription.updated', subscriptionObject(me.id, customer, sub, 'past_due'));
    expect((await sendWebhook(pastDue)).json().duplicate).toBe(false);
    expect((await techRow(me.id))!.status).toBe('past_due');
    // A later event recovers the subscription...
    await sendWebhook(event('customer.subscription.updated', subscriptionObject(me.id, customer, sub, 'active')));
    expect((await techRow(me.id))!.status).toBe('active');
    // ...and the replayed old event must not undo it.
    const replay = await sendWebhook(pastDue);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await techRow(me.id))!.status).toBe('active');
    expect(await eventRows(pastDue.id)).toHaveLength(1);
  });

  it("applies a subscription's events in the order Stripe made them, whatever order they arrive in", async () => {
    const me = await tech();
    const customer = `cus_${me.id}`;
    const sub = `sub_${me.id}`;
    const at = (type: string, status: string, created: number) =>
      sendWebhook(event(type, subscriptionObject(me.id, customer, sub, status), { created }));
    const T = 1_780_000_000;
    await at('customer.subscription.created', 'active', T);
    // The renewal fails (T + 200); the update made before it (T + 100) arrives after it: the failure stands.
    await at('customer.subscription.updated', 'past_due', T + 200);
    const older = await at('customer.subscription.updated', 'active', T + 100);
    expect(older.json()).toEqual({ received: true, duplicate: false });
    expect((await techRow(me.id))!.status).toBe('past_due');
    expect(
      firstOf(await t.database.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.subscriptionId, sub)))
        .status,
    ).toBe('past_due');
    // A newer event applies.
    await at('customer.subscription.updated', 'active', T + 300);
    expect((await techRow(me.id))!.status).toBe('active');
    // Cancelled at once: Stripe makes the deletion and the last update in one second, and may send the update last.
    await at('customer.subscription.deleted', 'canceled', T + 400);
    await at('customer.subscription.updated', 'active', T + 400);
    expect((await techRow(me.id))!.status).toBe('cancelled');
    expect(await hasMasteryAccess(t.database.db, me.id)).toBe(false);
  });

  it('finds the user through stripe_customers when the event has no metadata', async () => {
    const me = await tech();
    await post('/api/v1/adaptive-mastery/checkout', me.cookie); // creates cus_test_N for this user
    const link = firstOf(await t.database.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, me.id)));
    const object = subscriptionObject(me.id, link.customerId, `sub_plain_${me.id}`, 'trialing', { metadata: {} });
    await sendWebhook(event('customer.subscription.created', object));
    expect(await techRow(me.id)).toMatchObject({ status: 'trial', providerSubscriptionId: `sub_plain_${me.id}` });
  });

  it('a late event about an old subscription does not take away current access', async () => {
    const me = await tech();
    const customer = `cus_${me.id}`;
    await sendWebhook(
      event('customer.subscription.created', subscriptionObject(me.id, customer, `sub_new_${me.id}`, 'active')),
    );
    await sendWebhook(
      event('customer.subscription.deleted', subscriptionObject(me.id, customer, `sub_old_${me.id}`, 'canceled')),
    );
    expect(await techRow(me.id)).toMatchObject({ status: 'active', providerSubscriptionId: `sub_new_${me.id}` });
  });

  it('records and ignores other events and events for unknown users', async () => {
    const other = event('invoice.paid', { id: 'in_1', object: 'invoice' });
    expect((await sendWebhook(other)).statusCode).toBe(200);
    expect(await eventRows(other.id)).toHaveLength(1);
    const stranger = event(
      'customer.subscription.created',
      subscriptionObject('no-such-user', 'cus_stranger', 'sub_stranger', 'active'),
    );
    expect((await sendWebhook(stranger)).statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(stripeSubscriptions)
        .where(eq(stripeSubscriptions.subscriptionId, 'sub_stranger')),
    ).toEqual([]);
  });

  it('applies a signed event with a NUL character in its texts instead of refusing it', async () => {
    const me = await tech();
    const customer = `cus_${me.id}`;
    const sub = `sub_nul_${me.id}`;
    const created = event(
      'customer.subscription.created',
      subscriptionObject(me.id, customer, sub, 'active', { metadata: { user_id: me.id, note: 'a\u0000b' } }),
    );
    const r = await sendWebhook(created);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ received: true, duplicate: false });
    expect(await techRow(me.id)).toMatchObject({ status: 'active', providerSubscriptionId: sub });
    // Stripe's own ids and the user id with a NUL are read without it, not failed on.
    const nulInIds = event('customer.subscription.updated', {
      ...subscriptionObject(me.id, `${customer}\u0000`, `${sub}\u0000`, 'past_due'),
      metadata: { user_id: `${me.id}\u0000` },
    });
    const second = await sendWebhook(nulInIds);
    expect(second.statusCode).toBe(200);
    expect((await techRow(me.id))!.status).toBe('past_due');
    expect(await eventRows(nulInIds.id)).toHaveLength(1);
  });

  it('leaves other routes on the normal JSON parser', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: '{"email":"x@example.com","password":"Rotor-gauge-42"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.statusCode).toBe(401);
  });
});
