import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpManager, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { masteryScoreOf } from '../../../domain/mastery';
import {
  aseCategories,
  profiles,
  questionDifficultyStats,
  questions,
  shops,
  testAnswers,
  testAssignments,
  testSessions,
  userCategoryMastery,
  userQuestionProgress,
} from '../../db/schema';
import { aggregateDifficultyStats } from '../../jobs/difficulty-stats';
import { listAssignments } from '../manager/assignments';

let t: TestApp;
let a1: string;
let a2: string;
const key = new Map<string, 'A' | 'B' | 'C' | 'D'>();

beforeAll(async () => {
  t = await createTestApp({ EXAM_DURATION_SECONDS: '60' });
  const cats = await t.database.db.select().from(aseCategories);
  a1 = cats.find((c) => c.code === 'A1')?.id as string;
  a2 = cats.find((c) => c.code === 'A2')?.id as string;
  for (const q of await t.database.db.select({ id: questions.id, a: questions.correctAnswer }).from(questions)) {
    key.set(q.id, q.a);
  }
});
afterAll(async () => {
  await t.close();
});

async function tech(overrides: Record<string, unknown> = {}) {
  const { cookie, response } = await signUpTech(t.app, overrides);
  return { cookie, id: response.json().user.id as string };
}
const inject = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });

type Slot = { position: number; question: { id: string }; selected: string | null };
const wrong = (l: string) => (l === 'A' ? 'B' : 'A');

async function startCategory(cookie: string, categoryId = a1, assignmentId?: string) {
  const r = await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'category', categoryId, assignmentId });
  expect(r.statusCode).toBe(201);
  return r.json() as { id: string; slots: Slot[]; assignment: unknown };
}
async function answerAll(cookie: string, session: { id: string; slots: Slot[] }, rightCount: number) {
  for (const s of session.slots) {
    const right = key.get(s.question.id) as string;
    const r = await inject(cookie, 'PUT', `/api/v1/test-sessions/${session.id}/answers/${s.position}`, {
      answer: s.position < rightCount ? right : wrong(right),
    });
    expect(r.statusCode).toBe(200);
  }
}

describe('category test', () => {
  it('starts with 20 distinct questions of the category, no keys, correct_answers 0, one answer row per slot', async () => {
    const { cookie, id } = await tech();
    const r = await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'category', categoryId: a1 });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body.kind).toBe('category');
    expect(body.category.code).toBe('A1');
    expect(body.slots).toHaveLength(20);
    expect(new Set(body.slots.map((s: Slot) => s.question.id)).size).toBe(20);
    expect(body.slots.every((s: { categoryCode: string }) => s.categoryCode === 'A1')).toBe(true);
    expect(body.results).toBeNull();
    // Keys, not words: question stems may say "the most likely explanation".
    expect(r.body).not.toMatch(/"(correctAnswer|explanation|whyWrong)":/);
    const [row] = await t.database.db.select().from(testSessions).where(eq(testSessions.id, body.id));
    expect(row).toMatchObject({ techId: id, correctAnswers: 0, completedAt: null, score: null, deadlineAt: null });
    const rows = await t.database.db.select().from(testAnswers).where(eq(testAnswers.sessionId, body.id));
    expect(rows).toHaveLength(20);
  });

  it('saves each answer as chosen, lets it change, and resumes after a reload', async () => {
    const { cookie } = await tech();
    // Answers stay changeable with explanations off (new accounts start with them on, ADR 0046).
    await inject(cookie, 'PATCH', '/api/v1/me/preferences', { instantFeedback: false });
    const s = await startCategory(cookie);
    await inject(cookie, 'PUT', `/api/v1/test-sessions/${s.id}/answers/3`, { answer: 'A' });
    const change = await inject(cookie, 'PUT', `/api/v1/test-sessions/${s.id}/answers/3`, { answer: 'C' });
    expect(change.json()).toEqual({ position: 3, selected: 'C', flagged: false, reveal: null });
    const again = await inject(cookie, 'GET', `/api/v1/test-sessions/${s.id}`);
    expect(again.json().slots[3].selected).toBe('C');
    expect(again.json().slots[0].selected).toBeNull();
    // The save's asynchronous commit is its own: the connection it ran on commits synchronously again.
    const settings = await Promise.all(
      Array.from({ length: 5 }, () => t.database.db.execute(sql`show synchronous_commit`)),
    );
    expect(
      settings.map((r) => (r as unknown as { rows: { synchronous_commit: string }[] }).rows[0]!.synchronous_commit),
    ).toEqual(Array(5).fill('on'));
  });

  it('refuses submit until every question is answered, then scores 14/20 = 70 as a pass with review', async () => {
    const { cookie, id } = await tech();
    const s = await startCategory(cookie);
    const early = await inject(cookie, 'POST', `/api/v1/test-sessions/${s.id}/submit`);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('Answer every question before submitting.');
    await answerAll(cookie, s, 14);
    const r = await inject(cookie, 'POST', `/api/v1/test-sessions/${s.id}/submit`);
    expect(r.statusCode).toBe(200);
    const results = r.json();
    expect(results).toMatchObject({ score: 70, passed: true, correct: 14, total: 20 });
    expect(results.review).toHaveLength(20);
    const wrongItem = results.review[19];
    expect(wrongItem.correct).toBe(false);
    expect(wrongItem.correctAnswer).toBe(key.get(wrongItem.questionId));
    expect(typeof wrongItem.explanation).toBe('string');
    // Each question links to a section of its own area's chapter, whatever its position.
    const sections = (await t.database.db.execute(sql`
      select ch.chapter_number, s.section_number, s.title from study_sections s
      join study_chapters ch on ch.id = s.chapter_id where ch.category_id = ${a1}`)) as unknown as {
      rows: { chapter_number: number; section_number: number; title: string }[];
    };
    const chapterOfArea = new Map<string, number>();
    for (const item of results.review as {
      contentArea: string;
      studySection: { chapter: number; section: number; title: string };
    }[]) {
      const { chapter, section, title } = item.studySection;
      expect(sections.rows).toContainEqual({ chapter_number: chapter, section_number: section, title });
      expect(chapterOfArea.get(item.contentArea) ?? chapter).toBe(chapter);
      chapterOfArea.set(item.contentArea, chapter);
    }
    const m = firstOf(
      await t.database.db
        .select()
        .from(userCategoryMastery)
        .where(and(eq(userCategoryMastery.userId, id), eq(userCategoryMastery.categoryId, a1))),
    );
    expect(m).toMatchObject({ questionsAttempted: 20, correctAnswers: 14 });
    expect(m.recentPerformance).toBeCloseTo(0.7);
    expect(m.masteryScore).toBeCloseTo(masteryScoreOf(0.7, 20), 5);
    const progress = await t.database.db.select().from(userQuestionProgress).where(eq(userQuestionProgress.userId, id));
    expect(progress).toHaveLength(20);
    // Difficulty statistics are counted by their job, off the submit's path (ADR 0014).
    const statOf = async () =>
      (
        await t.database.db
          .select()
          .from(questionDifficultyStats)
          .where(eq(questionDifficultyStats.questionId, s.slots[19]!.question.id))
      )[0];
    const before = (await statOf())?.timesAnswered ?? 0;
    expect(await aggregateDifficultyStats(t.database.db)).toBeGreaterThanOrEqual(1);
    expect((await statOf())!.timesAnswered).toBe(before + 1);
  });

  it('13/20 = 65 fails; double and concurrent submits give one result and count once', async () => {
    const { cookie, id } = await tech();
    const s = await startCategory(cookie);
    await answerAll(cookie, s, 13);
    const [r1, r2] = await Promise.all([
      inject(cookie, 'POST', `/api/v1/test-sessions/${s.id}/submit`),
      inject(cookie, 'POST', `/api/v1/test-sessions/${s.id}/submit`),
    ]);
    expect(r1.statusCode).toBe(200);
    expect(r2.statusCode).toBe(200);
    // The same result; only the submit that completed the session announces its achievements.
    const announced = [r1.json(), r2.json()].map((r) => r.newAchievements.map((a: { code: string }) => a.code));
    expect(announced.sort()).toEqual([[], ['first_test']]);
    const withoutNews = (r: { newAchievements: unknown[] }) => ({ ...r, newAchievements: [] });
    expect(withoutNews(r1.json())).toEqual(withoutNews(r2.json()));
    expect(r1.json()).toMatchObject({ score: 65, passed: false, correct: 13 });
    const r3 = await inject(cookie, 'POST', `/api/v1/test-sessions/${s.id}/submit`);
    expect(r3.json()).toEqual(withoutNews(r1.json()));
    const m = firstOf(await t.database.db.select().from(userCategoryMastery).where(eq(userCategoryMastery.userId, id)));
    expect(m.questionsAttempted).toBe(20);
  });

  it('rejects answers after submit, for slots outside the session, letters outside A–D, and other users', async () => {
    const { cookie } = await tech();
    const other = await tech();
    const s = await startCategory(cookie);
    const bad = await inject(cookie, 'PUT', `/api/v1/test-sessions/${s.id}/answers/0`, { answer: 'E' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Answer must be one of A, B, C or D');
    const outside = await inject(cookie, 'PUT', `/api/v1/test-sessions/${s.id}/answers/25`, { answer: 'A' });
    expect(outside.statusCode).toBe(404);
    const foreign = await inject(other.cookie, 'PUT', `/api/v1/test-sessions/${s.id}/answers/0`, { answer: 'A' });
    expect(foreign.statusCode).toBe(404);
    expect((await inject(other.cookie, 'GET', `/api/v1/test-sessions/${s.id}`)).statusCode).toBe(404);
    expect((await inject(other.cookie, 'POST', `/api/v1/test-sessions/${s.id}/submit`)).statusCode).toBe(404);
    const rows = await t.database.db.select().from(testAnswers).where(eq(testAnswers.sessionId, s.id));
    expect(rows.every((r) => r.selectedAnswer === null)).toBe(true);

    await answerAll(cookie, s, 20);
    await inject(cookie, 'POST', `/api/v1/test-sessions/${s.id}/submit`);
    const late = await inject(cookie, 'PUT', `/api/v1/test-sessions/${s.id}/answers/0`, {
      answer: wrong(key.get(s.slots[0]!.question.id) as string),
    });
    expect(late.statusCode).toBe(409);
    const row = firstOf(
      await t.database.db
        .select()
        .from(testAnswers)
        .where(and(eq(testAnswers.sessionId, s.id), eq(testAnswers.position, 0))),
    );
    expect(row.selectedAnswer).toBe(key.get(s.slots[0]!.question.id));
  });

  it('is for technicians only: anonymous 401, manager 403', async () => {
    const anon = await inject('', 'POST', '/api/v1/test-sessions', { kind: 'category', categoryId: a1 });
    expect(anon.statusCode).toBe(401);
    const { cookie } = await signUpManager(t.app, 'SHOPPRAC01');
    const mgr = await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'category', categoryId: a1 });
    expect(mgr.statusCode).toBe(403);
    expect((await inject(cookie, 'GET', '/api/v1/me/practice-dashboard')).statusCode).toBe(403);
    expect((await inject('', 'GET', '/api/v1/me/practice-dashboard')).statusCode).toBe(401);
    expect((await inject('', 'GET', '/api/v1/study-guides/A1')).statusCode).toBe(401);
  });

  it('every practice route refuses anonymous (401) and managers (403)', async () => {
    const owner = await tech();
    const s = await startCategory(owner.cookie);
    const { cookie: manager } = await signUpManager(t.app, 'SHOPPRAC02');
    const calls: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['POST', '/api/v1/test-sessions', { kind: 'exam', categoryId: null }],
      ['GET', `/api/v1/test-sessions/${s.id}`],
      ['PUT', `/api/v1/test-sessions/${s.id}/answers/0`, { answer: 'A' }],
      ['POST', `/api/v1/test-sessions/${s.id}/submit`],
      ['GET', '/api/v1/me/practice-dashboard'],
      ['GET', '/api/v1/study-guides/A1'],
    ];
    for (const [method, url, body] of calls) {
      expect((await inject('', method, url, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await inject(manager, method, url, body)).statusCode, `${method} ${url} manager`).toBe(403);
    }
    const rows = await t.database.db.select().from(testAnswers).where(eq(testAnswers.sessionId, s.id));
    expect(rows.every((r) => r.selectedAnswer === null)).toBe(true);
  });

  it('validates the start request: unknown category 404, bad id 400, a category without questions 409', async () => {
    const { cookie } = await tech();
    const bad = await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'category', categoryId: 'nope' });
    expect(bad.statusCode).toBe(400);
    const unknown = await inject(cookie, 'POST', '/api/v1/test-sessions', {
      kind: 'category',
      categoryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const empty = await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'category', categoryId: a2 });
    if ((await t.database.db.select().from(questions).where(eq(questions.categoryId, a2))).length === 0) {
      expect(empty.statusCode).toBe(409);
    }
  });

  it('leaves mastered questions out of the next test', async () => {
    const { cookie, id } = await tech();
    const a1Ids = (
      await t.database.db
        .select({ id: questions.id })
        .from(questions)
        .where(and(eq(questions.categoryId, a1), eq(questions.pool, 'practice')))
    ).map((r) => r.id);
    const mastered = a1Ids.slice(0, 100);
    await t.database.db
      .insert(userQuestionProgress)
      .values(mastered.map((questionId) => ({ userId: id, questionId, timesAnswered: 3, timesCorrect: 3 })));
    const s = await startCategory(cookie);
    expect(s.slots.some((slot) => mastered.includes(slot.question.id))).toBe(false);
  });
});

describe('assignments', () => {
  async function setup() {
    const mgr = await signUpManager(
      t.app,
      `SHOP${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, 'X')}`,
    );
    const managerId = mgr.response.json().user.id as string;
    const shop = firstOf(
      await t.database.db
        .insert(shops)
        .values({
          name: 'Bay 1',
          type: 'independent',
          shopCode: `SHOP${Date.now().toString(36).slice(-6).toUpperCase()}`,
          managerId,
        })
        .returning(),
    );
    const techUser = await tech();
    await t.database.db.update(profiles).set({ shopId: shop.id }).where(eq(profiles.id, techUser.id));
    const due = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    const assignment = firstOf(
      await t.database.db
        .insert(testAssignments)
        .values({ managerId, techId: techUser.id, shopId: shop.id, categoryId: a1, dueDate: due })
        .returning(),
    );
    return { techUser, assignment, shopId: shop.id, due };
  }

  it('links the session, shows on the dashboard, completes only at 70 or more', async () => {
    const { techUser, assignment, shopId, due } = await setup();
    const dash0 = (await inject(techUser.cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(dash0.assignments).toHaveLength(1);
    expect(dash0.assignments[0]).toMatchObject({
      status: 'Not Started',
      dueSoon: true,
      openSessionId: null,
      attempts: 0,
      lastAttempt: null,
    });

    const s1 = await startCategory(techUser.cookie, a1, assignment.id);
    // The runner says whose test it is and when it is due, from the start's answer and from a reread alike.
    const context = { assignedBy: 'Max Manager', dueDate: due.toISOString(), attempts: 0, completed: false };
    expect(s1.assignment).toEqual(context);
    expect((await inject(techUser.cookie, 'GET', `/api/v1/test-sessions/${s1.id}`)).json().assignment).toEqual(context);
    const [a] = await t.database.db.select().from(testAssignments).where(eq(testAssignments.id, assignment.id));
    expect(a).toMatchObject({ status: 'in_progress', testSessionId: s1.id });
    // While the linked test is open, the dashboard points Start Test back at it.
    const dash1 = (await inject(techUser.cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(dash1.assignments[0]).toMatchObject({ status: 'In Progress', openSessionId: s1.id });
    await answerAll(techUser.cookie, s1, 13);
    await inject(techUser.cookie, 'POST', `/api/v1/test-sessions/${s1.id}/submit`);
    const [still] = await t.database.db.select().from(testAssignments).where(eq(testAssignments.id, assignment.id));
    expect(still).toMatchObject({ status: 'in_progress', attempts: 1, lastScore: 65 });
    // Failed at 65: Not passed yet, with the score and the 7 missed to practise; Try again starts anew.
    const dash2 = (await inject(techUser.cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(dash2.assignments[0]).toMatchObject({
      status: 'Not Passed Yet',
      openSessionId: null,
      attempts: 1,
      lastAttempt: { sessionId: s1.id, score: 65, missed: 7 },
    });
    const [managerRow] = await listAssignments(t.database.db, shopId);
    expect(managerRow).toMatchObject({ status: 'Not Passed Yet', attempts: 1, lastScore: 65 });
    // Its results say who assigned it and that it is not complete yet.
    const view = (await inject(techUser.cookie, 'GET', `/api/v1/test-sessions/${s1.id}`)).json();
    expect(view.assignment).toEqual({ ...context, attempts: 1 });

    const s2 = await startCategory(techUser.cookie, a1, assignment.id);
    const dash3 = (await inject(techUser.cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(dash3.assignments[0]).toMatchObject({ status: 'In Progress', openSessionId: s2.id, attempts: 1 });
    expect((await listAssignments(t.database.db, shopId))[0]).toMatchObject({ status: 'In Progress', lastScore: 65 });
    await answerAll(techUser.cookie, s2, 14);
    await inject(techUser.cookie, 'POST', `/api/v1/test-sessions/${s2.id}/submit`);
    const [done] = await t.database.db.select().from(testAssignments).where(eq(testAssignments.id, assignment.id));
    expect(done).toMatchObject({ status: 'completed', attempts: 2, lastScore: 70 });
    const passedView = (await inject(techUser.cookie, 'GET', `/api/v1/test-sessions/${s2.id}`)).json();
    expect(passedView.assignment).toEqual({ ...context, attempts: 2, completed: true });
    const dash = (await inject(techUser.cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(dash.assignments).toEqual([]);
  });

  it("refuses another technician's assignment and writes nothing", async () => {
    const { assignment } = await setup();
    const other = await tech();
    const r = await inject(other.cookie, 'POST', '/api/v1/test-sessions', {
      kind: 'category',
      categoryId: a1,
      assignmentId: assignment.id,
    });
    expect(r.statusCode).toBe(404);
    const { n } = firstOf(
      await t.database.db
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(testSessions)
        .where(eq(testSessions.techId, other.id)),
    );
    expect(n).toBe(0);
  });
});

describe('dashboard', () => {
  it('shows insights and history of completed and in-progress tests, newest first', async () => {
    const { cookie } = await tech();
    const empty = (await inject(cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(empty).toMatchObject({
      openTests: [],
      freeTestSaved: false,
      insights: { testsTaken: 0, averageScore: 0, testsPassed: 0, bestScore: 0 },
      history: [],
      assignments: null,
    });
    expect(empty.categories).toHaveLength(8);
    const s1 = await startCategory(cookie);
    await answerAll(cookie, s1, 18);
    await inject(cookie, 'POST', `/api/v1/test-sessions/${s1.id}/submit`);
    const s2 = await startCategory(cookie);
    await answerAll(cookie, s2, 10);
    await inject(cookie, 'POST', `/api/v1/test-sessions/${s2.id}/submit`);
    const s3 = await startCategory(cookie);
    const dash = (await inject(cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    // The open test names its category (the category's id, not the session's).
    expect(dash.openTests).toMatchObject([{ id: s3.id, category: { id: a1, code: 'A1' } }]);
    expect(dash.insights).toEqual({ testsTaken: 2, averageScore: 70, testsPassed: 1, bestScore: 90 });
    expect(dash.history.map((h: { status: string }) => h.status)).toEqual(['In Progress', 'Completed', 'Completed']);
    expect(dash.history[1]).toMatchObject({ score: 50, passed: false, title: 'A1 Engine Repair', origin: 'practice' });
    expect(dash.history[2]).toMatchObject({ score: 90, passed: true });
    expect(dash.history[0]).toMatchObject({ passed: null, score: null });
  });
});

describe('full exam', () => {
  it('assembles 60 questions across categories, with a server deadline, flags and unanswered counted wrong', async () => {
    const { cookie } = await tech();
    const r = await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'exam', categoryId: null });
    expect(r.statusCode).toBe(201);
    const exam = r.json();
    expect(exam.slots).toHaveLength(60);
    expect(exam.remainingSeconds).toBeGreaterThan(55);
    expect(exam.remainingSeconds).toBeLessThanOrEqual(60);
    const codes = new Set(exam.slots.map((s: { categoryCode: string }) => s.categoryCode));
    expect(codes.size).toBeGreaterThan(1);
    const flag = await inject(cookie, 'PUT', `/api/v1/test-sessions/${exam.id}/answers/5`, { flagged: true });
    expect(flag.json()).toEqual({ position: 5, selected: null, flagged: true, reveal: null });
    for (const s of exam.slots.slice(0, 30) as Slot[]) {
      await inject(cookie, 'PUT', `/api/v1/test-sessions/${exam.id}/answers/${s.position}`, {
        answer: key.get(s.question.id),
      });
    }
    const results = (await inject(cookie, 'POST', `/api/v1/test-sessions/${exam.id}/submit`)).json();
    expect(results).toMatchObject({ correct: 30, total: 60, score: 50, passed: false });
    expect(results.breakdown.reduce((n: number, b: { total: number }) => n + b.total, 0)).toBe(60);
  });

  it('a one-category exam repeats questions as copies to reach 60', async () => {
    const { cookie } = await tech();
    const r = await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'exam', categoryId: a1 });
    const exam = r.json();
    expect(exam.slots).toHaveLength(60);
    expect(exam.slots.every((s: { categoryCode: string }) => s.categoryCode === 'A1')).toBe(true);
  });

  it('updates progress and mastery from the scored answers, and returns what a reload shows', async () => {
    const { cookie, id } = await tech();
    const exam = (await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'exam', categoryId: a1 })).json();
    // Answer the first 40 slots (right at even positions), leave 20 blank.
    const slots = (exam.slots as Slot[]).slice(0, 40);
    for (const s of slots) {
      const right = key.get(s.question.id) as string;
      await inject(cookie, 'PUT', `/api/v1/test-sessions/${exam.id}/answers/${s.position}`, {
        answer: s.position % 2 === 0 ? right : wrong(right),
      });
    }
    const submitted = (await inject(cookie, 'POST', `/api/v1/test-sessions/${exam.id}/submit`)).json();
    expect(submitted).toMatchObject({ correct: 20, total: 60, score: 33, passed: false });
    const reloaded = (await inject(cookie, 'GET', `/api/v1/test-sessions/${exam.id}`)).json();
    expect(reloaded.results).toEqual({ ...submitted, newAchievements: [] });

    const expected = new Map<string, { answered: number; correct: number }>();
    for (const s of slots) {
      const e = expected.get(s.question.id) ?? { answered: 0, correct: 0 };
      e.answered += 1;
      if (s.position % 2 === 0) e.correct += 1;
      expected.set(s.question.id, e);
    }
    const progress = await t.database.db.select().from(userQuestionProgress).where(eq(userQuestionProgress.userId, id));
    expect(
      new Map(progress.map((p) => [p.questionId, { answered: p.timesAnswered, correct: p.timesCorrect }])),
    ).toEqual(expected);
    const mastery = firstOf(
      await t.database.db.select().from(userCategoryMastery).where(eq(userCategoryMastery.userId, id)),
    );
    expect(mastery).toMatchObject({ questionsAttempted: 40, correctAnswers: 20 });
    expect(mastery.recentPerformance).toBeCloseTo(0.5);
    expect(mastery.masteryScore).toBeCloseTo(masteryScoreOf(0.5, 40), 5);
  });

  it('after the deadline, answers are refused and the exam is scored as submitted at the deadline', async () => {
    const { cookie } = await tech();
    const exam = (await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'exam', categoryId: a1 })).json();
    await inject(cookie, 'PUT', `/api/v1/test-sessions/${exam.id}/answers/0`, {
      answer: key.get(exam.slots[0].question.id),
    });
    // Move the exam's clock back: started 70 s ago, deadline 10 s ago (beyond the 5 s grace).
    await t.database.db
      .update(testSessions)
      .set({ startedAt: new Date(Date.now() - 70_000), deadlineAt: new Date(Date.now() - 10_000) })
      .where(eq(testSessions.id, exam.id));
    const late = await inject(cookie, 'PUT', `/api/v1/test-sessions/${exam.id}/answers/1`, { answer: 'A' });
    expect(late.statusCode).toBe(409);
    const view = (await inject(cookie, 'GET', `/api/v1/test-sessions/${exam.id}`)).json();
    expect(view.status).toBe('completed');
    expect(view.results.correct).toBe(1);
    const row = firstOf(await t.database.db.select().from(testSessions).where(eq(testSessions.id, exam.id)));
    expect(row.completedAt?.getTime()).toBe(row.deadlineAt?.getTime());
  });
});

describe('study guides', () => {
  it('returns chapters and sections of a category in order; unknown code 400', async () => {
    const { cookie } = await tech();
    const r = await inject(cookie, 'GET', '/api/v1/study-guides/A1');
    expect(r.statusCode).toBe(200);
    const guide = r.json();
    expect(guide.category.code).toBe('A1');
    expect(guide.chapters.length).toBeGreaterThan(0);
    expect(guide.chapters.map((c: { number: number }) => c.number)).toEqual(
      guide.chapters.map((_: unknown, i: number) => i + 1),
    );
    expect(guide.chapters[0].sections[0].number).toBe(1);
    expect((await inject(cookie, 'GET', '/api/v1/study-guides/B9')).statusCode).toBe(400);
  });
});
