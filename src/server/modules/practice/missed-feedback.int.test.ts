import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { aseCategories, questions } from '../../db/schema';

/**
 * Practising the questions just missed always explains each answer as it is chosen, whatever the
 * technician's instant-feedback setting; a plain category test still follows the setting.
 */
let t: TestApp;
let a1: string;
beforeAll(async () => {
  t = await createTestApp();
  const cats = await t.database.db.select().from(aseCategories);
  a1 = cats.find((c) => c.code === 'A1')?.id as string;
});
afterAll(async () => {
  await t.close();
});

type Letter = 'A' | 'B' | 'C' | 'D';
type View = { id: string; origin: string; instantFeedback: boolean; slots: { question: { id: string } }[] };
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, payload: payload as never });

async function keysOf(view: View): Promise<Map<string, Letter>> {
  const ids = view.slots.map((s) => s.question.id);
  const rows = await t.database.db
    .select({ id: questions.id, answer: questions.correctAnswer })
    .from(questions)
    .where(inArray(questions.id, ids));
  return new Map(rows.map((r) => [r.id, r.answer as Letter]));
}

describe('instant feedback in a "missed" practice', () => {
  it('is on for the missed questions even with the setting off; the category test before it was not', async () => {
    const { cookie } = await signUpTech(t.app);
    expect((await call(cookie, 'PATCH', '/api/v1/me/preferences', { instantFeedback: false })).statusCode).toBe(200);
    const started = await call(cookie, 'POST', '/api/v1/test-sessions', { kind: 'category', categoryId: a1 });
    expect(started.statusCode).toBe(201);
    const test = started.json() as View;
    expect(test.instantFeedback).toBe(false);
    const keys = await keysOf(test);
    for (const [position, slot] of test.slots.entries()) {
      const key = keys.get(slot.question.id) as Letter;
      const answer = position < 3 ? (key === 'A' ? 'B' : 'A') : key;
      const saved = await call(cookie, 'PUT', `/api/v1/test-sessions/${test.id}/answers/${position}`, { answer });
      expect(saved.json().reveal).toBeNull();
    }
    expect((await call(cookie, 'POST', `/api/v1/test-sessions/${test.id}/submit`)).statusCode).toBe(200);

    const missedStart = await call(cookie, 'POST', '/api/v1/test-sessions', { kind: 'missed', sessionId: test.id });
    expect(missedStart.statusCode).toBe(201);
    const missed = missedStart.json() as View;
    expect(missed).toMatchObject({ origin: 'missed', instantFeedback: true });
    expect(missed.slots).toHaveLength(3);
    const key = (await keysOf(missed)).get(missed.slots[0]!.question.id) as Letter;
    const saved = await call(cookie, 'PUT', `/api/v1/test-sessions/${missed.id}/answers/0`, { answer: key });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().reveal).toMatchObject({ correctAnswer: key, correct: true });
    expect(saved.json().reveal.explanation.length).toBeGreaterThan(10);
  });
});
