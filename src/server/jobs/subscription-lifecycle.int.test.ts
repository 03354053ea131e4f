import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerOnTrial, managerWithShop } from '../../../tests/fixtures/billing';
import { firstOf } from '../../../tests/fixtures/present';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';
import { addDays, addMonths } from '../../domain/billing';
import { type CardProcessor, MOCK_CHARGE_FAILS_CARD, mockCardProcessor } from '../billing/card-processor';
import { manualClock } from '../billing/clock';
import { subscriptions } from '../db/schema';
import { runSubscriptionLifecycle } from './subscription-lifecycle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function countingCards() {
  const inner = mockCardProcessor({ delayMs: 0 });
  const charges: string[] = [];
  const cards: CardProcessor = {
    savePaymentMethod: inner.savePaymentMethod,
    charge: async (input) => {
      charges.push(input.idempotencyKey);
      return inner.charge(input);
    },
  };
  return { cards, charges };
}

const row = async (id: string) =>
  firstOf(await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)));
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (url: string, cookie: string) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload: {} });

describe('subscription lifecycle job', () => {
  it('trial → active at day 14 → renewed a month later → cancelled → gated', async () => {
    const m = await managerOnTrial(t.app);
    const start = await row(m.subscriptionId);
    const trialEnd = start.trialEnd as Date;
    const { cards, charges } = countingCards();
    const clock = manualClock(addDays(trialEnd, -1));
    const deps = { db: t.database.db, cards, clock };

    // Day 13: nothing is due.
    expect(await runSubscriptionLifecycle(deps)).toEqual([]);
    expect((await row(m.subscriptionId)).status).toBe('trial');

    // Day 14: the first charge makes it active for one month from the trial end.
    clock.set(trialEnd);
    const first = await runSubscriptionLifecycle(deps);
    expect(first.filter((x) => x.subscriptionId === m.subscriptionId)).toHaveLength(1);
    let sub = await row(m.subscriptionId);
    expect(sub.status).toBe('active');
    expect(sub.currentPeriodStart?.getTime()).toBe(trialEnd.getTime());
    expect(sub.currentPeriodEnd?.getTime()).toBe(addMonths(trialEnd, 1).getTime());
    // Running again at the same time changes nothing (idempotent).
    expect(await runSubscriptionLifecycle(deps)).toEqual([]);

    // +1 month: renewed for the next month.
    clock.set(addMonths(trialEnd, 1));
    await runSubscriptionLifecycle(deps);
    sub = await row(m.subscriptionId);
    expect(sub.status).toBe('active');
    expect(sub.currentPeriodEnd?.getTime()).toBe(addMonths(addMonths(trialEnd, 1), 1).getTime());
    expect(charges.filter((k) => k.startsWith(m.subscriptionId))).toHaveLength(2);

    const panel = (await get('/api/v1/shop/subscription', m.cookie)).json();
    expect(panel.subscription.status).toBe('active');
    const cancelled = await post('/api/v1/shop/subscription/cancel', m.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription.status).toBe('cancelled');
    expect((await row(m.subscriptionId)).cancelledAt).not.toBeNull();

    // Cancelled: every manager route is refused, the gate sends the manager to the subscription screen.
    expect((await get('/api/v1/me', m.cookie)).json().gate).toBe('subscription-required');
    for (const [method, url] of [
      ['GET', '/api/v1/manager/overview'],
      ['POST', '/api/v1/shop/subscription/cancel'],
    ] as const) {
      const r = method === 'GET' ? await get(url, m.cookie) : await post(url, m.cookie);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().error.code).toBe('SUBSCRIPTION_REQUIRED');
    }
    // Manage Billing stays open to a shop without a plan: on Stripe it is where a card is fixed (ADR 0033).
    expect((await post('/api/v1/shop/billing-portal', m.cookie)).json().url).toBeNull();
    // A cancelled subscription is not renewed.
    clock.set(addMonths(trialEnd, 3));
    await runSubscriptionLifecycle(deps);
    expect((await row(m.subscriptionId)).status).toBe('cancelled');
  });

  it('two runners at once produce one transition and one charge', async () => {
    const m = await managerOnTrial(t.app);
    const trialEnd = (await row(m.subscriptionId)).trialEnd as Date;
    const { cards, charges } = countingCards();
    const clock = manualClock(trialEnd);
    const deps = { db: t.database.db, cards, clock };
    const [a, b] = await Promise.all([runSubscriptionLifecycle(deps), runSubscriptionLifecycle(deps)]);
    const mine = [...a, ...b].filter((x) => x.subscriptionId === m.subscriptionId);
    expect(mine).toHaveLength(1);
    expect(charges.filter((k) => k.startsWith(m.subscriptionId))).toHaveLength(1);
    expect((await row(m.subscriptionId)).status).toBe('active');
  });

  it('a failed charge makes the subscription past_due, which the gate refuses', async () => {
    const m = await managerOnTrial(t.app, MOCK_CHARGE_FAILS_CARD);
    const trialEnd = (await row(m.subscriptionId)).trialEnd as Date;
    const deps = { db: t.database.db, cards: mockCardProcessor({ delayMs: 0 }), clock: manualClock(trialEnd) };
    await runSubscriptionLifecycle(deps);
    expect((await row(m.subscriptionId)).status).toBe('past_due');
    expect((await get('/api/v1/me', m.cookie)).json().gate).toBe('subscription-required');
    expect((await get('/api/v1/manager/overview', m.cookie)).statusCode).toBe(403);
    // Cancel is only for active subscriptions.
    expect((await post('/api/v1/shop/subscription/cancel', m.cookie)).statusCode).toBe(403);
  });

  it('gates a manager without a shop', async () => {
    const noSub = await managerWithShop(t.app);
    expect((await get('/api/v1/manager/overview', noSub.cookie)).statusCode).toBe(403);
    expect((await post('/api/v1/shop/subscription/cancel', noSub.cookie)).statusCode).toBe(403);
    const trial = await managerOnTrial(t.app);
    expect((await post('/api/v1/shop/billing-portal', trial.cookie)).json()).toMatchObject({ url: null });
  });

  it('cancels a trial online: it ends now, and the trial end charges nothing', async () => {
    const m = await managerOnTrial(t.app);
    const trialEnd = (await row(m.subscriptionId)).trialEnd as Date;
    const r = await post('/api/v1/shop/subscription/cancel', m.cookie);
    expect(r.statusCode).toBe(200);
    expect(r.json().subscription.status).toBe('cancelled');
    expect((await row(m.subscriptionId)).cancelledAt).not.toBeNull();
    expect((await get('/api/v1/me', m.cookie)).json().gate).toBe('subscription-required');
    const { cards, charges } = countingCards();
    await runSubscriptionLifecycle({ db: t.database.db, cards, clock: manualClock(addDays(trialEnd, 1)) });
    expect(charges.filter((k) => k.startsWith(m.subscriptionId))).toEqual([]);
    expect((await row(m.subscriptionId)).status).toBe('cancelled');
  });
});
