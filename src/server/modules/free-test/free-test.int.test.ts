import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app';
import { loadContent } from '../../db/content';

const key = loadContent(process.env.CONTENT_DIR || undefined).freeTest;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('free test API', () => {
  it('lists the five questions in order without keys or explanations', async () => {
    const response = await t.app.inject('/api/v1/free-test');
    expect(response.statusCode).toBe(200);
    const { questions } = response.json();
    expect(questions.map((q: { id: string }) => q.id)).toEqual(['free-1', 'free-2', 'free-3', 'free-4', 'free-5']);
    expect(response.body).not.toMatch(/"(answer|correctAnswer|explanation|whyWrong)":/);
  });

  it('reveals the key, the explanation and why a wrong choice is wrong after a choice', async () => {
    const q = key[0]!;
    const wrong = q.answer === 'A' ? 'B' : 'A';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/free-test/check',
      payload: { questionId: q.id, answer: wrong },
    });
    expect(response.json()).toEqual({
      questionId: q.id,
      selected: wrong,
      correct: false,
      correctAnswer: q.answer,
      explanation: q.explanation,
      whyWrong: q.whyWrong[wrong],
      // The Spanish words, where the item has them (ADR 0024), by the same rule.
      es: q.es ? { explanation: q.es.explanation, whyWrong: q.es.whyWrong[wrong] } : null,
    });
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/v1/free-test/check',
      payload: { questionId: q.id, answer: q.answer },
    });
    expect(right.json()).toMatchObject({ correct: true, whyWrong: null });
  });

  it('rejects letters outside A–D and questions outside the free test', async () => {
    const badLetter = await t.app.inject({
      method: 'POST',
      url: '/api/v1/free-test/check',
      payload: { questionId: 'free-1', answer: 'E' },
    });
    expect(badLetter.statusCode).toBe(400);
    expect(badLetter.json().error.message).toBe('Answer must be one of A, B, C or D');
    const practice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/free-test/check',
      payload: { questionId: 'a1-0001', answer: 'A' },
    });
    expect(practice.statusCode).toBe(404);
  });

  it('scores 69/70 boundaries the spec way: 3 of 5 is 60% (fail), 4 of 5 is 80% (pass)', async () => {
    const answers = (n: number) =>
      Object.fromEntries(key.map((q, i) => [q.id, i < n ? q.answer : q.answer === 'A' ? 'B' : 'A']));
    const three = await t.app.inject({
      method: 'POST',
      url: '/api/v1/free-test/result',
      payload: { answers: answers(3) },
    });
    expect(three.json()).toEqual({ correct: 3, total: 5, score: 60, passed: false });
    const four = await t.app.inject({
      method: 'POST',
      url: '/api/v1/free-test/result',
      payload: { answers: answers(4) },
    });
    expect(four.json()).toEqual({ correct: 4, total: 5, score: 80, passed: true });
  });
});
