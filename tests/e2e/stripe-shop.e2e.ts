import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_WEBHOOK_SECRET, fakeStripe, stripeEvent, stripeSignature } from '../fixtures/fake-stripe';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, uniqueEmail } from './browser';
import { startTestServer, type TestServer } from './server';

/**
 * With BILLING_PROVIDER=stripe a manager pays for the shop plan on Stripe
 * Checkout, not in the mock card form, and comes back through the gate once Stripe's webhook has arrived.
 */

const PROFESSIONAL = 'price_shop_professional';
const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';

let browser: Browser;
let server: TestServer;
const fake = fakeStripe(['price_mastery_monthly', PROFESSIONAL, 'price_shop_enterprise']);
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startTestServer({
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_ADAPTIVE_MASTERY: 'price_mastery_monthly',
    STRIPE_PRICE_SHOP_PLANS: `professional=${PROFESSIONAL},enterprise=price_shop_enterprise`,
    STRIPE_API_URL: await fake.listen(),
  });
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
  await fake.close();
});

describe('shop plan on Stripe Billing', () => {
  it('payment step → Stripe Checkout → back, waiting for the webhook → dashboard on the free trial', async () => {
    const { page, problems, api, context } = await openSession(browser, { width: 375, height: 800 }, server.url);
    const signUp = await api.post('/api/v1/auth/sign-up', {
      data: {
        email: uniqueEmail('e2e.stripe'),
        password: 'Rotor-gauge-42',
        fullName: 'Pat Owner',
        role: 'manager',
        shopCode: 'SHOPST0001',
      },
    });
    expect(signUp.status()).toBe(201);
    const setUp = await api.post('/api/v1/shops', { data: { name: 'Stripe Garage', type: 'independent' } });
    expect(setUp.status()).toBe(201);
    const shopId = (await setUp.json()).shop.id as string;
    const plans = await (await context.request.get('/api/v1/shop/plans')).json();
    const plan = plans.plans.find((p: { code: string }) => p.code === 'professional');

    // Stripe's hosted page stands in here: the browser only has to arrive at the session's URL.
    await page.route(`${CHECKOUT_URL}*`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Stripe Checkout</title><h1>Stripe Checkout</h1>' }),
    );
    await page.goto(`/manager/payment?plan=${plan.id}`);
    await page.getByRole('heading', { name: 'Secure checkout with Stripe' }).waitFor();
    // No card form: the card is entered on Stripe's page.
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Continue to secure checkout' }).click();
    await page.waitForURL(CHECKOUT_URL);
    const session = fake.received.find((r) => r.path === '/v1/checkout/sessions')?.form;
    expect(session?.get('line_items[0][price]')).toBe(PROFESSIONAL);
    expect(session?.get('subscription_data[trial_period_days]')).toBe('14');

    // Back from Checkout before the webhook: the page says Stripe is confirming and waits.
    await page.goto('/manager/plans?checkout=success');
    await page.getByText('Stripe is confirming your subscription').waitFor();
    const created = stripeEvent('customer.subscription.created', {
      id: 'sub_e2e',
      object: 'subscription',
      customer: 'cus_test_1',
      status: 'trialing',
      metadata: { shop_id: shopId, plan_id: plan.id },
      trial_end: Math.floor(Date.now() / 1000) + 14 * 24 * 60 * 60,
      items: { object: 'list', data: [{ id: 'si_e2e', object: 'subscription_item', price: { id: PROFESSIONAL } }] },
    });
    const payload = JSON.stringify(created);
    const delivered = await fetch(`${server.url}/api/v1/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
      body: payload,
    });
    expect(delivered.status).toBe(200);
    // The page notices the plan by itself and goes on to the dashboard, which confirms the trial.
    await page.waitForURL(`${server.url}/manager`);
    await page.getByText('Your 14-day free trial has started').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
