import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerWithShop } from '../../../../tests/fixtures/billing';
import { firstOf } from '../../../../tests/fixtures/present';
import {
  entitledManager,
  pendingRequestId,
  type ShopManager,
  technician,
  technicianInShop,
} from '../../../../tests/fixtures/shop';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app';
import { addCalendarDays, endOfDay, today } from '../../../domain/calendar-day';
import {
  aseCategories,
  authUsers,
  profiles,
  questions,
  shopChangeRequests,
  subscriptionPlans,
  subscriptions,
  techCategoryScores,
  techTestTotals,
  testAssignments,
  testSessions,
} from '../../db/schema';
import { rebuildProgressTotals } from '../practice/progress-totals';

let t: TestApp;
const category = new Map<string, string>();
const key = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.database.db.select().from(aseCategories)) category.set(c.code, c.id);
  for (const q of await t.database.db.select({ id: questions.id, a: questions.correctAnswer }).from(questions)) {
    key.set(q.id, q.a);
  }
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });
const get = (url: string, cookie?: string) => call('GET', url, cookie);
const post = (url: string, cookie?: string, payload: unknown = {}) => call('POST', url, cookie, payload);

type Slot = { position: number; question: { id: string } };
const wrong = (letter: string) => (letter === 'A' ? 'B' : 'A');

/** A category test taken through the API with `right` of 20 answered correctly; returns the session id. */
async function takeTest(cookie: string, code: string, right: number, assignmentId?: string, submit = true) {
  const started = await post('/api/v1/test-sessions', cookie, {
    kind: 'category',
    categoryId: category.get(code),
    assignmentId,
  });
  expect(started.statusCode).toBe(201);
  const session = started.json() as { id: string; slots: Slot[] };
  for (const slot of session.slots) {
    const answer = key.get(slot.question.id) as string;
    const r = await call('PUT', `/api/v1/test-sessions/${session.id}/answers/${slot.position}`, cookie, {
      answer: slot.position < right ? answer : wrong(answer),
    });
    expect(r.statusCode).toBe(200);
  }
  if (submit) expect((await post(`/api/v1/test-sessions/${session.id}/submit`, cookie)).statusCode).toBe(200);
  return session.id;
}

function assignBody(techId: string, overrides: Record<string, unknown> = {}) {
  return {
    techId,
    categoryId: category.get('A5'),
    dueDate: addCalendarDays(today(new Date(), 'UTC'), 7),
    notes: 'Brakes refresher',
    ...overrides,
  };
}

describe('join requests', () => {
  it('lists a pending request; reject leaves the technician out; a new request approved brings them in', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technician(t.app, { fullName: 'Rita Request' });
    const asked = await post('/api/v1/me/shop-requests', tech.cookie, {
      shopCode: manager.shop.shopCode.toLowerCase(),
      notes: 'New hire on bay 3',
    });
    expect(asked.statusCode).toBe(201);

    const pending = (await get('/api/v1/manager/join-requests', manager.cookie)).json().requests;
    expect(pending).toEqual([
      {
        id: expect.any(String),
        technician: { id: tech.id, fullName: 'Rita Request', email: tech.email },
        requestedShopCode: manager.shop.shopCode,
        notes: 'New hire on bay 3',
        requestedAt: expect.any(String),
      },
    ]);
    expect((await get('/api/v1/manager/overview', manager.cookie)).json()).toMatchObject({
      technicians: 0,
      pendingApprovals: 1,
    });

    const rejected = await post(`/api/v1/manager/join-requests/${pending[0].id}/reject`, manager.cookie);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ id: pending[0].id, status: 'rejected' });
    expect((await get('/api/v1/me', tech.cookie)).json().user.shop).toBeNull();
    expect((await get('/api/v1/manager/join-requests', manager.cookie)).json().requests).toEqual([]);

    await post('/api/v1/me/shop-requests', tech.cookie, { shopCode: manager.shop.shopCode });
    const second = await pendingRequestId(t.app, manager, tech.id);
    const approved = await post(`/api/v1/manager/join-requests/${second}/approve`, manager.cookie);
    expect(approved.json()).toEqual({ id: second, status: 'approved' });
    expect((await get('/api/v1/me', tech.cookie)).json().user.shop).toMatchObject({ id: manager.shop.id });
    expect((await get('/api/v1/manager/overview', manager.cookie)).json()).toMatchObject({
      technicians: 1,
      pendingApprovals: 0,
    });
    const row = firstOf(await t.database.db.select().from(shopChangeRequests).where(eq(shopChangeRequests.id, second)));
    expect(row).toMatchObject({ status: 'approved', reviewedBy: manager.id });
    expect(row.reviewedAt).toBeInstanceOf(Date);

    const history = (await get('/api/v1/manager/join-requests/history', manager.cookie)).json().requests;
    expect(history.map((h: { status: string }) => h.status)).toEqual(['approved', 'rejected']);
    expect(history[0]).toMatchObject({
      technician: { id: tech.id, fullName: 'Rita Request' },
      reviewer: { id: manager.id, fullName: 'Max Manager' },
      cancelledByTechnician: false,
    });

    // Reviewed once: a second decision is refused and changes nothing.
    const again = await post(`/api/v1/manager/join-requests/${second}/reject`, manager.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REQUEST_ALREADY_REVIEWED');
    expect((await get('/api/v1/me', tech.cookie)).json().user.shop).toMatchObject({ id: manager.shop.id });
  });

  it('gives one result when the same request is approved twice at once', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technician(t.app, { shopCode: manager.shop.shopCode });
    const id = await pendingRequestId(t.app, manager, tech.id);
    const results = await Promise.all([
      post(`/api/v1/manager/join-requests/${id}/approve`, manager.cookie),
      post(`/api/v1/manager/join-requests/${id}/approve`, manager.cookie),
      post(`/api/v1/manager/join-requests/${id}/reject`, manager.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const row = firstOf(await t.database.db.select().from(shopChangeRequests).where(eq(shopChangeRequests.id, id)));
    const inShop = (await get('/api/v1/me', tech.cookie)).json().user.shop !== null;
    expect(inShop).toBe(row.status === 'approved');
  });

  it("refuses to approve past the plan's technician limit, naming it, and keeps the request pending", async () => {
    const manager = await entitledManager(t.app);
    const plan = firstOf(
      await t.database.db
        .insert(subscriptionPlans)
        .values({
          code: `tiny-${manager.id}`,
          name: 'Tiny',
          priceMonthlyCents: 100,
          maxTechnicians: 1,
          shopType: 'both',
          active: false,
        })
        .returning(),
    );
    await t.database.db
      .update(subscriptions)
      .set({ planId: plan.id })
      .where(eq(subscriptions.id, manager.subscriptionId));
    expect((await get('/api/v1/manager/overview', manager.cookie)).json().maxTechnicians).toBe(1);

    const first = await technician(t.app, { shopCode: manager.shop.shopCode });
    const second = await technician(t.app, { shopCode: manager.shop.shopCode });
    const third = await technician(t.app, { shopCode: manager.shop.shopCode });
    const ids = await Promise.all([first, second].map((x) => pendingRequestId(t.app, manager, x.id)));
    // Two approvals at once with room for one: exactly one gets in.
    const both = await Promise.all(
      ids.map((id) => post(`/api/v1/manager/join-requests/${id}/approve`, manager.cookie)),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = both.find((r) => r.statusCode === 409);
    expect(refused?.json().error).toMatchObject({
      code: 'TECHNICIAN_LIMIT_REACHED',
      message: 'Your Tiny plan allows up to 1 technicians. Upgrade your plan to approve more.',
      details: { plan: 'Tiny', max: '1' },
    });
    const thirdId = await pendingRequestId(t.app, manager, third.id);
    expect((await post(`/api/v1/manager/join-requests/${thirdId}/approve`, manager.cookie)).statusCode).toBe(409);
    const overview = (await get('/api/v1/manager/overview', manager.cookie)).json();
    expect(overview).toMatchObject({ technicians: 1, pendingApprovals: 2 });
    // Rejecting is always possible.
    expect((await post(`/api/v1/manager/join-requests/${thirdId}/reject`, manager.cookie)).statusCode).toBe(200);
  });

  it("shows a technician's own cancel in the history as theirs", async () => {
    const manager = await entitledManager(t.app);
    const tech = await technician(t.app, { shopCode: manager.shop.shopCode });
    const id = await pendingRequestId(t.app, manager, tech.id);
    expect((await post(`/api/v1/me/shop-requests/${id}/cancel`, tech.cookie)).statusCode).toBe(200);
    const history = (await get('/api/v1/manager/join-requests/history', manager.cookie)).json().requests;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'rejected', cancelledByTechnician: true, reviewer: { id: tech.id } });
    expect((await post(`/api/v1/manager/join-requests/${id}/approve`, manager.cookie)).statusCode).toBe(409);
  });

  it("answers 404 for another shop's request and an unknown id, and 400 for a malformed one", async () => {
    const manager = await entitledManager(t.app);
    const other = await entitledManager(t.app);
    const tech = await technician(t.app, { shopCode: manager.shop.shopCode });
    const id = await pendingRequestId(t.app, manager, tech.id);
    for (const action of ['approve', 'reject']) {
      const r = await post(`/api/v1/manager/join-requests/${id}/${action}`, other.cookie);
      expect(r.statusCode).toBe(404);
      const unknown = await post(
        `/api/v1/manager/join-requests/00000000-0000-4000-8000-000000000000/${action}`,
        manager.cookie,
      );
      expect(unknown.statusCode).toBe(404);
      expect((await post(`/api/v1/manager/join-requests/not-a-uuid/${action}`, manager.cookie)).statusCode).toBe(400);
    }
    expect((await get('/api/v1/manager/join-requests', other.cookie)).json().requests).toEqual([]);
    expect(await pendingRequestId(t.app, manager, tech.id)).toBe(id);
    expect((await get('/api/v1/me', tech.cookie)).json().user.shop).toBeNull();
  });
});

describe('assignments', () => {
  it('assigns to a shop technician, due at the end of the chosen day in the manager time zone', async () => {
    const manager = await entitledManager(t.app);
    await call('PATCH', '/api/v1/me/preferences', manager.cookie, { timeZone: 'America/Chicago' });
    const tech = await technicianInShop(t.app, manager, 'Andy Assign');
    const dueDate = addCalendarDays(today(new Date(), 'America/Chicago'), 7);
    const r = await post('/api/v1/manager/assignments', manager.cookie, assignBody(tech.id, { dueDate }));
    expect(r.statusCode).toBe(201);
    const assignment = r.json().assignment;
    expect(assignment).toMatchObject({
      technician: { id: tech.id, fullName: 'Andy Assign' },
      category: { code: 'A5', name: 'Brakes' },
      dueDate: endOfDay(dueDate, 'America/Chicago').toISOString(),
      notes: 'Brakes refresher',
      status: 'Not Started',
      dueSoon: false,
      completedAt: null,
    });
    const [row] = await t.database.db.select().from(testAssignments).where(eq(testAssignments.id, assignment.id));
    expect(row).toMatchObject({ managerId: manager.id, shopId: manager.shop.id, status: 'pending' });

    // Due today is allowed (and due soon); yesterday is not.
    const due = today(new Date(), 'America/Chicago');
    const todayAssignment = await post('/api/v1/manager/assignments', manager.cookie, {
      ...assignBody(tech.id, { dueDate: due, categoryId: category.get('A1') }),
      notes: '   ',
    });
    expect(todayAssignment.statusCode).toBe(201);
    expect(todayAssignment.json().assignment).toMatchObject({ dueSoon: true, status: 'Not Started', notes: null });
    const yesterday = await post(
      '/api/v1/manager/assignments',
      manager.cookie,
      assignBody(tech.id, { dueDate: addCalendarDays(due, -1) }),
    );
    expect(yesterday.statusCode).toBe(400);
    expect(yesterday.json().error.message).toBe('The due date cannot be before today');
    // A year ahead at most ('9999-12-31' answered 500).
    for (const [dueDate, status] of [
      ['9999-12-31', 400],
      [addCalendarDays(due, 367), 400],
      [addCalendarDays(due, 365), 201],
    ] as const) {
      const far = await post('/api/v1/manager/assignments', manager.cookie, assignBody(tech.id, { dueDate }));
      expect(far.statusCode, dueDate).toBe(status);
      if (status === 400) expect(far.json().error.message).toBe('The due date can be at most a year from today');
      else await t.database.db.delete(testAssignments).where(eq(testAssignments.id, far.json().assignment.id));
    }

    const list = (await get('/api/v1/manager/assignments', manager.cookie)).json().assignments;
    expect(list.map((a: { category: { code: string } }) => a.category.code)).toEqual(['A1', 'A5']);
    // The technician sees both under Assigned Tests.
    const dashboard = (await get('/api/v1/me/practice-dashboard', tech.cookie)).json();
    expect(dashboard.assignments.map((a: { id: string }) => a.id).sort()).toEqual(
      list.map((a: { id: string }) => a.id).sort(),
    );
  });

  it.each([
    [{ techId: '' }, 'Please choose a technician'],
    [{ categoryId: 'A5' }, 'Please choose a category'],
    [{ dueDate: '' }, 'Please choose a due date'],
    [{ dueDate: '2026-02-30' }, 'Please choose a due date'],
    [{ notes: 'x'.repeat(501) }, 'Notes can be at most 500 characters'],
  ])('validates %o: %s', async (override, message) => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager);
    const r = await post('/api/v1/manager/assignments', manager.cookie, assignBody(tech.id, override));
    expect(r.statusCode).toBe(400);
    expect(r.json().error.message).toBe(message);
    expect(await t.database.db.select().from(testAssignments).where(eq(testAssignments.techId, tech.id))).toEqual([]);
  });

  it('refuses extra fields, and assigns only to this shop: 404 for other technicians and unknown categories', async () => {
    const manager = await entitledManager(t.app);
    const mine = await technicianInShop(t.app, manager);
    const other = await entitledManager(t.app);
    const theirs = await technicianInShop(t.app, other);
    const loner = await technician(t.app);
    const extra = await post('/api/v1/manager/assignments', manager.cookie, {
      ...assignBody(mine.id),
      status: 'completed',
    });
    expect(extra.statusCode).toBe(400);
    for (const techId of [theirs.id, loner.id, manager.id, 'nobody']) {
      const r = await post('/api/v1/manager/assignments', manager.cookie, assignBody(techId));
      expect(r.statusCode).toBe(404);
    }
    const unknownCategory = await post(
      '/api/v1/manager/assignments',
      manager.cookie,
      assignBody(mine.id, { categoryId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknownCategory.statusCode).toBe(404);
    const { n } = firstOf(
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(testAssignments)
        .where(eq(testAssignments.shopId, manager.shop.id)),
    );
    expect(n).toBe(0);
  });

  it('goes Not Started → In Progress → (65: Not Passed Yet) → Completed only at 70 or more; Overdue is derived', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager);
    const id = (await post('/api/v1/manager/assignments', manager.cookie, assignBody(tech.id))).json().assignment.id;
    const assignment = async () =>
      (
        (await get('/api/v1/manager/assignments', manager.cookie)).json().assignments as {
          id: string;
          status: string;
          attempts: number;
          lastScore: number | null;
        }[]
      ).find((a) => a.id === id);
    const status = async () => (await assignment())?.status;
    expect(await assignment()).toMatchObject({ status: 'Not Started', attempts: 0, lastScore: null });
    const failed = await takeTest(tech.cookie, 'A5', 13, id, false);
    expect(await status()).toBe('In Progress');
    await post(`/api/v1/test-sessions/${failed}/submit`, tech.cookie);
    // The manager sees the attempt below the pass mark for what it is, with its score.
    expect(await assignment()).toMatchObject({ status: 'Not Passed Yet', attempts: 1, lastScore: 65 });
    await takeTest(tech.cookie, 'A5', 14, id);
    expect(await assignment()).toMatchObject({ status: 'Completed', attempts: 2, lastScore: 70 });
    const row = firstOf(await t.database.db.select().from(testAssignments).where(eq(testAssignments.id, id)));
    expect(row.completedAt).toBeInstanceOf(Date);

    const late = (await post('/api/v1/manager/assignments', manager.cookie, assignBody(tech.id))).json().assignment.id;
    await t.database.db
      .update(testAssignments)
      .set({ dueDate: new Date(Date.now() - 60_000) })
      .where(eq(testAssignments.id, late));
    const rows = (await get('/api/v1/manager/assignments', manager.cookie)).json().assignments;
    expect(rows.map((a: { status: string }) => a.status)).toEqual(['Overdue', 'Completed']);
    const stored = firstOf(await t.database.db.select().from(testAssignments).where(eq(testAssignments.id, late)));
    expect(stored.status).toBe('pending');
  });

  it('drops a technician who moved to another shop from the table and their old assignments from their list', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager);
    const id = (await post('/api/v1/manager/assignments', manager.cookie, assignBody(tech.id))).json().assignment.id;
    const other = await entitledManager(t.app);
    await post('/api/v1/me/shop-requests', tech.cookie, { shopCode: other.shop.shopCode });
    await post(`/api/v1/manager/join-requests/${await pendingRequestId(t.app, other, tech.id)}/approve`, other.cookie);

    expect((await get('/api/v1/manager/technicians', manager.cookie)).json().technicians).toEqual([]);
    expect((await get('/api/v1/manager/assignments', manager.cookie)).json().assignments).toEqual([]);
    expect((await get('/api/v1/me/practice-dashboard', tech.cookie)).json().assignments).toEqual([]);
    // The old shop's assignment no longer starts a test.
    const start = await post('/api/v1/test-sessions', tech.cookie, {
      kind: 'category',
      categoryId: category.get('A5'),
      assignmentId: id,
    });
    expect(start.statusCode).toBe(404);
    expect((await get('/api/v1/manager/technicians', other.cookie)).json().technicians).toHaveLength(1);
  });
});

describe('progress, history and overview', () => {
  it('counts tests, averages, pass rates, heat row and history from the shop technicians only', async () => {
    const manager = await entitledManager(t.app);
    const ann = await technicianInShop(t.app, manager, 'Ann Able');
    const bob = await technicianInShop(t.app, manager, 'Bob Baker');
    const outsider = await technician(t.app);
    await takeTest(outsider.cookie, 'A1', 20);

    await takeTest(ann.cookie, 'A5', 18); // 90
    await takeTest(ann.cookie, 'A5', 10); // 50
    await takeTest(ann.cookie, 'A1', 12); // 60
    await takeTest(bob.cookie, 'A5', 14); // 70
    await takeTest(bob.cookie, 'A8', 5, undefined, false); // open

    const overview = (await get('/api/v1/manager/overview', manager.cookie)).json();
    expect(overview).toMatchObject({ technicians: 2, totalTests: 5, completedTests: 4, pendingApprovals: 0 });
    expect(overview.maxTechnicians).toBe(15);

    const { technicians } = (await get('/api/v1/manager/technicians', manager.cookie)).json();
    expect(technicians.map((x: { fullName: string }) => x.fullName)).toEqual(['Ann Able', 'Bob Baker']);
    const heat = (x: { categoryBest: (number | null)[] }) =>
      Object.fromEntries(x.categoryBest.map((best, i) => [`A${i + 1}`, best]));
    expect(technicians[0]).toMatchObject({ id: ann.id, testsTaken: 3, averageScore: 67, passRate: 33 });
    expect(heat(technicians[0])).toEqual({
      A1: 60,
      A2: null,
      A3: null,
      A4: null,
      A5: 90,
      A6: null,
      A7: null,
      A8: null,
    });
    expect(technicians[1]).toMatchObject({ testsTaken: 1, averageScore: 70, passRate: 100 });
    expect(heat(technicians[1]).A8).toBeNull();
    // Bob's open A8 test is his latest activity.
    const open = firstOf(
      await t.database.db
        .select()
        .from(testSessions)
        .where(eq(testSessions.techId, bob.id))
        .orderBy(sql`started_at desc`),
    );
    expect(technicians[1].lastActivityAt).toBe(open.startedAt.toISOString());

    const { sessions } = (await get('/api/v1/manager/test-history', manager.cookie)).json();
    expect(
      sessions.map((s: { technician: { fullName: string }; score: number; passed: boolean }) => [
        s.technician.fullName,
        s.score,
        s.passed,
      ]),
    ).toEqual([
      ['Bob Baker', 70, true],
      ['Ann Able', 60, false],
      ['Ann Able', 50, false],
      ['Ann Able', 90, true],
    ]);
    expect(sessions[0].category).toMatchObject({ code: 'A5', name: 'Brakes' });

    // The running totals equal a recount from the sessions.
    const totals = async () => ({
      totals: await t.database.db.select().from(techTestTotals).orderBy(techTestTotals.techId),
      scores: await t.database.db
        .select()
        .from(techCategoryScores)
        .orderBy(techCategoryScores.techId, techCategoryScores.categoryId),
    });
    const before = await totals();
    await rebuildProgressTotals(t.database.db);
    expect(await totals()).toEqual(before);
    // So does the migration that filled them for the tests taken before they existed.
    await t.database.db.execute(sql`delete from tech_category_scores`);
    await t.database.db.execute(sql`delete from tech_test_totals`);
    const migrations = resolve(import.meta.dirname, '../../../../drizzle');
    const file = readdirSync(migrations).find((name) => name.endsWith('_backfill_progress_totals.sql')) as string;
    const backfill = readFileSync(resolve(migrations, file), 'utf8');
    for (const statement of backfill.split('--> statement-breakpoint')) await t.database.db.execute(sql.raw(statement));
    expect(await totals()).toEqual(before);
  });

  it('keeps the best of the latest 5 scores per category, and at most 20 history rows, newest first', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager);
    await takeTest(tech.cookie, 'A2', 19); // 95, pushed out by 5 later tests
    for (let i = 0; i < 5; i++) await takeTest(tech.cookie, 'A2', 10 + i); // 50 … 70
    const [row] = (await get('/api/v1/manager/technicians', manager.cookie)).json().technicians;
    expect(row.categoryBest[1]).toBe(70);
    expect(row.testsTaken).toBe(6);

    const sessionIds = (
      await t.database.db.select({ id: testSessions.id }).from(testSessions).where(eq(testSessions.techId, tech.id))
    ).map((s) => s.id);
    // 20 more completed tests, written straight to the table (history only reads sessions).
    const base = Date.now() - 86_400_000;
    await t.database.db.insert(testSessions).values(
      Array.from({ length: 20 }, (_, i) => ({
        techId: tech.id,
        categoryId: category.get('A3') as string,
        kind: 'category' as const,
        totalQuestions: 20,
        correctAnswers: 10,
        score: 50,
        startedAt: new Date(base + i * 1000),
        completedAt: new Date(base + i * 1000 + 500),
      })),
    );
    await rebuildProgressTotals(t.database.db);
    const { sessions } = (await get('/api/v1/manager/test-history', manager.cookie)).json();
    expect(sessions).toHaveLength(20);
    // The 6 real tests are the newest.
    expect(sessions.slice(0, 6).every((s: { id: string }) => sessionIds.includes(s.id))).toBe(true);
    const times = sessions.map((s: { completedAt: string }) => s.completedAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('finds the same 20 latest tests as a scan of the whole shop history, with many technicians', async () => {
    const manager = await entitledManager(t.app);
    const categories = [...category.values()];
    // 30 technicians written straight to the tables, each with 0–30 tests at random times.
    const techIds = Array.from({ length: 30 }, (_, i) => `history-${manager.id}-${i}`);
    await t.database.db.insert(authUsers).values(techIds.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    await t.database.db.insert(profiles).values(
      techIds.map((id) => ({
        id,
        email: `${id}@example.com`,
        fullName: id,
        role: 'tech' as const,
        shopId: manager.shop.id,
        experienceLevel: '3_to_5' as const,
      })),
    );
    const base = Date.now() - 30 * 86_400_000;
    const sessions = techIds.flatMap((techId) =>
      Array.from({ length: Math.floor(Math.random() * 31) }, () => {
        const completedAt = new Date(base + Math.floor(Math.random() * 30 * 86_400_000));
        return {
          techId,
          categoryId: categories[Math.floor(Math.random() * categories.length)],
          kind: 'category' as const,
          totalQuestions: 20,
          correctAnswers: 10,
          score: 50,
          startedAt: new Date(completedAt.getTime() - 60_000),
          completedAt,
        };
      }),
    );
    await t.database.db.insert(testSessions).values(sessions);
    await rebuildProgressTotals(t.database.db);

    const scan = await t.database.db
      .select({ id: testSessions.id })
      .from(testSessions)
      .innerJoin(profiles, eq(profiles.id, testSessions.techId))
      .where(sql`${profiles.shopId} = ${manager.shop.id} and ${testSessions.completedAt} is not null`)
      .orderBy(sql`${testSessions.completedAt} desc, ${testSessions.id}`)
      .limit(20);
    const { sessions: shown } = (await get('/api/v1/manager/test-history', manager.cookie)).json();
    expect(shown.map((x: { id: string }) => x.id)).toEqual(scan.map((x) => x.id));
  });

  it('shows empty states as empty lists and zeros', async () => {
    const manager = await entitledManager(t.app);
    expect((await get('/api/v1/manager/overview', manager.cookie)).json()).toMatchObject({
      technicians: 0,
      totalTests: 0,
      completedTests: 0,
      pendingApprovals: 0,
    });
    for (const [url, field] of [
      ['/api/v1/manager/technicians', 'technicians'],
      ['/api/v1/manager/assignments', 'assignments'],
      ['/api/v1/manager/test-history', 'sessions'],
      ['/api/v1/manager/join-requests', 'requests'],
      ['/api/v1/manager/join-requests/history', 'requests'],
    ] as const) {
      expect((await get(url, manager.cookie)).json()[field]).toEqual([]);
    }
  });
});

describe('who may call the manager routes', () => {
  let manager: ShopManager;
  let otherManager: ShopManager;
  let tech: { cookie: string; id: string };
  let otherTech: { cookie: string; id: string };
  let requestId: string;
  let noPlanCookie: string;

  beforeAll(async () => {
    manager = await entitledManager(t.app);
    otherManager = await entitledManager(t.app);
    tech = await technicianInShop(t.app, manager);
    otherTech = await technicianInShop(t.app, otherManager);
    await takeTest(tech.cookie, 'A5', 15);
    await post('/api/v1/manager/assignments', manager.cookie, assignBody(tech.id));
    const applicant = await technician(t.app, { shopCode: manager.shop.shopCode });
    requestId = await pendingRequestId(t.app, manager, applicant.id);
    noPlanCookie = (await managerWithShop(t.app)).cookie;
  });

  const reads = [
    '/api/v1/manager/overview',
    '/api/v1/manager/technicians',
    '/api/v1/manager/assignments',
    '/api/v1/manager/test-history',
    '/api/v1/manager/join-requests',
    '/api/v1/manager/join-requests/history',
  ];

  it.each(reads)('GET %s: 401 signed out, 403 for technicians and a manager without a plan', async (url) => {
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, tech.cookie)).statusCode).toBe(403);
    expect((await get(url, otherTech.cookie)).statusCode).toBe(403);
    expect((await get(url, noPlanCookie)).statusCode).toBe(403);
    expect((await get(url, manager.cookie)).statusCode).toBe(200);
  });

  it.each(reads)("GET %s: another shop's manager sees nothing of this shop", async (url) => {
    const body = (await get(url, otherManager.cookie)).body;
    expect(body).not.toContain(tech.id);
    expect(body).not.toContain(requestId);
    expect(body).not.toContain(manager.shop.id);
  });

  it('writes: 401 signed out, 403 technicians, 404 another shop manager, 2xx this shop manager', async () => {
    const writes: [string, unknown][] = [
      ['/api/v1/manager/assignments', assignBody(tech.id)],
      [`/api/v1/manager/join-requests/${requestId}/reject`, {}],
    ];
    for (const [url, payload] of writes) {
      expect((await post(url, undefined, payload)).statusCode).toBe(401);
      expect((await post(url, tech.cookie, payload)).statusCode).toBe(403);
      expect((await post(url, otherTech.cookie, payload)).statusCode).toBe(403);
      expect((await post(url, noPlanCookie, payload)).statusCode).toBe(403);
      expect((await post(url, otherManager.cookie, payload)).statusCode).toBe(404);
      expect((await post(url, manager.cookie, payload)).statusCode).toBeLessThan(300);
    }
    const request = firstOf(
      await t.database.db.select().from(shopChangeRequests).where(eq(shopChangeRequests.id, requestId)),
    );
    expect(request.reviewedBy).toBe(manager.id);
    const me = firstOf(await t.database.db.select().from(profiles).where(eq(profiles.id, otherTech.id)));
    expect(me.shopId).toBe(otherManager.shop.id);
  });
});

describe('assignment creation limit', () => {
  it('answers 429 with Retry-After past the per-user creation limit', async () => {
    const limited = await createTestApp({ CREATE_LIMIT_PER_USER: '2' });
    try {
      const manager = await entitledManager(limited.app);
      const tech = await technicianInShop(limited.app, manager);
      const a5 = firstOf(await limited.database.db.select().from(aseCategories).where(eq(aseCategories.code, 'A5')));
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/manager/assignments',
          headers: { cookie: manager.cookie },
          payload: { techId: tech.id, categoryId: a5.id, dueDate: addCalendarDays(today(new Date(), 'UTC'), 7) },
        });
        statuses.push(r.statusCode);
        if (r.statusCode === 429) expect(r.headers['retry-after']).toBeDefined();
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
