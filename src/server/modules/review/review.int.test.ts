import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerOnTrial } from '../../../../tests/fixtures/billing';
import {
  answerTest,
  practiceContent,
  startTest,
  submitTest,
  takeCategoryTest,
} from '../../../../tests/fixtures/practice';
import { firstN, firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { REVIEW_SESSION_SIZE } from '../../../domain/review';
import { reviewCards, testSessions, userCategoryMastery, userQuestionProgress } from '../../db/schema';

let t: TestApp;
let content: Awaited<ReturnType<typeof practiceContent>>;
beforeAll(async () => {
  t = await createTestApp({ REVIEW_ANSWERS_PER_MINUTE: '1000' });
  content = await practiceContent(t.database.db);
});
afterAll(async () => {
  await t.close();
});

async function tech() {
  const { cookie, response } = await signUpTech(t.app);
  return { cookie, id: response.json().user.id as string };
}
const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const answer = (cookie: string, questionId: string, letter: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/me/review/cards/${questionId}/answer`,
    headers: cookie ? { cookie } : {},
    payload: { answer: letter },
  });
const wrongOf = (letter: string) => (letter === 'A' ? 'B' : 'A');
const a1 = () => content.categories.get('A1') as string;
const cardsOf = (userId: string) => t.database.db.select().from(reviewCards).where(eq(reviewCards.userId, userId));

describe('the submit adds missed questions to the deck', () => {
  it('adds each question answered wrong once, due at once, and a repeat submit adds nothing', async () => {
    const { cookie, id } = await tech();
    const { session } = await takeCategoryTest(t.app, cookie, a1(), content.key, 15);
    const missed = session.slots.filter((s) => s.position >= 15).map((s) => s.question.id);
    const cards = await cardsOf(id);
    expect(cards.map((c) => c.questionId).sort()).toEqual([...missed].sort());
    expect(cards.every((c) => c.state === 0 && c.reps === 0)).toBe(true);
    const completed = firstOf(await t.database.db.select().from(testSessions).where(eq(testSessions.id, session.id)));
    expect(cards.every((c) => c.due.getTime() === completed.completedAt?.getTime())).toBe(true);

    expect((await submitTest(t.app, cookie, session.id)).statusCode).toBe(200);
    expect(await cardsOf(id)).toHaveLength(5);
    const summary = (await get(cookie, '/api/v1/me/review')).json();
    expect(summary).toMatchObject({ dueNow: 5, dueToday: 5, learning: 5, mastered: 0, total: 5 });
  });

  it('adds an exam question answered wrong (blanks are not answers) and keeps one row per question', async () => {
    const { cookie, id } = await tech();
    const exam = await startTest(t.app, cookie, { kind: 'exam', categoryId: a1() });
    // 10 answered: 8 right, 2 wrong; the rest left blank.
    await answerTest(t.app, cookie, exam, content.key, 8, 10);
    expect((await submitTest(t.app, cookie, exam.id)).statusCode).toBe(200);
    const wrong = exam.slots.filter((s) => s.position >= 8 && s.position < 10).map((s) => s.question.id);
    expect((await cardsOf(id)).map((c) => c.questionId).sort()).toEqual([...new Set(wrong)].sort());
  });

  it('brings a card already in the deck due again when the question is missed again, without a second row', async () => {
    const { cookie, id } = await tech();
    const { session } = await takeCategoryTest(t.app, cookie, a1(), content.key, 19);
    const missed = session.slots[19]!.question.id;
    await t.database.db
      .update(reviewCards)
      .set({ due: new Date(Date.now() + 30 * 86_400_000), state: 2, scheduledDays: 30, reps: 3 })
      .where(eq(reviewCards.userId, id));
    // A second test with the same question in its first slot, missed again.
    const second = await startTest(t.app, cookie, { kind: 'category', categoryId: a1() });
    await t.database.db.execute(
      sql`update test_answers set question_id = ${missed} where session_id = ${second.id} and position = 0`,
    );
    for (const slot of second.slots) {
      const questionId = slot.position === 0 ? missed : slot.question.id;
      const letter = content.key.get(questionId) as string;
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/test-sessions/${second.id}/answers/${slot.position}`,
        headers: { cookie },
        payload: { answer: slot.position === 0 ? wrongOf(letter) : letter },
      });
    }
    expect((await submitTest(t.app, cookie, second.id)).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, id), eq(reviewCards.questionId, missed)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.due.getTime()).toBeLessThanOrEqual(Date.now());
    expect(rows[0]).toMatchObject({ state: 2, reps: 3 });
  });
});

describe('a review session', () => {
  it('shows up to 20 due cards, oldest due first, without keys', async () => {
    const { cookie, id } = await tech();
    await takeCategoryTest(t.app, cookie, a1(), content.key, 0);
    await takeCategoryTest(t.app, cookie, content.categories.get('A2') as string, content.key, 0);
    const cards = await cardsOf(id);
    expect(cards.length).toBeGreaterThan(REVIEW_SESSION_SIZE);
    // Spread the due times out so the order is testable; one card is not due yet.
    const ids = cards.map((c) => c.questionId).sort();
    for (const [i, questionId] of ids.entries()) {
      await t.database.db
        .update(reviewCards)
        .set({ due: new Date(Date.now() - (i + 1) * 60_000) })
        .where(and(eq(reviewCards.userId, id), eq(reviewCards.questionId, questionId)));
    }
    await t.database.db
      .update(reviewCards)
      .set({ due: new Date(Date.now() + 3_600_000) })
      .where(and(eq(reviewCards.userId, id), eq(reviewCards.questionId, ids[0]!)));
    const r = await get(cookie, '/api/v1/me/review/cards');
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.cards).toHaveLength(REVIEW_SESSION_SIZE);
    expect(body.cards.map((c: { questionId: string }) => c.questionId)).toEqual(ids.slice(1).reverse().slice(0, 20));
    expect(r.body).not.toMatch(/"(correctAnswer|explanation|whyWrong)":/);
    expect(['easy', 'medium', 'hard']).toContain(body.cards[0].difficulty);
  });

  it('a right answer pushes the card out, a wrong one brings it back soon; scores and mastery are untouched', async () => {
    const { cookie, id } = await tech();
    await takeCategoryTest(t.app, cookie, a1(), content.key, 18);
    const [first, second] = firstN(
      (await get(cookie, '/api/v1/me/review/cards')).json().cards as { questionId: string }[],
      2,
    );
    const before = {
      sessions: await t.database.db.select().from(testSessions).where(eq(testSessions.techId, id)),
      progress: await t.database.db.select().from(userQuestionProgress).where(eq(userQuestionProgress.userId, id)),
      mastery: await t.database.db.select().from(userCategoryMastery).where(eq(userCategoryMastery.userId, id)),
    };

    const right = await answer(cookie, first.questionId, content.key.get(first.questionId) as string);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ correct: true, correctAnswer: content.key.get(first.questionId) });
    expect(typeof right.json().explanation).toBe('string');
    const key = content.key.get(second.questionId) as string;
    const wrong = await answer(cookie, second.questionId, wrongOf(key));
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toMatchObject({ correct: false, correctAnswer: key });
    expect(Object.keys(wrong.json().whyWrong)).not.toContain(key);
    const rightDue = new Date(right.json().nextDueAt).getTime();
    const wrongDue = new Date(wrong.json().nextDueAt).getTime();
    expect(wrongDue).toBeLessThan(rightDue);
    expect(wrongDue - Date.now()).toBeLessThan(15 * 60_000);

    // The answered cards are not due: a repeat (double click) is 409 and reschedules nothing.
    const again = await answer(cookie, first.questionId, 'A');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CARD_NOT_DUE');
    const card = firstOf(
      await t.database.db
        .select()
        .from(reviewCards)
        .where(and(eq(reviewCards.userId, id), eq(reviewCards.questionId, first.questionId))),
    );
    expect(card.reps).toBe(1);

    expect(await t.database.db.select().from(testSessions).where(eq(testSessions.techId, id))).toEqual(before.sessions);
    expect(await t.database.db.select().from(userQuestionProgress).where(eq(userQuestionProgress.userId, id))).toEqual(
      before.progress,
    );
    expect(await t.database.db.select().from(userCategoryMastery).where(eq(userCategoryMastery.userId, id))).toEqual(
      before.mastery,
    );
    const summary = (await get(cookie, '/api/v1/me/review')).json();
    expect(summary).toMatchObject({ dueNow: 0, total: 2 });
    expect(summary.nextDueAt).not.toBeNull();
  });

  it('validates the answer and the question id', async () => {
    const { cookie } = await tech();
    expect((await answer(cookie, 'a1-0001', 'E')).statusCode).toBe(400);
    expect((await answer(cookie, 'NOT A ID', 'A')).statusCode).toBe(400);
    expect((await answer(cookie, 'a1-0001', 'A')).statusCode).toBe(404);
  });

  it('limits review answers per user', async () => {
    const limited = await createTestApp({ REVIEW_ANSWERS_PER_MINUTE: '2' }, undefined, { database: t.database });
    try {
      const { cookie } = await signUpTech(limited.app);
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/me/review/cards/a1-0001/answer',
          headers: { cookie },
          payload: { answer: 'A' },
        });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('who may call the review routes', () => {
  it('owner yes; another technician sees their own (empty) deck and 404 for the card; manager 403; anonymous 401', async () => {
    const owner = await tech();
    await takeCategoryTest(t.app, owner.cookie, a1(), content.key, 19);
    const card = firstOf(await cardsOf(owner.id));
    const other = await tech();
    const manager = await managerOnTrial(t.app);

    expect((await get(owner.cookie, '/api/v1/me/review/cards')).json().cards).toHaveLength(1);
    expect((await get(other.cookie, '/api/v1/me/review/cards')).json()).toEqual({ cards: [] });
    expect((await get(other.cookie, '/api/v1/me/review')).json()).toMatchObject({ dueNow: 0, total: 0 });
    expect((await answer(other.cookie, card.questionId, 'A')).statusCode).toBe(404);
    for (const url of ['/api/v1/me/review', '/api/v1/me/review/cards']) {
      expect((await get(manager.cookie, url)).statusCode).toBe(403);
      expect((await get('', url)).statusCode).toBe(401);
    }
    expect((await answer(manager.cookie, card.questionId, 'A')).statusCode).toBe(403);
    expect((await answer('', card.questionId, 'A')).statusCode).toBe(401);
    // The owner's card is untouched by all that.
    const after = firstOf(await cardsOf(owner.id));
    expect(after.reps).toBe(0);
  });
});
