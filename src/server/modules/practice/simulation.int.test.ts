import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpManager, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { simulationAreaCounts } from '../../../domain/ase-simulation';
import { aseCategories, questions, testAnswers, testSessions } from '../../db/schema';

/** The ASE simulation (ADR 0021) through the real HTTP app. */
let t: TestApp;
let a5: {
  id: string;
  areas: { name: string; share: number }[];
  simulation: { scoredQuestions: number; minutes: number };
};
const key = new Map<string, 'A' | 'B' | 'C' | 'D'>();
const areaOf = new Map<string, string>();

beforeAll(async () => {
  // Exams shortened to 60 s: a simulation's 75 minutes scale to 75 s (simulationSeconds).
  t = await createTestApp({ EXAM_DURATION_SECONDS: '60' });
  const row = firstOf(await t.database.db.select().from(aseCategories).where(eq(aseCategories.code, 'A5')));
  a5 = {
    id: row.id,
    areas: row.contentAreas,
    simulation: row.simulation as { scoredQuestions: number; minutes: number },
  };
  for (const q of await t.database.db
    .select({ id: questions.id, a: questions.correctAnswer, area: questions.contentArea })
    .from(questions)) {
    key.set(q.id, q.a);
    areaOf.set(q.id, q.area);
  }
});
afterAll(async () => {
  await t.close();
});

const inject = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });
type Slot = { position: number; question: { id: string } };

async function startSimulation(cookie: string) {
  const r = await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'simulation', categoryId: a5.id });
  expect(r.statusCode).toBe(201);
  return r.json() as { id: string; kind: string; origin: string; deadlineAt: string; startedAt: string; slots: Slot[] };
}

describe('ASE simulation', () => {
  it('lists each category with its real test length and time', async () => {
    const body = (await inject('', 'GET', '/api/v1/categories')).json();
    const row = body.categories.find((c: { code: string }) => c.code === 'A5');
    expect(row.simulation).toEqual({ scoredQuestions: 45, minutes: 75 });
  });

  it('starts the real test: 45 scored questions in the table proportions plus 10 unscored, no repeats, no key, ASE time', async () => {
    const { cookie } = await signUpTech(t.app);
    const session = await startSimulation(cookie);
    expect(session.kind).toBe('exam');
    expect(session.origin).toBe('simulation');
    expect(session.slots).toHaveLength(55);
    expect(new Set(session.slots.map((s) => s.question.id)).size).toBe(55);
    // Nothing in the runner's view tells an unscored item apart, and no key or explanation is sent.
    expect(JSON.stringify(session)).not.toMatch(/"(scored|correctAnswer|explanation|whyWrong)":/);
    expect(new Date(session.deadlineAt).getTime() - new Date(session.startedAt).getTime()).toBe(75_000);

    const rows = await t.database.db.select().from(testAnswers).where(eq(testAnswers.sessionId, session.id));
    const scored = rows.filter((r) => r.scored);
    expect(scored).toHaveLength(45);
    const counts = simulationAreaCounts(a5.areas, 45);
    for (const [area, n] of counts) expect(scored.filter((r) => areaOf.get(r.questionId) === area)).toHaveLength(n);
  });

  it('scores only the scored items; the report gives each content area correct of asked and marks unscored items', async () => {
    const { cookie } = await signUpTech(t.app);
    const session = await startSimulation(cookie);
    const rows = await t.database.db.select().from(testAnswers).where(eq(testAnswers.sessionId, session.id));
    const scoredAt = new Map(rows.map((r) => [r.position, r.scored]));
    // Every scored item right, every unscored item wrong: 100 %.
    for (const s of session.slots) {
      const right = key.get(s.question.id) as string;
      const answer = scoredAt.get(s.position) ? right : right === 'A' ? 'B' : 'A';
      expect(
        (await inject(cookie, 'PUT', `/api/v1/test-sessions/${session.id}/answers/${s.position}`, { answer }))
          .statusCode,
      ).toBe(200);
    }
    const submit = await inject(cookie, 'POST', `/api/v1/test-sessions/${session.id}/submit`);
    expect(submit.statusCode).toBe(200);
    const results = submit.json();
    expect(results).toMatchObject({ score: 100, correct: 45, total: 45, passed: true });
    expect(results.areas.reduce((n: number, a: { total: number }) => n + a.total, 0)).toBe(45);
    expect(results.areas.every((a: { correct: number; total: number }) => a.correct === a.total)).toBe(true);
    expect(results.review).toHaveLength(55);
    expect(results.review.filter((r: { scored: boolean }) => !r.scored)).toHaveLength(10);

    const [row] = await t.database.db.select().from(testSessions).where(eq(testSessions.id, session.id));
    expect(row).toMatchObject({ score: 100, correctAnswers: 45, origin: 'simulation' });
    // The stored result reads back the same, and the dashboard history counts it out of 45.
    const read = (await inject(cookie, 'GET', `/api/v1/test-sessions/${session.id}`)).json();
    expect(read.results).toMatchObject({ score: 100, correct: 45, total: 45 });
    const dashboard = (await inject(cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(dashboard.history.find((h: { id: string }) => h.id === session.id)).toMatchObject({
      correct: 45,
      total: 45,
    });
  });

  it('resumes its own open simulation, separately from the same category exam', async () => {
    const { cookie } = await signUpTech(t.app);
    const first = await startSimulation(cookie);
    const again = await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'simulation', categoryId: a5.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);
    const exam = await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'exam', categoryId: a5.id });
    expect(exam.statusCode).toBe(201);
    expect(exam.json().id).not.toBe(first.id);
    expect(exam.json().origin).toBe('practice');
  });

  it('refuses anonymous callers, managers, unknown categories and bad ids', async () => {
    expect(
      (await inject('', 'POST', '/api/v1/test-sessions', { kind: 'simulation', categoryId: a5.id })).statusCode,
    ).toBe(401);
    const manager = await signUpManager(t.app);
    expect(
      (await inject(manager.cookie, 'POST', '/api/v1/test-sessions', { kind: 'simulation', categoryId: a5.id }))
        .statusCode,
    ).toBe(403);
    const { cookie } = await signUpTech(t.app);
    const unknown = await inject(cookie, 'POST', '/api/v1/test-sessions', {
      kind: 'simulation',
      categoryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'simulation', categoryId: 'A5' });
    expect(bad.statusCode).toBe(400);
  });
});
