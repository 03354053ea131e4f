import { eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOf } from '../../../tests/fixtures/present';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';
import {
  authUsers,
  profiles,
  shops,
  techTestTotals,
  testAssignments,
  testSessions,
  userCategoryMastery,
} from './schema';
import { DEMO_SHOP_CODE, type SignUp, seedDemo } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('seedDemo (npm run seed:demo)', () => {
  it('leaves nothing behind when it fails part-way, so the next run starts afresh', async () => {
    let calls = 0;
    const failing: SignUp = async (person) => {
      calls += 1;
      if (calls === 3) throw new Error('sign-up failed');
      return (await t.app.auth.api.signUpEmail({ body: person })).user.id;
    };
    await expect(seedDemo(t.database.db, failing)).rejects.toThrow('sign-up failed');
    const demoUsers = await t.database.db
      .select()
      .from(authUsers)
      .where(inArray(authUsers.email, ['manager@demo.torqueprep.test', 'alex@demo.torqueprep.test']));
    expect(demoUsers).toEqual([]);
    expect(await t.database.db.select().from(shops).where(eq(shops.shopCode, DEMO_SHOP_CODE))).toEqual([]);
  });

  it('creates the shop, accounts that sign in, a history through the real submit and an assignment; only once', async () => {
    const signUp: SignUp = async (person) => (await t.app.auth.api.signUpEmail({ body: person })).user.id;
    const created = await seedDemo(t.database.db, signUp);
    expect(created?.map((c) => c.role)).toEqual(['manager', 'tech', 'tech', 'tech']);

    const db = t.database.db;
    const shop = firstOf(await db.select().from(shops).where(eq(shops.shopCode, DEMO_SHOP_CODE)));
    expect(shop.name).toBe('Demo Auto Repair');
    expect(await db.select().from(profiles).where(eq(profiles.shopId, shop.id))).toHaveLength(4);
    const completed = await db.select().from(testSessions).where(isNotNull(testSessions.completedAt));
    expect(completed).toHaveLength(14 + 9 + 4);
    for (const session of completed) {
      expect(session.score).not.toBeNull();
      expect(session.completedAt?.getTime()).toBeLessThan(Date.now());
    }
    // What a submit records followed each test: the technicians' totals and their category mastery.
    expect((await db.select().from(techTestTotals)).map((row) => row.testsCompleted).sort((a, b) => a - b)).toEqual([
      4, 9, 14,
    ]);
    expect((await db.select().from(userCategoryMastery)).length).toBeGreaterThanOrEqual(8);
    expect(await db.select().from(testAssignments).where(eq(testAssignments.shopId, shop.id))).toHaveLength(1);

    const manager = created?.[0];
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { origin: t.app.config.BASE_URL },
      payload: { email: manager?.email, password: manager?.password },
    });
    expect(signIn.statusCode).toBe(200);

    expect(await seedDemo(db, signUp)).toBeNull();
  });
});
