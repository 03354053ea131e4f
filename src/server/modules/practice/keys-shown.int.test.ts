import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstN, firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpManager, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import {
  aseCategories,
  profiles,
  questionKeysShown,
  questions,
  reviewCards,
  shops,
  testAssignments,
} from '../../db/schema';

/**
 * A key counts as seen the moment the server reveals it, in every kind of session, so an
 * assigned test avoids it, whether or not the test that revealed it was ever submitted.
 */
let t: TestApp;
let a4: string;
beforeAll(async () => {
  t = await createTestApp();
  const cats = await t.database.db.select().from(aseCategories);
  a4 = cats.find((c) => c.code === 'A4')?.id as string;
});
afterAll(async () => {
  await t.close();
});

type Slot = { position: number; question: { id: string } };
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, payload: payload as never });

async function technicianOfShop(shopCode: string) {
  const manager = await signUpManager(t.app, shopCode);
  if (!manager.response.json().user) throw new Error(manager.response.body);
  const managerId = manager.response.json().user.id as string;
  const shop = firstOf(
    await t.database.db
      .insert(shops)
      .values({ name: `Bay ${shopCode}`, type: 'independent', shopCode, managerId })
      .returning(),
  );
  const { cookie, response } = await signUpTech(t.app);
  const id = response.json().user.id as string;
  await t.database.db.update(profiles).set({ shopId: shop.id }).where(eq(profiles.id, id));
  const assign = async () => {
    const assignment = firstOf(
      await t.database.db
        .insert(testAssignments)
        .values({ managerId, techId: id, shopId: shop.id, categoryId: a4, dueDate: new Date(Date.now() + 864e5) })
        .returning(),
    );
    return assignment.id;
  };
  return { cookie, id, assign };
}

describe('keys revealed by instant feedback count as seen', () => {
  it('an unsubmitted instant-feedback "missed" test built from a blank exam: the assigned test avoids its keys', async () => {
    // 40 active A4 questions, so the assigned test's 20 must be exactly the 20 whose keys were not revealed.
    const pool = await t.database.db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.categoryId, a4), eq(questions.pool, 'practice'), eq(questions.active, true)))
      .orderBy(questions.id);
    const kept = pool.slice(0, 40).map((q) => q.id);
    await t.database.db
      .update(questions)
      .set({ active: false })
      .where(and(eq(questions.categoryId, a4), eq(questions.pool, 'practice'), notInArray(questions.id, kept)));
    try {
      const tech = await technicianOfShop('SHOPKEYS30');
      expect((await call(tech.cookie, 'PATCH', '/api/v1/me/preferences', { instantFeedback: true })).statusCode).toBe(
        200,
      );
      // A blank exam, submitted: its review shows no key, and every question counts as missed.
      const exam = (await call(tech.cookie, 'POST', '/api/v1/test-sessions', { kind: 'exam', categoryId: a4 })).json();
      expect((await call(tech.cookie, 'POST', `/api/v1/test-sessions/${exam.id}/submit`)).statusCode).toBe(200);
      const missed = await call(tech.cookie, 'POST', '/api/v1/test-sessions', { kind: 'missed', sessionId: exam.id });
      expect(missed.statusCode).toBe(201);
      expect(missed.json()).toMatchObject({ origin: 'missed', instantFeedback: true });
      const slots: Slot[] = missed.json().slots;
      expect(new Set(slots.map((s) => s.question.id)).size).toBe(40);

      // Half of them answered: each reply reveals the key. The test is never submitted.
      const revealed = new Set<string>();
      for (const slot of slots.slice(0, 20)) {
        const saved = await call(
          tech.cookie,
          'PUT',
          `/api/v1/test-sessions/${missed.json().id}/answers/${slot.position}`,
          {
            answer: 'A',
          },
        );
        expect(saved.json().reveal.correctAnswer).toMatch(/^[ABCD]$/);
        revealed.add(slot.question.id);
      }

      const assigned = await call(tech.cookie, 'POST', '/api/v1/test-sessions', {
        kind: 'category',
        categoryId: a4,
        assignmentId: await tech.assign(),
      });
      expect(assigned.statusCode).toBe(201);
      const ids = (assigned.json().slots as Slot[]).map((s) => s.question.id);
      expect(ids).toHaveLength(20);
      expect(ids.filter((id) => revealed.has(id))).toEqual([]);
    } finally {
      await t.database.db
        .update(questions)
        .set({ active: true })
        .where(and(eq(questions.categoryId, a4), eq(questions.pool, 'practice')));
    }
  });

  it('a review-deck answer records its key as seen now', async () => {
    const tech = await technicianOfShop('SHOPKEYS31');
    const question = firstOf(
      await t.database.db
        .select({ id: questions.id })
        .from(questions)
        .where(and(eq(questions.categoryId, a4), eq(questions.pool, 'practice')))
        .limit(1),
    );
    const longAgo = new Date(Date.now() - 40 * 864e5);
    await t.database.db.insert(reviewCards).values({ userId: tech.id, questionId: question.id, due: new Date(0) });
    await t.database.db
      .insert(questionKeysShown)
      .values({ userId: tech.id, questionId: question.id, shownAt: longAgo });
    const before = Date.now();
    const answered = await call(tech.cookie, 'POST', `/api/v1/me/review/cards/${question.id}/answer`, { answer: 'B' });
    expect(answered.statusCode).toBe(200);
    const shown = firstOf(
      await t.database.db
        .select()
        .from(questionKeysShown)
        .where(and(eq(questionKeysShown.userId, tech.id), inArray(questionKeysShown.questionId, [question.id]))),
    );
    expect(shown.shownAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a submit records the keys its review shows, and only those (an exam blank stays unseen)', async () => {
    const tech = await technicianOfShop('SHOPKEYS32');
    const exam = (await call(tech.cookie, 'POST', '/api/v1/test-sessions', { kind: 'exam', categoryId: a4 })).json();
    const [first, second] = firstN(exam.slots as Slot[], 2);
    await call(tech.cookie, 'PUT', `/api/v1/test-sessions/${exam.id}/answers/${first.position}`, { answer: 'C' });
    expect((await call(tech.cookie, 'POST', `/api/v1/test-sessions/${exam.id}/submit`)).statusCode).toBe(200);
    const shown = await t.database.db
      .select({ questionId: questionKeysShown.questionId })
      .from(questionKeysShown)
      .where(eq(questionKeysShown.userId, tech.id));
    expect(shown.map((s) => s.questionId)).toContain(first.question.id);
    expect(shown.map((s) => s.questionId)).not.toContain(second.question.id);
  });
});
