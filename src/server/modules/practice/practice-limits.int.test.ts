import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOf } from '../../../../tests/fixtures/present';
import {
  createTestApp,
  signUpManager,
  signUpTech,
  signUpTechWithoutExperience,
  type TestApp,
} from '../../../../tests/fixtures/test-app';
import { aseCategories, profiles, shops, testAssignments, testSessions } from '../../db/schema';

/** Open sessions are resumed, creation is limited per user, technicians finish onboarding first, keys stay hidden. */
let t: TestApp;
let a1: string;
let a2: string;
let a3: string;
beforeAll(async () => {
  t = await createTestApp({ CREATE_LIMIT_PER_USER: '4' });
  const cats = await t.database.db.select().from(aseCategories);
  const id = (code: string) => cats.find((c) => c.code === code)?.id as string;
  [a1, a2, a3] = [id('A1'), id('A2'), id('A3')];
});
afterAll(async () => {
  await t.close();
});

async function tech() {
  const { cookie, response } = await signUpTech(t.app);
  return { cookie, id: response.json().user.id as string };
}
const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, payload: payload as never });
const start = (cookie: string, body: Record<string, unknown>) => call(cookie, 'POST', '/api/v1/test-sessions', body);
const submit = (cookie: string, id: string) => call(cookie, 'POST', `/api/v1/test-sessions/${id}/submit`);

describe('one open session per test: Start resumes it (defect 7)', () => {
  it('a second Start Test of a category returns the open test (200) until it is submitted', async () => {
    const { cookie } = await tech();
    const first = await start(cookie, { kind: 'category', categoryId: a1 });
    expect(first.statusCode).toBe(201);
    const again = await start(cookie, { kind: 'category', categoryId: a1 });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().slots).toEqual(first.json().slots);
    const other = await start(cookie, { kind: 'category', categoryId: a2 });
    expect(other.statusCode).toBe(201);

    for (const slot of first.json().slots) {
      await call(cookie, 'PUT', `/api/v1/test-sessions/${first.json().id}/answers/${slot.position}`, { answer: 'A' });
    }
    expect((await submit(cookie, first.json().id)).statusCode).toBe(200);
    const next = await start(cookie, { kind: 'category', categoryId: a1 });
    expect(next.statusCode).toBe(201);
    expect(next.json().id).not.toBe(first.json().id);
  });

  it('one open exam per exam choice, and at most 2 open exams', async () => {
    const { cookie } = await tech();
    const full = await start(cookie, { kind: 'exam', categoryId: null });
    const oneCategory = await start(cookie, { kind: 'exam', categoryId: a1 });
    expect([full.statusCode, oneCategory.statusCode]).toEqual([201, 201]);
    const fullAgain = await start(cookie, { kind: 'exam', categoryId: null });
    expect(fullAgain.statusCode).toBe(200);
    expect(fullAgain.json().id).toBe(full.json().id);
    const third = await start(cookie, { kind: 'exam', categoryId: a2 });
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toEqual({
      code: 'OPEN_EXAMS_LIMIT',
      message: 'You already have 2 exams in progress. Finish one of them before starting another.',
    });
    // Submitting one frees a place.
    expect((await submit(cookie, oneCategory.json().id)).statusCode).toBe(200);
    expect((await start(cookie, { kind: 'exam', categoryId: a2 })).statusCode).toBe(201);
  });

  it('an exam whose time ran out is submitted at its deadline and no longer counts', async () => {
    const { cookie } = await tech();
    const old = await start(cookie, { kind: 'exam', categoryId: a3 });
    const deadline = new Date(Date.now() - 60_000);
    await t.database.db.update(testSessions).set({ deadlineAt: deadline }).where(eq(testSessions.id, old.json().id));
    const fresh = await start(cookie, { kind: 'exam', categoryId: a3 });
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().id).not.toBe(old.json().id);
    const closed = firstOf(await t.database.db.select().from(testSessions).where(eq(testSessions.id, old.json().id)));
    expect(closed.completedAt?.getTime()).toBe(deadline.getTime());
  });

  it('Start Test on an assignment links the open test of that category to it', async () => {
    const mgr = await signUpManager(t.app, 'SHOPLIMIT1');
    const managerId = mgr.response.json().user.id as string;
    const shop = firstOf(
      await t.database.db
        .insert(shops)
        .values({ name: 'Bay 2', type: 'independent', shopCode: 'SHOPLIMIT1', managerId })
        .returning(),
    );
    const techUser = await tech();
    await t.database.db.update(profiles).set({ shopId: shop.id }).where(eq(profiles.id, techUser.id));
    // Only a test without explanations can become the assigned one (an assigned test never shows them early).
    await t.database.db.update(profiles).set({ instantFeedback: false }).where(eq(profiles.id, techUser.id));
    const assignment = firstOf(
      await t.database.db
        .insert(testAssignments)
        .values({
          managerId,
          techId: techUser.id,
          shopId: shop.id,
          categoryId: a1,
          dueDate: new Date(Date.now() + 864e5),
        })
        .returning(),
    );
    const practice = await start(techUser.cookie, { kind: 'category', categoryId: a1 });
    const assigned = await start(techUser.cookie, { kind: 'category', categoryId: a1, assignmentId: assignment.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ id: practice.json().id, assignmentId: assignment.id });
    const [linked] = await t.database.db.select().from(testAssignments).where(eq(testAssignments.id, assignment.id));
    expect(linked).toMatchObject({ status: 'in_progress', testSessionId: practice.json().id });
  });
});

describe('per-user creation limit (defect 7)', () => {
  it('answers 429 with Retry-After past the limit, counts only real creations, and is per user', async () => {
    const { cookie } = await tech();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await start(cookie, { kind: 'exam', categoryId: a1 });
      statuses.push(r.statusCode);
      // Resuming the open exam does not count.
      expect((await start(cookie, { kind: 'exam', categoryId: a1 })).statusCode).toBe(r.statusCode === 201 ? 200 : 429);
      if (r.statusCode === 201) await submit(cookie, r.json().id);
      else {
        expect(r.headers['retry-after']).toMatch(/^\d+$/);
        expect(r.json().error.code).toBe('RATE_LIMITED');
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const someoneElse = await tech();
    expect((await start(someoneElse.cookie, { kind: 'exam', categoryId: a1 })).statusCode).toBe(201);
  });

  it('limits personal checkouts per user too', async () => {
    const { cookie } = await tech();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call(cookie, 'POST', '/api/v1/adaptive-mastery/checkout')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('technician routes need a saved experience level (defect 8)', () => {
  it('refuses a technician without one everywhere but the survey, then lets them in at once', async () => {
    const { cookie } = await signUpTechWithoutExperience(t);
    for (const [method, url, payload] of [
      ['POST', '/api/v1/test-sessions', { kind: 'category', categoryId: a1 }],
      ['GET', '/api/v1/me/practice-dashboard', undefined],
      ['GET', '/api/v1/study-guides/A1', undefined],
      ['POST', '/api/v1/adaptive-mastery/checkout', undefined],
      ['GET', '/api/v1/adaptive-mastery/subscription', undefined],
    ] as const) {
      const r = await call(cookie, method, url, payload);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().error).toEqual({ code: 'EXPERIENCE_REQUIRED', message: 'Please select your experience level' });
    }
    const saved = await call(cookie, 'PUT', '/api/v1/me/experience-level', { experienceLevel: '1_to_2' });
    expect(saved.statusCode).toBe(200);
    expect((await start(cookie, { kind: 'category', categoryId: a1 })).statusCode).toBe(201);
  });
});

describe('answer keys (defect 10)', () => {
  it('the review shows the key and explanation only for answered questions', async () => {
    const { cookie } = await tech();
    const exam = (await start(cookie, { kind: 'exam', categoryId: a2 })).json();
    const answered = exam.slots.slice(0, 3).map((s: { position: number }) => s.position);
    for (const position of answered) {
      await call(cookie, 'PUT', `/api/v1/test-sessions/${exam.id}/answers/${position}`, { answer: 'B' });
    }
    const results = (await submit(cookie, exam.id)).json();
    for (const item of results.review) {
      if (answered.includes(item.position)) {
        expect(item.correctAnswer).toMatch(/^[ABCD]$/);
        expect(item.explanation).toEqual(expect.any(String));
      } else {
        expect(item).toMatchObject({ selected: null, correctAnswer: null, explanation: null, whyWrong: null });
      }
    }
    // Reading the completed session again reveals no more.
    const again = (await call(cookie, 'GET', `/api/v1/test-sessions/${exam.id}`)).json();
    expect(again.results.review.filter((i: { correctAnswer: string | null }) => i.correctAnswer !== null)).toHaveLength(
      new Set(answered).size,
    );
  });

  it('an assigned test prefers questions whose key the technician has not seen in 30 days', async () => {
    const mgr = await signUpManager(t.app, 'SHOPKEYS01');
    const managerId = mgr.response.json().user.id as string;
    const shop = firstOf(
      await t.database.db
        .insert(shops)
        .values({ name: 'Bay 3', type: 'independent', shopCode: 'SHOPKEYS01', managerId })
        .returning(),
    );
    const techUser = await tech();
    await t.database.db.update(profiles).set({ shopId: shop.id }).where(eq(profiles.id, techUser.id));
    // Two practice tests of A1 answered: their 40 keys were shown today.
    const seen = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const s = (await start(techUser.cookie, { kind: 'category', categoryId: a1 })).json();
      for (const slot of s.slots) {
        seen.add(slot.question.id);
        await call(techUser.cookie, 'PUT', `/api/v1/test-sessions/${s.id}/answers/${slot.position}`, { answer: 'C' });
      }
      expect((await submit(techUser.cookie, s.id)).statusCode).toBe(200);
    }
    const assignment = firstOf(
      await t.database.db
        .insert(testAssignments)
        .values({
          managerId,
          techId: techUser.id,
          shopId: shop.id,
          categoryId: a1,
          dueDate: new Date(Date.now() + 864e5),
        })
        .returning(),
    );
    const assigned = (
      await start(techUser.cookie, { kind: 'category', categoryId: a1, assignmentId: assignment.id })
    ).json();
    expect(assigned.slots).toHaveLength(20);
    expect(assigned.slots.filter((slot: { question: { id: string } }) => seen.has(slot.question.id))).toEqual([]);
  });
});
