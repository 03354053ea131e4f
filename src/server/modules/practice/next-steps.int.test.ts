import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOf } from '../../../../tests/fixtures/present';
import { entitledManager, technicianInShop } from '../../../../tests/fixtures/shop';
import { createTestApp, signUpManager, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { FREE_TEST_IMPORT_DAYS } from '../../../domain/free-test';
import { aseCategories, profiles, questions, shops, testAssignments, testSessions } from '../../db/schema';

/**
 * Resume instead of a second open test, practise the questions missed,
 * chapter quizzes and warm-ups, instant feedback, per-area results, dashboard progress and the
 * free test saved into a new account.
 */
let t: TestApp;
const category = new Map<string, string>();
const key = new Map<string, 'A' | 'B' | 'C' | 'D'>();
const area = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.database.db.select().from(aseCategories)) category.set(c.code, c.id);
  for (const q of await t.database.db.select().from(questions)) {
    key.set(q.id, q.correctAnswer);
    area.set(q.id, q.contentArea);
  }
});
afterAll(async () => {
  await t.close();
});

type Letter = 'A' | 'B' | 'C' | 'D';
type Slot = { position: number; question: { id: string }; selected: string | null; reveal: unknown };
type View = { id: string; origin: string; instantFeedback: boolean; slots: Slot[]; chapter: unknown };
const wrong = (l: Letter): Letter => (l === 'A' ? 'B' : 'A');

async function tech() {
  const { cookie, response } = await signUpTech(t.app);
  return { cookie, id: response.json().user.id as string };
}
const inject = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });
const start = (cookie: string, body: Record<string, unknown>) => inject(cookie, 'POST', '/api/v1/test-sessions', body);
const answer = (cookie: string, id: string, position: number, letter: Letter) =>
  inject(cookie, 'PUT', `/api/v1/test-sessions/${id}/answers/${position}`, { answer: letter });

async function finish(cookie: string, view: View, right: (slot: Slot) => boolean) {
  for (const s of view.slots) {
    const k = key.get(s.question.id) as Letter;
    expect((await answer(cookie, view.id, s.position, right(s) ? k : wrong(k))).statusCode).toBe(200);
  }
  const r = await inject(cookie, 'POST', `/api/v1/test-sessions/${view.id}/submit`);
  expect(r.statusCode).toBe(200);
  return r.json();
}

describe('starting again resumes the open test', () => {
  it('a second Start Test in a category returns the open test (200) with its answers; other categories start anew', async () => {
    const { cookie } = await tech();
    await inject(cookie, 'PATCH', '/api/v1/me/preferences', { instantFeedback: false });
    const first = await start(cookie, { kind: 'category', categoryId: category.get('A7') });
    expect(first.statusCode).toBe(201);
    const view = first.json() as View;
    await answer(cookie, view.id, 0, 'A');
    const again = await start(cookie, { kind: 'category', categoryId: category.get('A7') });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(view.id);
    expect(again.json().slots[0].selected).toBe('A');
    const other = await start(cookie, { kind: 'category', categoryId: category.get('A8') });
    expect(other.statusCode).toBe(201);
    // Once submitted, Start Test begins a new one.
    await finish(cookie, view, () => true);
    const next = await start(cookie, { kind: 'category', categoryId: category.get('A7') });
    expect(next.statusCode).toBe(201);
    expect(next.json().id).not.toBe(view.id);
    // An exam is resumed by its exam choice, whatever category tests are open (docs/PRODUCT.md#tests: resume, do not duplicate).
    const e1 = await start(cookie, { kind: 'exam', categoryId: category.get('A7') });
    const e2 = await start(cookie, { kind: 'exam', categoryId: category.get('A7') });
    expect([e1.statusCode, e2.statusCode]).toEqual([201, 200]);
    expect(e2.json().id).toBe(e1.json().id);
  });
});

describe('practise the questions missed', () => {
  it('starts a category test of the wrong answers of a submitted test, in their order, once', async () => {
    const { cookie } = await tech();
    const view = (await start(cookie, { kind: 'category', categoryId: category.get('A5') })).json() as View;
    const premature = await start(cookie, { kind: 'missed', sessionId: view.id });
    expect(premature.statusCode).toBe(409);
    expect(premature.json().error.code).toBe('NOT_SUBMITTED');
    await finish(cookie, view, (s) => s.position % 3 !== 0);
    const missedIds = view.slots.filter((s) => s.position % 3 === 0).map((s) => s.question.id);

    const r = await start(cookie, { kind: 'missed', sessionId: view.id });
    expect(r.statusCode).toBe(201);
    const missed = r.json();
    expect(missed).toMatchObject({ kind: 'category', origin: 'missed', category: { code: 'A5' } });
    expect(missed.slots.map((s: Slot) => s.question.id)).toEqual(missedIds);
    expect(r.body).not.toMatch(/"(correctAnswer|explanation|whyWrong)":/);
    // Tapped again while it is open: the same test.
    const again = await start(cookie, { kind: 'missed', sessionId: view.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(missed.id);
  });

  it('an exam: wrong and blank answers, each question once; nothing missed is a 409; another tech gets 404', async () => {
    const { cookie } = await tech();
    const exam = (await start(cookie, { kind: 'exam', categoryId: category.get('A3') })).json() as View;
    // Answer the first 10 right, leave the rest blank.
    for (const s of exam.slots.slice(0, 10))
      await answer(cookie, exam.id, s.position, key.get(s.question.id) as Letter);
    await inject(cookie, 'POST', `/api/v1/test-sessions/${exam.id}/submit`);
    const r = await start(cookie, { kind: 'missed', sessionId: exam.id });
    expect(r.statusCode).toBe(201);
    const ids = r.json().slots.map((s: Slot) => s.question.id);
    expect(new Set(ids).size).toBe(ids.length);
    const right = new Set(exam.slots.slice(0, 10).map((s) => s.question.id));
    const blank = new Set(exam.slots.slice(10).map((s) => s.question.id));
    expect(ids.every((id: string) => blank.has(id))).toBe(true);
    expect(ids.length).toBe([...blank].length);
    expect(right.size).toBeGreaterThan(0);

    const perfect = (await start(cookie, { kind: 'category', categoryId: category.get('A2') })).json() as View;
    await finish(cookie, perfect, () => true);
    const none = await start(cookie, { kind: 'missed', sessionId: perfect.id });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('NOTHING_MISSED');

    const stranger = await tech();
    expect((await start(stranger.cookie, { kind: 'missed', sessionId: exam.id })).statusCode).toBe(404);
    expect((await start(stranger.cookie, { kind: 'missed', sessionId: 'nope' })).statusCode).toBe(400);
  });
});

describe('chapter quiz and warm-up', () => {
  it('a chapter quiz has 5 questions of the areas its chapter covers, and names the chapter', async () => {
    const { cookie } = await tech();
    const guide = (await inject(cookie, 'GET', '/api/v1/study-guides/A5')).json();
    const disc = guide.chapters.find((c: { title: string }) => c.title.startsWith('Disc Brakes'));
    expect(disc.areas).toEqual(['Disc Brakes']);
    const r = await start(cookie, { kind: 'chapter', categoryId: category.get('A5'), chapter: disc.number });
    expect(r.statusCode).toBe(201);
    const quiz = r.json();
    expect(quiz).toMatchObject({ origin: 'chapter', chapter: { number: disc.number, title: disc.title } });
    expect(quiz.slots).toHaveLength(5);
    expect(quiz.slots.every((s: Slot) => area.get(s.question.id) === 'Disc Brakes')).toBe(true);
    // Reopened, it still names its chapter.
    const read = (await inject(cookie, 'GET', `/api/v1/test-sessions/${quiz.id}`)).json();
    expect(read.chapter).toEqual({ number: disc.number, title: disc.title });
    const missing = await start(cookie, { kind: 'chapter', categoryId: category.get('A5'), chapter: 42 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NO_CHAPTER');
    expect((await start(cookie, { kind: 'chapter', categoryId: category.get('A5'), chapter: 0 })).statusCode).toBe(400);
  });

  it('a warm-up has 5 questions of the chosen category; open tests of other sorts in it are not resumed', async () => {
    const { cookie } = await tech();
    const plain = await start(cookie, { kind: 'category', categoryId: category.get('A4') });
    expect(plain.statusCode).toBe(201);
    const r = await start(cookie, { kind: 'warm-up', categoryId: category.get('A4') });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ origin: 'warm_up', kind: 'category', category: { code: 'A4' } });
    expect(r.json().slots).toHaveLength(5);
    const quiz = await start(cookie, { kind: 'chapter', categoryId: category.get('A4'), chapter: 1 });
    expect(quiz.statusCode).toBe(201);
    const other = await start(cookie, { kind: 'chapter', categoryId: category.get('A4'), chapter: 2 });
    expect(other.statusCode).toBe(201);
    const again = await start(cookie, { kind: 'warm-up', categoryId: category.get('A4') });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(r.json().id);
  });
});

describe('instant feedback', () => {
  it('is remembered on the profile and applies to self-started category tests: reveal on answer, then locked', async () => {
    const { cookie } = await tech();
    const pref = await inject(cookie, 'PATCH', '/api/v1/me/preferences', { instantFeedback: true });
    expect(pref.statusCode).toBe(200);
    expect(pref.json().user.instantFeedback).toBe(true);
    expect((await inject(cookie, 'PATCH', '/api/v1/me/preferences', { instantFeedback: 'yes' })).statusCode).toBe(400);

    const view = (await start(cookie, { kind: 'category', categoryId: category.get('A6') })).json() as View;
    expect(view.instantFeedback).toBe(true);
    expect(JSON.stringify(view)).not.toMatch(/"(correctAnswer|explanation)":/);
    const q = view.slots[0]!;
    const k = key.get(q.question.id) as Letter;
    const saved = await answer(cookie, view.id, 0, wrong(k));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().reveal).toMatchObject({ correctAnswer: k, correct: false });
    expect(saved.json().reveal.explanation.length).toBeGreaterThan(10);
    // The same answer again (a retried save) is fine; a different one is refused.
    expect((await answer(cookie, view.id, 0, wrong(k))).statusCode).toBe(200);
    const change = await answer(cookie, view.id, 0, k);
    expect(change.statusCode).toBe(409);
    expect(change.json().error.code).toBe('ANSWER_LOCKED');
    // Flags still change; the unanswered question shows no key.
    const flag = await inject(cookie, 'PUT', `/api/v1/test-sessions/${view.id}/answers/0`, { flagged: true });
    expect(flag.json()).toMatchObject({ flagged: true, selected: wrong(k) });
    const read = (await inject(cookie, 'GET', `/api/v1/test-sessions/${view.id}`)).json();
    expect(read.slots[0].reveal).toMatchObject({ correctAnswer: k, correct: false });
    expect(read.slots[1].reveal).toBeNull();
  });

  it('never for exams or assigned tests; on by default for a new account, and the switch turns it off', async () => {
    const fresh = await tech();
    const on = (await start(fresh.cookie, { kind: 'category', categoryId: category.get('A1') })).json() as View;
    expect(on.instantFeedback).toBe(true);
    expect((await answer(fresh.cookie, on.id, 0, 'A')).json().reveal).not.toBeNull();

    const plain = await tech();
    const me = await inject(plain.cookie, 'PATCH', '/api/v1/me/preferences', { instantFeedback: false });
    expect(me.json().user.instantFeedback).toBe(false);
    const off = (await start(plain.cookie, { kind: 'category', categoryId: category.get('A1') })).json() as View;
    expect(off.instantFeedback).toBe(false);
    const r = await answer(plain.cookie, off.id, 0, 'A');
    expect(r.json().reveal).toBeNull();
    expect((await answer(plain.cookie, off.id, 0, 'B')).statusCode).toBe(200);

    const mgr = await signUpManager(t.app, 'SHOPINST01');
    const managerId = mgr.response.json().user.id as string;
    const shop = firstOf(
      await t.database.db
        .insert(shops)
        .values({ name: 'Instant Bay', type: 'independent', shopCode: 'SHOPINST01', managerId })
        .returning(),
    );
    const learner = await tech();
    await t.database.db.update(profiles).set({ shopId: shop.id }).where(eq(profiles.id, learner.id));
    await inject(learner.cookie, 'PATCH', '/api/v1/me/preferences', { instantFeedback: true });
    const exam = (await start(learner.cookie, { kind: 'exam', categoryId: null })).json() as View;
    expect(exam.instantFeedback).toBe(false);
    expect((await answer(learner.cookie, exam.id, 0, 'A')).json().reveal).toBeNull();
    const assignment = firstOf(
      await t.database.db
        .insert(testAssignments)
        .values({
          managerId,
          techId: learner.id,
          shopId: shop.id,
          categoryId: category.get('A1') as string,
          dueDate: new Date(Date.now() + 86_400_000),
        })
        .returning(),
    );
    const assigned = (
      await start(learner.cookie, { kind: 'category', categoryId: category.get('A1'), assignmentId: assignment.id })
    ).json() as View;
    expect(assigned).toMatchObject({ instantFeedback: false, origin: 'assignment' });
    expect((await answer(learner.cookie, assigned.id, 0, 'A')).json().reveal).toBeNull();
    // An assigned test is not a self-started one: a plain Start Test in that category starts its own test.
    const own = await start(learner.cookie, { kind: 'category', categoryId: category.get('A1') });
    expect(own.statusCode).toBe(201);
    expect(own.json().id).not.toBe(assigned.id);
    expect(own.json().instantFeedback).toBe(true);
  });
});

describe('assigned tests and open practice tests', () => {
  async function assign(code: string, instantFeedback: boolean, shopCode: string) {
    const mgr = await signUpManager(t.app, shopCode);
    const managerId = mgr.response.json().user.id as string;
    const shop = firstOf(
      await t.database.db
        .insert(shops)
        .values({ name: 'Link Bay', type: 'independent', shopCode, managerId })
        .returning(),
    );
    const learner = await tech();
    await t.database.db.update(profiles).set({ shopId: shop.id }).where(eq(profiles.id, learner.id));
    await inject(learner.cookie, 'PATCH', '/api/v1/me/preferences', { instantFeedback });
    const assignment = firstOf(
      await t.database.db
        .insert(testAssignments)
        .values({
          managerId,
          techId: learner.id,
          shopId: shop.id,
          categoryId: category.get(code) as string,
          dueDate: new Date(Date.now() + 86_400_000),
        })
        .returning(),
    );
    return { learner, assignment };
  }

  it('an open plain test becomes the assigned test; an open instant-feedback test never does', async () => {
    const plain = await assign('A2', false, 'SHOPLINK01');
    const open = (await start(plain.learner.cookie, { kind: 'category', categoryId: category.get('A2') })).json();
    const linked = await start(plain.learner.cookie, {
      kind: 'category',
      categoryId: category.get('A2'),
      assignmentId: plain.assignment.id,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ id: open.id, origin: 'assignment', assignmentId: plain.assignment.id });
    const [row] = await t.database.db.select().from(testAssignments).where(eq(testAssignments.id, plain.assignment.id));
    expect(row).toMatchObject({ status: 'in_progress', testSessionId: open.id });

    const instant = await assign('A2', true, 'SHOPLINK02');
    const shown = (await start(instant.learner.cookie, { kind: 'category', categoryId: category.get('A2') })).json();
    expect(shown.instantFeedback).toBe(true);
    const own = await start(instant.learner.cookie, {
      kind: 'category',
      categoryId: category.get('A2'),
      assignmentId: instant.assignment.id,
    });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ origin: 'assignment', instantFeedback: false });
    expect(own.json().id).not.toBe(shown.id);
    // Started again, the assigned test resumes.
    const again = await start(instant.learner.cookie, {
      kind: 'category',
      categoryId: category.get('A2'),
      assignmentId: instant.assignment.id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(own.json().id);
  });
});

describe('results that lead to the next step', () => {
  it('scores every content area, marks the weakest with the chapter that covers it', async () => {
    const { cookie } = await tech();
    const view = (await start(cookie, { kind: 'category', categoryId: category.get('A5') })).json() as View;
    const weakArea = area.get(view.slots[0]!.question.id) as string;
    const results = await finish(cookie, view, (s) => area.get(s.question.id) !== weakArea);
    const total = results.areas.reduce((n: number, a: { total: number }) => n + a.total, 0);
    expect(total).toBe(view.slots.length);
    const weakest = results.areas.filter((a: { weakest: boolean }) => a.weakest);
    expect(weakest).toHaveLength(1);
    expect(weakest[0]).toMatchObject({ area: weakArea, correct: 0, categoryCode: 'A5' });
    expect(weakest[0].chapter).toMatchObject({ number: expect.any(Number), title: expect.any(String) });
    expect(results.review[0].contentArea).toBe(weakArea);
    const read = (await inject(cookie, 'GET', `/api/v1/test-sessions/${view.id}`)).json();
    expect(read.results.areas).toEqual(results.areas);
  });
});

describe('dashboard progress', () => {
  it('lists open tests with answered counts, the last score and the open test of each category', async () => {
    const { cookie } = await tech();
    const passed = (await start(cookie, { kind: 'category', categoryId: category.get('A7') })).json() as View;
    await finish(cookie, passed, (s) => s.position < 16);
    const open = (await start(cookie, { kind: 'category', categoryId: category.get('A7') })).json() as View;
    for (const s of open.slots.slice(0, 12)) await answer(cookie, open.id, s.position, 'A');
    const quiz = (await start(cookie, { kind: 'warm-up', categoryId: category.get('A2') })).json() as View;
    await finish(cookie, quiz, () => false);
    const dash = (await inject(cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(dash.openTests).toHaveLength(1);
    expect(dash.openTests[0]).toMatchObject({
      id: open.id,
      kind: 'category',
      origin: 'practice',
      category: { code: 'A7', name: 'Heating & AC' },
      answered: 12,
      total: open.slots.length,
      deadlineAt: null,
    });
    const a7 = dash.categories.find((c: { categoryId: string }) => c.categoryId === category.get('A7'));
    expect(a7).toEqual({ categoryId: category.get('A7'), lastScore: 80, lastPassed: true, openSessionId: open.id });
    // A warm-up's score is not the category's last test score.
    const a2 = dash.categories.find((c: { categoryId: string }) => c.categoryId === category.get('A2'));
    expect(a2).toMatchObject({ lastScore: null, openSessionId: null });
    expect(dash.history[0]).toMatchObject({ origin: 'warm_up', passed: false, category: { code: 'A2' } });
    // Another technician's tests never show.
    const other = await tech();
    const theirs = (await inject(other.cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(theirs.openTests).toEqual([]);
  });
});

describe('the free test saved into a new account', () => {
  const answers = { 'free-1': 'B', 'free-2': 'D', 'free-3': 'A', 'free-4': 'A', 'free-5': 'D' };

  it('scores it on the server and saves it once as a completed A1 test', async () => {
    const { cookie, id } = await tech();
    const before = (await inject(cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(before).toMatchObject({ freeTestSaved: false, freeTestImportOpen: true });
    const r = await inject(cookie, 'POST', '/api/v1/me/free-test-result', { answers });
    expect(r.statusCode).toBe(201);
    expect(r.json().results).toMatchObject({ correct: 4, total: 5, score: 80, passed: true });
    const row = firstOf(await t.database.db.select().from(testSessions).where(eq(testSessions.techId, id)));
    expect(row).toMatchObject({ origin: 'free_test', kind: 'category', score: 80, totalQuestions: 5 });
    expect(row.completedAt).not.toBeNull();
    const dash = (await inject(cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(dash.freeTestSaved).toBe(true);
    expect(dash.freeTestImportOpen).toBe(false);
    expect(dash.insights.testsTaken).toBe(1);
    const twice = await inject(cookie, 'POST', '/api/v1/me/free-test-result', { answers });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('FREE_TEST_SAVED');
  });

  /** Makes the technician's account `ms` old (its profile's creation is when it was made). */
  const ageAccount = (id: string, ms: number) =>
    t.database.db
      .update(profiles)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(profiles.id, id));
  const DAY = 86_400_000;

  it('is taken only in the account’s first 7 days: later 409 FREE_TEST_TOO_LATE, and the dashboard stops offering it', async () => {
    expect(FREE_TEST_IMPORT_DAYS).toBe(7);
    // A minute before the window closes, it is still taken.
    const early = await tech();
    await ageAccount(early.id, 7 * DAY - 60_000);
    expect((await inject(early.cookie, 'GET', '/api/v1/me/practice-dashboard')).json().freeTestImportOpen).toBe(true);
    expect((await inject(early.cookie, 'POST', '/api/v1/me/free-test-result', { answers })).statusCode).toBe(201);

    // Once 7 days have passed, it is refused and nothing is saved: no test, no achievement, no pass.
    const late = await tech();
    await ageAccount(late.id, 7 * DAY);
    const dash = (await inject(late.cookie, 'GET', '/api/v1/me/practice-dashboard')).json();
    expect(dash).toMatchObject({ freeTestSaved: false, freeTestImportOpen: false });
    const refused = await inject(late.cookie, 'POST', '/api/v1/me/free-test-result', { answers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'FREE_TEST_TOO_LATE',
      message:
        'Your free test can be added to your history only in the first 7 days after you sign up. ' +
        'Take a practice test instead: it counts the same way.',
      details: { days: 7 },
    });
    expect(await t.database.db.select().from(testSessions).where(eq(testSessions.techId, late.id))).toEqual([]);
    expect((await inject(late.cookie, 'GET', '/api/v1/me/achievements')).json().earnedCount).toBe(0);

    // A year-old account, the probe's case: the same.
    const old = await tech();
    await ageAccount(old.id, 365 * DAY);
    const again = await inject(old.cookie, 'POST', '/api/v1/me/free-test-result', { answers });
    expect(again.json().error.code).toBe('FREE_TEST_TOO_LATE');
  });

  it('shows as the free test wherever the manager sees the technician’s tests', async () => {
    const manager = await entitledManager(t.app);
    const member = await technicianInShop(t.app, manager, 'Frida Free');
    expect((await inject(member.cookie, 'POST', '/api/v1/me/free-test-result', { answers })).statusCode).toBe(201);
    const history = await inject(manager.cookie, 'GET', '/api/v1/manager/test-history');
    expect(history.statusCode).toBe(200);
    expect(history.json().sessions).toMatchObject([
      { technician: { fullName: 'Frida Free' }, origin: 'free_test', category: { code: 'A1' }, score: 80 },
    ]);
    const detail = await inject(manager.cookie, 'GET', `/api/v1/manager/technicians/${member.id}/analytics`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().analytics.trend.points).toMatchObject([{ origin: 'free_test', categoryCode: 'A1' }]);
    // A test taken in the app is not labelled so.
    const view = (await start(member.cookie, { kind: 'category', categoryId: category.get('A2') })).json() as View;
    await finish(member.cookie, view, () => true);
    const after = (await inject(manager.cookie, 'GET', '/api/v1/manager/test-history')).json().sessions;
    expect(after.map((s: { origin: string }) => s.origin)).toEqual(['practice', 'free_test']);
  });

  it('refuses an incomplete or malformed answer set, anonymous callers and managers', async () => {
    const { cookie, id } = await tech();
    const partial = await inject(cookie, 'POST', '/api/v1/me/free-test-result', { answers: { 'free-1': 'B' } });
    expect(partial.statusCode).toBe(400);
    const bad = await inject(cookie, 'POST', '/api/v1/me/free-test-result', { answers: { 'free-1': 'E' } });
    expect(bad.statusCode).toBe(400);
    expect((await inject(cookie, 'POST', '/api/v1/me/free-test-result', {})).statusCode).toBe(400);
    expect(await t.database.db.select().from(testSessions).where(eq(testSessions.techId, id))).toEqual([]);
    expect((await inject('', 'POST', '/api/v1/me/free-test-result', { answers })).statusCode).toBe(401);
    const mgr = await signUpManager(t.app, 'SHOPFREE01');
    expect((await inject(mgr.cookie, 'POST', '/api/v1/me/free-test-result', { answers })).statusCode).toBe(403);
  });
});

describe('who may start these tests', () => {
  it('anonymous 401, manager 403', async () => {
    const body = { kind: 'warm-up', categoryId: category.get('A1') };
    expect((await start('', body)).statusCode).toBe(401);
    const mgr = await signUpManager(t.app, 'SHOPWARM01');
    expect((await start(mgr.cookie, body)).statusCode).toBe(403);
  });
});
