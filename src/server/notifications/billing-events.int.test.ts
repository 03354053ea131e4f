import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerOnTrial } from '../../../tests/fixtures/billing';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/fixtures/mail';
import { mailsTo, messagesOf, sendPending } from '../../../tests/fixtures/notifications';
import { practiceContent, takeCategoryTest } from '../../../tests/fixtures/practice';
import { entitledManager, technician, technicianInShop } from '../../../tests/fixtures/shop';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../tests/fixtures/test-app';
import { MOCK_CHARGE_FAILS_CARD } from '../billing/card-processor';
import { manualClock } from '../billing/clock';
import { profiles, subscriptions } from '../db/schema';
import { runSubscriptionLifecycle } from '../jobs/subscription-lifecycle';
import { processStripeEvent } from '../modules/adaptive-mastery/stripe-webhook';

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

describe('shop_payment_failed: the renewal charge fails and the plan is past due', () => {
  it('tells the manager once, in the transition, with a link to the subscription', async () => {
    const manager = await managerOnTrial(t.app, MOCK_CHARGE_FAILS_CARD);
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: manager.cookie } })).json();
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, manager.subscriptionId));
    const clock = manualClock(new Date((sub?.trialEnd ?? new Date()).getTime() + 60_000));
    const deps = { db: t.database.db, cards: t.app.billing.cards, clock };
    const transitions = await runSubscriptionLifecycle(deps);
    expect(transitions).toContainEqual(
      expect.objectContaining({ subscriptionId: manager.subscriptionId, to: 'past_due' }),
    );
    await runSubscriptionLifecycle(deps);

    const told = await messagesOf(t.database.db, me.user.id, 'shop_payment_failed');
    expect(told).toHaveLength(1);
    expect(told[0]?.link).toBe('/manager/subscription');
    await sendPending(t, clock.now());
    const mails = await mailsTo(smtp, manager.email, "could not charge Joe Garage's plan");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${TEST_ORIGIN}/manager/subscription`);
  });
});

describe('subscription_problem: the personal subscription on Stripe', () => {
  const subscriptionEvent = (id: string, type: string, userId: string, status: string, periodStart: number) =>
    ({
      id,
      type,
      created: periodStart + 10,
      data: {
        object: {
          id: `sub_${userId}`,
          customer: `cus_${userId}`,
          status,
          metadata: { user_id: userId },
          cancel_at_period_end: false,
          default_payment_method: null,
          items: {
            data: [
              { current_period_start: periodStart, current_period_end: periodStart + 30 * 86_400, price: { id: 'p' } },
            ],
          },
        },
      },
    }) as unknown as Stripe.Event;

  it('tells the technician of a failed renewal once a period, and of its end, in their language', async () => {
    const tech = await technician(t.app);
    await t.database.db.update(profiles).set({ locale: 'es' }).where(eq(profiles.id, tech.id));
    const period = 1_900_000_000;
    const db = t.database.db;
    await processStripeEvent(
      db,
      subscriptionEvent(`evt_a_${tech.id}`, 'customer.subscription.created', tech.id, 'active', period),
    );
    await processStripeEvent(
      db,
      subscriptionEvent(`evt_b_${tech.id}`, 'customer.subscription.updated', tech.id, 'past_due', period),
    );
    // Stripe delivering the same event again, and another update of the same period: nothing more.
    await processStripeEvent(
      db,
      subscriptionEvent(`evt_b_${tech.id}`, 'customer.subscription.updated', tech.id, 'past_due', period),
    );
    await processStripeEvent(
      db,
      subscriptionEvent(`evt_c_${tech.id}`, 'customer.subscription.updated', tech.id, 'past_due', period),
    );
    let told = await messagesOf(db, tech.id, 'subscription_problem');
    expect(told.map((m) => m.params.problem)).toEqual(['payment_failed']);

    await processStripeEvent(
      db,
      subscriptionEvent(`evt_d_${tech.id}`, 'customer.subscription.deleted', tech.id, 'canceled', period),
    );
    told = await messagesOf(db, tech.id, 'subscription_problem');
    expect(told.map((m) => m.params.problem)).toEqual(['payment_failed', 'ended']);
    expect(told.every((m) => m.link === '/app/adaptive-mastery')).toBe(true);

    await sendPending(t, new Date());
    expect(await mailsTo(smtp, tech.email, 'Falló el pago de tu suscripción')).toHaveLength(1);
    expect(await mailsTo(smtp, tech.email, 'Tu suscripción terminó')).toHaveLength(1);
  });
});

describe('achievement_earned: in-app only, from the submit', () => {
  it('makes one message per achievement earned, never e-mailed, and none for one already earned', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager);
    const { key, categories } = await practiceContent(t.database.db);
    const first = await takeCategoryTest(t.app, tech.cookie, categories.get('A5') as string, key, 16);
    const earned = (first.results as unknown as { newAchievements: { code: string }[] }).newAchievements;
    expect(earned.length).toBeGreaterThan(0);
    let messages = await messagesOf(t.database.db, tech.id, 'achievement_earned');
    expect(messages.map((m) => m.params.code).sort()).toEqual(earned.map((a) => a.code).sort());
    expect(messages.every((m) => m.emailStatus === 'skipped' && m.link === '/app/achievements')).toBe(true);

    const second = await takeCategoryTest(t.app, tech.cookie, categories.get('A5') as string, key, 16);
    const more = (second.results as unknown as { newAchievements: { code: string }[] }).newAchievements;
    messages = await messagesOf(t.database.db, tech.id, 'achievement_earned');
    expect(messages).toHaveLength(earned.length + more.length);
  });
});
