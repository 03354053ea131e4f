import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerOnTrial, managerWithShop } from '../../../../tests/fixtures/billing';
import { createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { profiles, subscriptions, techSubscriptions } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const access = (feature: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/access/${feature}`, headers: cookie ? { cookie } : {} });
const granted = async (feature: string, cookie: string) => {
  const r = await access(feature, cookie);
  expect(r.statusCode).toBe(200);
  expect(r.json().feature).toBe(decodeURIComponent(feature));
  return r.json().granted as boolean;
};
async function tech() {
  const { cookie, response } = await signUpTech(t.app);
  return { cookie, id: response.json().user.id as string };
}

describe('GET /api/v1/access/:feature (feature access)', () => {
  it('a technician without shop or subscription: mastery no, any other feature no', async () => {
    const me = await tech();
    expect(await granted('mastery', me.cookie)).toBe(false);
    expect(await granted('analytics', me.cookie)).toBe(false);
  });

  it('a personal subscription grants mastery only while active or trial, and nothing else', async () => {
    const me = await tech();
    await t.database.db.insert(techSubscriptions).values({ techId: me.id, status: 'trial', provider: 'mock' });
    expect(await granted('mastery', me.cookie)).toBe(true);
    expect(await granted('Adaptive%20Mastery', me.cookie)).toBe(true);
    expect(await granted('analytics', me.cookie)).toBe(false);
    await t.database.db
      .update(techSubscriptions)
      .set({ status: 'past_due' })
      .where(eq(techSubscriptions.techId, me.id));
    expect(await granted('mastery', me.cookie)).toBe(false);
  });

  it("a shop on trial grants mastery and its plan's features, case-insensitive, to technician and manager", async () => {
    const manager = await managerOnTrial(t.app);
    const me = await tech();
    await t.database.db.update(profiles).set({ shopId: manager.shop.id }).where(eq(profiles.id, me.id));
    for (const cookie of [me.cookie, manager.cookie]) {
      expect(await granted('mastery', cookie)).toBe(true);
      expect(await granted('ANALYTICS', cookie)).toBe(true);
      expect(await granted('certification%20management', cookie)).toBe(true);
      expect(await granted('csv%20export', cookie)).toBe(true);
      expect(await granted('leaderboard', cookie)).toBe(false);
    }
    await t.database.db
      .update(subscriptions)
      .set({ status: 'cancelled' })
      .where(eq(subscriptions.id, manager.subscriptionId));
    expect(await granted('mastery', me.cookie)).toBe(false);
    expect(await granted('analytics', me.cookie)).toBe(false);
  });

  it('a shop without a subscription grants nothing', async () => {
    const manager = await managerWithShop(t.app);
    expect(await granted('analytics', manager.cookie)).toBe(false);
    expect(await granted('mastery', manager.cookie)).toBe(false);
  });

  it('refuses anonymous callers (401) and names that are not feature names (400)', async () => {
    expect((await access('mastery')).statusCode).toBe(401);
    const me = await tech();
    for (const bad of ['%25', '-x', 'x'.repeat(49), '%20']) {
      const r = await access(bad, me.cookie);
      expect(r.statusCode, bad).toBe(400);
    }
  });
});
