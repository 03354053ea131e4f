import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerOnTrial, managerWithShop } from '../../../../tests/fixtures/billing';
import { type AnswerKey, practiceContent, startTest, takeCategoryTest } from '../../../../tests/fixtures/practice';
import { firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { profiles, subscriptionPlans, subscriptions, testSessions } from '../../db/schema';

let t: TestApp;
let key: AnswerKey;
let categories: Map<string, string>;
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

type Person = { cookie: string; id: string };
let owner: Person;
let sameShopTech: Person;
let otherShopTech: Person;
let independent: Person;
let manager: Person & { shopId: string; subscriptionId: string };
let otherManager: Person & { shopId: string };

async function tech(): Promise<Person> {
  const { cookie, response } = await signUpTech(t.app);
  return { cookie, id: response.json().user.id };
}
async function join(person: Person, shopId: string) {
  await t.database.db.update(profiles).set({ shopId }).where(eq(profiles.id, person.id));
}
const meId = async (cookie: string) => (await get('/api/v1/me', cookie)).json().user.id as string;

beforeAll(async () => {
  t = await createTestApp();
  ({ key, categories } = await practiceContent(t.database.db));
  const a = await managerOnTrial(t.app);
  manager = { cookie: a.cookie, id: await meId(a.cookie), shopId: a.shop.id, subscriptionId: a.subscriptionId };
  const b = await managerOnTrial(t.app);
  otherManager = { cookie: b.cookie, id: await meId(b.cookie), shopId: b.shop.id };
  owner = await tech();
  sameShopTech = await tech();
  otherShopTech = await tech();
  independent = await tech();
  await join(owner, manager.shopId);
  await join(sameShopTech, manager.shopId);
  await join(otherShopTech, otherManager.shopId);
  // The owner's three tests: A1 70, A1 90, A2 50.
  await takeCategoryTest(t.app, owner.cookie, categories.get('A1') as string, key, 14);
  await takeCategoryTest(t.app, owner.cookie, categories.get('A1') as string, key, 18);
  await takeCategoryTest(t.app, owner.cookie, categories.get('A2') as string, key, 10);
  await takeCategoryTest(t.app, otherShopTech.cookie, categories.get('A5') as string, key, 20);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/me/analytics', () => {
  it('gives the owner their Overview, Trends and By Category with the right numbers', async () => {
    const r = await get('/api/v1/me/analytics', owner.cookie);
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const body = r.json();
    expect(body.overview).toMatchObject({
      testsTaken: 3,
      averageScore: 70,
      testsPassed: 2,
      passRate: 67,
      bestScore: 90,
      fullExams: 0,
    });
    expect(body.overview.secondsPractised).toBeGreaterThanOrEqual(0);
    expect(body.trend.points.map((p: { score: number }) => p.score)).toEqual([70, 90, 50]);
    expect(body.trend.points.map((p: { movingAverage: number }) => p.movingAverage)).toEqual([70, 80, 70]);
    expect(body.trend.points.map((p: { categoryCode: string }) => p.categoryCode)).toEqual(['A1', 'A1', 'A2']);
    expect(body.trend).toMatchObject({ average: 70, insight: 'neutral' });
    expect(body.categories.map((c: { code: string }) => c.code)).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'A6',
      'A7',
      'A8',
    ]);
    expect(body.categories[0]).toMatchObject({
      tests: 2,
      averageScore: 80,
      bestScore: 90,
      lastScore: 90,
      trend: 'improving',
    });
    expect(body.categories[1]).toMatchObject({
      tests: 1,
      averageScore: 50,
      bestScore: 50,
      lastScore: 50,
      trend: 'new',
    });
    expect(body.categories[2]).toMatchObject({ tests: 0, averageScore: null, bestScore: null, trend: 'new' });
  });

  it('counts a test at most an hour toward time practised, and open tests not at all', async () => {
    const person = await tech();
    const { session } = await takeCategoryTest(t.app, person.cookie, categories.get('A3') as string, key, 15);
    await t.database.db
      .update(testSessions)
      .set({ startedAt: new Date(Date.now() - 5 * 3600_000) })
      .where(eq(testSessions.id, session.id));
    await startTest(t.app, person.cookie, { kind: 'category', categoryId: categories.get('A3') as string });
    const body = (await get('/api/v1/me/analytics', person.cookie)).json();
    expect(body.overview.secondsPractised).toBe(3600);
    expect(body.overview.testsTaken).toBe(1);
    expect(body.trend.points).toHaveLength(1);
    expect(body.trend.insight).toBe('neutral');
  });

  it('gives the positive insight at 80 or more and the warning below 70', async () => {
    const good = await tech();
    await takeCategoryTest(t.app, good.cookie, categories.get('A4') as string, key, 16);
    expect((await get('/api/v1/me/analytics', good.cookie)).json().trend.insight).toBe('positive');
    const weak = await tech();
    await takeCategoryTest(t.app, weak.cookie, categories.get('A4') as string, key, 13);
    expect((await get('/api/v1/me/analytics', weak.cookie)).json().trend.insight).toBe('warning');
  });

  it("another technician sees only their own (empty) analytics, never the owner's", async () => {
    const body = (await get('/api/v1/me/analytics', sameShopTech.cookie)).json();
    expect(body.overview).toMatchObject({ testsTaken: 0, averageScore: 0, passRate: 0, bestScore: 0 });
    expect(body.trend).toEqual({ points: [], average: 0, insight: 'neutral' });
  });

  it('is for technicians: managers 403, anonymous 401', async () => {
    expect((await get('/api/v1/me/analytics', manager.cookie)).statusCode).toBe(403);
    expect((await get('/api/v1/me/analytics', otherManager.cookie)).statusCode).toBe(403);
    expect((await get('/api/v1/me/analytics')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/manager/analytics', () => {
  it("gives the manager their own shop's technicians, categories and weeks", async () => {
    const r = await get('/api/v1/manager/analytics', manager.cookie);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.overview).toEqual({
      technicians: 2,
      activeTechnicians: 1,
      testsTaken: 3,
      averageScore: 70,
      passRate: 67,
    });
    const ids = body.technicians.map((x: { id: string }) => x.id).sort();
    expect(ids).toEqual([owner.id, sameShopTech.id].sort());
    const row = body.technicians.find((x: { id: string }) => x.id === owner.id);
    expect(row).toMatchObject({ testsTaken: 3, averageScore: 70, passRate: 67, bestScore: 90 });
    expect(row.lastTestAt).not.toBeNull();
    expect(['A1', 'A2']).toContain(row.weakestCategory);
    const idle = body.technicians.find((x: { id: string }) => x.id === sameShopTech.id);
    expect(idle).toMatchObject({ testsTaken: 0, averageScore: null, passRate: null, lastTestAt: null });
    const a1 = body.categories.find((c: { code: string }) => c.code === 'A1');
    expect(a1).toMatchObject({ tests: 2, averageScore: 80, passRate: 100, technicians: 1 });
    expect(body.categories.find((c: { code: string }) => c.code === 'A5')).toMatchObject({ tests: 0 });
    expect(body.weeks).toHaveLength(12);
    expect(body.weeks.at(-1)).toMatchObject({ tests: 3, averageScore: 70 });
    expect(body.weeks[0]).toMatchObject({ tests: 0, averageScore: null });
    expect(new Date(`${body.weeks.at(-1).weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it("another shop's manager sees their own shop only", async () => {
    const body = (await get('/api/v1/manager/analytics', otherManager.cookie)).json();
    expect(body.technicians.map((x: { id: string }) => x.id)).toEqual([otherShopTech.id]);
    expect(body.overview.testsTaken).toBe(1);
  });

  it('refuses technicians (403) and anonymous (401)', async () => {
    expect((await get('/api/v1/manager/analytics', owner.cookie)).statusCode).toBe(403);
    expect((await get('/api/v1/manager/analytics', otherShopTech.cookie)).statusCode).toBe(403);
    expect((await get('/api/v1/manager/analytics')).statusCode).toBe(401);
  });

  it('refuses a manager without an entitling subscription (403 SUBSCRIPTION_REQUIRED)', async () => {
    const noPlan = await managerWithShop(t.app);
    const r = await get('/api/v1/manager/analytics', noPlan.cookie);
    expect(r.statusCode).toBe(403);
    expect(r.json().error.code).toBe('SUBSCRIPTION_REQUIRED');
  });

  it('refuses a shop whose plan does not list analytics (403 FEATURE_NOT_INCLUDED)', async () => {
    const other = await managerOnTrial(t.app);
    const sub = firstOf(
      await t.database.db
        .select({ planId: subscriptions.planId })
        .from(subscriptions)
        .where(eq(subscriptions.id, other.subscriptionId)),
    );
    const plan = firstOf(
      await t.database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, sub.planId)),
    );
    await t.database.db
      .update(subscriptionPlans)
      .set({ features: plan.features.filter((f) => !/analytics/i.test(f)) })
      .where(eq(subscriptionPlans.id, plan.id));
    try {
      const r = await get('/api/v1/manager/analytics', other.cookie);
      expect(r.statusCode).toBe(403);
      expect(r.json().error).toMatchObject({
        code: 'FEATURE_NOT_INCLUDED',
        message: 'Your subscription does not include this feature.',
      });
    } finally {
      await t.database.db
        .update(subscriptionPlans)
        .set({ features: plan.features })
        .where(eq(subscriptionPlans.id, plan.id));
    }
  });
});

describe('GET /api/v1/manager/technicians/:techId/analytics', () => {
  const url = (id: string) => `/api/v1/manager/technicians/${encodeURIComponent(id)}/analytics`;

  it("gives the same-shop manager the technician's name, analytics and mastery", async () => {
    const r = await get(url(owner.id), manager.cookie);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.technician).toMatchObject({ id: owner.id, fullName: 'Tina Tech' });
    expect(body.analytics.overview).toMatchObject({ testsTaken: 3, averageScore: 70, bestScore: 90 });
    expect(body.analytics.trend.points).toHaveLength(3);
    const a1 = body.mastery.categories.find((c: { code: string }) => c.code === 'A1');
    expect(a1).toMatchObject({ questionsAttempted: 40, correctAnswers: 32 });
  });

  it("answers 404 to another shop's manager, for unknown ids and for a manager's id", async () => {
    expect((await get(url(owner.id), otherManager.cookie)).statusCode).toBe(404);
    expect((await get(url(otherShopTech.id), manager.cookie)).statusCode).toBe(404);
    expect((await get(url(independent.id), manager.cookie)).statusCode).toBe(404);
    expect((await get(url('no-such-user'), manager.cookie)).statusCode).toBe(404);
    expect((await get(url(manager.id), manager.cookie)).statusCode).toBe(404);
  });

  it('refuses the technician themselves and other technicians (403), and anonymous (401)', async () => {
    expect((await get(url(owner.id), owner.cookie)).statusCode).toBe(403);
    expect((await get(url(owner.id), sameShopTech.cookie)).statusCode).toBe(403);
    expect((await get(url(owner.id))).statusCode).toBe(401);
  });

  it('validates the id (400 for an overlong one)', async () => {
    expect((await get(url('x'.repeat(65)), manager.cookie)).statusCode).toBe(400);
  });
});
