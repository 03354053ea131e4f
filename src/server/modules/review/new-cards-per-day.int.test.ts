import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { NEW_CARDS_PER_DAY } from '../../../domain/review-pace';
import { questions, reviewCards } from '../../db/schema';

/**
 * One missed exam does not put every miss in the deck for day one. At most NEW_CARDS_PER_DAY (20)
 * new cards come due a day, counting the new ones still waiting, as Anki introduces new cards.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Letter = 'A' | 'B' | 'C' | 'D';
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, payload: payload as never });

/** A full exam with every answer wrong, submitted; its submission time. */
async function missedExam(cookie: string): Promise<Date> {
  const exam = (await call(cookie, 'POST', '/api/v1/test-sessions', { kind: 'exam', categoryId: null })).json() as {
    id: string;
    slots: { position: number; question: { id: string } }[];
  };
  const keys = new Map(
    (
      await t.database.db
        .select({ id: questions.id, answer: questions.correctAnswer })
        .from(questions)
        .where(inArray(questions.id, [...new Set(exam.slots.map((s) => s.question.id))]))
    ).map((r) => [r.id, r.answer as Letter]),
  );
  for (const slot of exam.slots) {
    const answer = keys.get(slot.question.id) === 'A' ? 'B' : 'A';
    expect(
      (await call(cookie, 'PUT', `/api/v1/test-sessions/${exam.id}/answers/${slot.position}`, { answer })).statusCode,
    ).toBe(200);
  }
  const submitted = await call(cookie, 'POST', `/api/v1/test-sessions/${exam.id}/submit`);
  expect(submitted.statusCode).toBe(200);
  return new Date(submitted.json().completedAt);
}

/** The deck's cards by how many whole days after `from` each is first due. */
async function cardsByDay(userId: string, from: Date): Promise<number[]> {
  const rows = await t.database.db
    .select({ due: reviewCards.due })
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), eq(reviewCards.state, 0)));
  const days: number[] = [];
  for (const { due } of rows) {
    const day = Math.round((new Date(due).getTime() - from.getTime()) / 86_400_000);
    days[day] = (days[day] ?? 0) + 1;
  }
  return Array.from(days, (n) => n ?? 0);
}

describe('new review cards a day', () => {
  it('a missed 60-question exam brings 20 cards due today, 20 tomorrow, the rest the day after', async () => {
    const { cookie, response } = await signUpTech(t.app);
    expect(response.statusCode).toBe(201);
    const userId = response.json().user.id as string;
    const at = await missedExam(cookie);
    const byDay = await cardsByDay(userId, at);
    const total = byDay.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(2 * NEW_CARDS_PER_DAY);
    expect(byDay.slice(0, 2)).toEqual([NEW_CARDS_PER_DAY, NEW_CARDS_PER_DAY]);
    expect(byDay[2]).toBe(total - 2 * NEW_CARDS_PER_DAY);

    const deck = (await call(cookie, 'GET', '/api/v1/me/review')).json();
    expect(deck).toMatchObject({ dueNow: NEW_CARDS_PER_DAY, total });

    // A second missed exam: its new cards queue behind the ones still waiting; one already in the deck
    // keeps its place or comes due sooner, never later.
    const before = new Map(
      (await t.database.db.select().from(reviewCards).where(eq(reviewCards.userId, userId))).map((c) => [
        c.questionId,
        new Date(c.due).getTime(),
      ]),
    );
    const second = await missedExam(cookie);
    const after = await t.database.db.select().from(reviewCards).where(eq(reviewCards.userId, userId));
    const added = after.filter((c) => !before.has(c.questionId));
    expect(added.length).toBeGreaterThan(0);
    const firstDayOfNew = Math.min(
      ...added.map((c) => Math.round((new Date(c.due).getTime() - second.getTime()) / 86_400_000)),
    );
    expect(firstDayOfNew).toBe(Math.floor(total / NEW_CARDS_PER_DAY));
    for (const card of after.filter((c) => before.has(c.questionId))) {
      expect(new Date(card.due).getTime()).toBeLessThanOrEqual(before.get(card.questionId) as number);
    }
  });
});
