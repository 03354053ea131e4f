import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpManager, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { achievements, aseCategories, testSessions, userAchievements } from '../../db/schema';

let t: TestApp;
const categoryIds = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.database.db.select().from(aseCategories)) categoryIds.set(c.code, c.id);
});
afterAll(async () => {
  await t.close();
});

const inject = (cookie: string | undefined, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });

async function tech() {
  const { cookie, response } = await signUpTech(t.app);
  return { cookie, id: response.json().user.id as string };
}

/** Answers a started test in SQL: the first `right` slots correctly, the rest wrongly. */
async function answerInSql(sessionId: string, right: number) {
  await t.database.db.execute(sql`
    update test_answers ta set selected_answer = case
      when ta.position < ${right} then q.correct_answer
      when q.correct_answer = 'A' then 'B' else 'A' end
    from questions q where q.id = ta.question_id and ta.session_id = ${sessionId}`);
}

/** A test started through the API (a category test, unless `body` says otherwise) and answered in SQL. */
async function answeredTest(cookie: string, right: number, code = 'A1', body?: Record<string, unknown>) {
  const started = await inject(
    cookie,
    'POST',
    '/api/v1/test-sessions',
    body ?? { kind: 'category', categoryId: categoryIds.get(code) },
  );
  expect(started.statusCode).toBe(201);
  const id = started.json().id as string;
  await answerInSql(id, right);
  return id;
}

const submit = (cookie: string, sessionId: string) =>
  inject(cookie, 'POST', `/api/v1/test-sessions/${sessionId}/submit`);

/** Completed tests written straight into the history (a technician who practised before), oldest first. */
let historyClock = Date.now() - 3 * 24 * 3600 * 1000;
async function history(techId: string, scores: number[], code = 'A1') {
  await t.database.db.insert(testSessions).values(
    scores.map((score) => {
      historyClock += 60_000;
      return {
        techId,
        categoryId: categoryIds.get(code),
        kind: 'category' as const,
        totalQuestions: 20,
        correctAnswers: Math.round(score / 5),
        score,
        startedAt: new Date(historyClock - 30_000),
        completedAt: new Date(historyClock),
      };
    }),
  );
}

const codes = (response: { json(): { newAchievements: { code: string }[] } }) =>
  response.json().newAchievements.map((a) => a.code);

/** The user_achievements rows of one user, by achievement code. */
async function stored(userId: string) {
  const list = await t.database.db
    .select({
      code: achievements.code,
      userId: userAchievements.userId,
      earnedAt: userAchievements.earnedAt,
      progress: userAchievements.progress,
    })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .where(eq(userAchievements.userId, userId));
  return Object.fromEntries(
    list.map((r) => [r.code, { earned: r.earnedAt !== null, progress: r.progress, userId: r.userId }]),
  );
}

describe('granting in the submit', () => {
  it('the first completed test earns First Steps, announced once, stored for the real user with progress for locked ones', async () => {
    const { cookie, id } = await tech();
    const sessionId = await answeredTest(cookie, 13);
    const first = await submit(cookie, sessionId);
    expect(first.statusCode).toBe(200);
    expect(first.json().newAchievements).toEqual([
      {
        code: 'first_test',
        name: 'First Steps',
        description: 'Complete your first practice test.',
        icon: 'flag',
        points: 10,
        category: 'milestone',
        earnedAt: first.json().completedAt,
      },
    ]);
    // A repeat of the same submit returns the same result and announces nothing.
    const again = await submit(cookie, sessionId);
    expect(again.json().score).toBe(65);
    expect(codes(again)).toEqual([]);

    const saved = await stored(id);
    expect(saved.first_test).toEqual({ earned: true, progress: 1, userId: id });
    expect(saved.test_taker_5).toEqual({ earned: false, progress: 1, userId: id });
    expect(saved.first_pass).toEqual({ earned: false, progress: 65, userId: id });
    expect(saved.consistent_passer).toBeUndefined(); // no progress, no row

    const second = await submit(cookie, await answeredTest(cookie, 14));
    expect(codes(second)).toEqual(['first_pass']);
    const after = await stored(id);
    expect(after.test_taker_5).toMatchObject({ earned: false, progress: 2 });
    expect(after.first_pass).toMatchObject({ earned: true, progress: 70 });
    expect(after.consistent_passer).toMatchObject({ earned: false, progress: 1 });
  });

  it('a perfect score earns everything it reaches in one submit, ordered by points', async () => {
    const { cookie } = await tech();
    const response = await submit(cookie, await answeredTest(cookie, 20));
    expect(response.json().score).toBe(100);
    expect(codes(response)).toEqual(['first_test', 'first_pass', 'high_achiever', 'perfect_score']);
  });

  it('reads the whole record: the fifth test, the fifth pass in a row and the eighth category', async () => {
    const { cookie, id } = await tech();
    await history(id, [60, 80, 75, 90]);
    for (const code of ['A2', 'A3', 'A4', 'A5', 'A6', 'A7']) await history(id, [70], code);
    // 10 tests so far, the newest 9 passes in a row (the 60 was first), 7 categories passed: A8 completes them.
    const response = await submit(cookie, await answeredTest(cookie, 14, 'A8'));
    expect(codes(response).sort()).toEqual(
      [
        'first_test',
        'test_taker_5',
        'test_veteran_10',
        'first_pass',
        'high_achiever',
        'consistent_passer',
        'master_all_categories',
      ].sort(),
    );
    expect((await stored(id)).test_master_25).toMatchObject({ earned: false, progress: 11 });
  });

  it('two concurrent submits of one category grant each achievement once, and together reach test_taker_5', async () => {
    const { cookie, id } = await tech();
    await history(id, [50, 50, 50]);
    // A category test and a one-category exam of A1: one technician has one open test of each sort.
    const s1 = await answeredTest(cookie, 10);
    const s2 = await answeredTest(cookie, 30, 'A1', { kind: 'exam', categoryId: categoryIds.get('A1') });
    const [r1, r2] = await Promise.all([submit(cookie, s1), submit(cookie, s2)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect([...codes(r1), ...codes(r2)].sort()).toEqual(['first_test', 'test_taker_5']);
    const saved = await stored(id);
    expect(saved.first_test?.earned).toBe(true);
    expect(saved.test_taker_5).toMatchObject({ earned: true, progress: 5 });
    const { n } = firstOf(
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(userAchievements)
        .where(eq(userAchievements.userId, id)),
    );
    expect(n).toBe(Object.keys(saved).length);
  });

  it('concurrent submits of different categories never grant twice; a threshold they cross together is granted by the next test at the latest', async () => {
    const { cookie, id } = await tech();
    await history(id, [50, 50, 50]);
    const [s1, s2] = [await answeredTest(cookie, 10, 'A1'), await answeredTest(cookie, 10, 'A2')];
    const [r1, r2] = await Promise.all([submit(cookie, s1), submit(cookie, s2)]);
    const r3 = await submit(cookie, await answeredTest(cookie, 10, 'A3'));
    const announced = [...codes(r1), ...codes(r2), ...codes(r3)].sort();
    expect(announced).toEqual(['first_test', 'test_taker_5']);
    expect((await stored(id)).test_taker_5).toMatchObject({ earned: true, progress: 5 });
  });

  it('a submit that fails grants nothing: not all answered (400), or a failure at commit (rolled back as one)', async () => {
    const { cookie, id } = await tech();
    const started = await inject(cookie, 'POST', '/api/v1/test-sessions', {
      kind: 'category',
      categoryId: categoryIds.get('A1'),
    });
    const early = await submit(cookie, started.json().id);
    expect(early.statusCode).toBe(400);
    expect(await stored(id)).toEqual({});

    const sessionId = started.json().id as string;
    await answerInSql(sessionId, 20);
    await t.database.db.execute(
      sql.raw(`create function fail_submit() returns trigger language plpgsql as $$
        begin raise exception 'injected failure at commit'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create constraint trigger fail_submit after update on test_sessions
        deferrable initially deferred for each row when (new.completed_at is not null) execute function fail_submit()`),
    );
    try {
      const failed = await submit(cookie, sessionId);
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain('injected');
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_submit on test_sessions'));
      await t.database.db.execute(sql.raw('drop function fail_submit()'));
    }
    expect(await stored(id)).toEqual({});
    const session = firstOf(await t.database.db.select().from(testSessions).where(eq(testSessions.id, sessionId)));
    expect(session.completedAt).toBeNull();
    // Sent again, it completes, and its achievements are announced then.
    const retry = await submit(cookie, sessionId);
    expect(codes(retry)).toEqual(['first_test', 'first_pass', 'high_achiever', 'perfect_score']);
  });

  it('if the grant fails, the submit rolls back with it and nothing is announced; sent again, it completes', async () => {
    const { cookie, id } = await tech();
    const sessionId = await answeredTest(cookie, 15);
    await t.database.db.execute(
      sql.raw(`create function fail_grant() returns trigger language plpgsql as $$
        begin raise exception 'injected grant failure'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger fail_grant before insert or update on user_achievements
        for each row execute function fail_grant()`),
    );
    try {
      const failed = await submit(cookie, sessionId);
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain('injected');
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_grant on user_achievements'));
      await t.database.db.execute(sql.raw('drop function fail_grant()'));
    }
    const [session] = await t.database.db.select().from(testSessions).where(eq(testSessions.id, sessionId));
    expect(session).toMatchObject({ completedAt: null, score: null });
    expect(await stored(id)).toEqual({});

    const retry = await submit(cookie, sessionId);
    expect(retry.json()).toMatchObject({ score: 75, passed: true });
    expect(codes(retry)).toEqual(['first_test', 'first_pass']);
  });

  it('an exam scored when reopened after its deadline announces its achievements with that view, once', async () => {
    const { cookie } = await tech();
    const exam = (await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'exam', categoryId: null })).json();
    await t.database.db
      .update(testSessions)
      .set({ startedAt: new Date(Date.now() - 3_700_000), deadlineAt: new Date(Date.now() - 60_000) })
      .where(eq(testSessions.id, exam.id));
    const view = (await inject(cookie, 'GET', `/api/v1/test-sessions/${exam.id}`)).json();
    expect(view.status).toBe('completed');
    expect(view.results.newAchievements.map((a: { code: string }) => a.code)).toEqual(['first_test']);
    const again = (await inject(cookie, 'GET', `/api/v1/test-sessions/${exam.id}`)).json();
    expect(again.results.newAchievements).toEqual([]);
  });
});

async function latestSession(techId: string) {
  const row = firstOf(
    await t.database.db
      .select({ id: testSessions.id })
      .from(testSessions)
      .where(eq(testSessions.techId, techId))
      .orderBy(sql`completed_at desc nulls last`)
      .limit(1),
  );
  return row.id;
}

describe('GET /api/v1/me/achievements', () => {
  it('lists all ten by points, earned with dates and locked with progress, and the total points', async () => {
    const { cookie } = await tech();
    const empty = await inject(cookie, 'GET', '/api/v1/me/achievements');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ totalPoints: 0, earnedCount: 0 });
    expect(empty.json().achievements).toHaveLength(10);
    expect(empty.json().achievements.every((a: { earnedAt: unknown; progress: number }) => !a.earnedAt)).toBe(true);

    const done = await submit(cookie, await answeredTest(cookie, 19));
    const panel = (await inject(cookie, 'GET', '/api/v1/me/achievements')).json();
    const points = panel.achievements.map((a: { points: number }) => a.points);
    expect(points).toEqual([...points].sort((a, b) => a - b));
    const byCode = Object.fromEntries(panel.achievements.map((a: { code: string }) => [a.code, a]));
    expect(byCode.first_test).toMatchObject({ earnedAt: done.json().completedAt, progress: 1, target: 1 });
    expect(byCode.high_achiever).toMatchObject({ earnedAt: done.json().completedAt, category: 'mastery' });
    expect(byCode.perfect_score).toMatchObject({ earnedAt: null, progress: 95, target: 100, unit: 'score' });
    expect(byCode.test_taker_5).toMatchObject({ earnedAt: null, progress: 1, target: 5, unit: 'tests' });
    expect(byCode.master_all_categories).toMatchObject({ progress: 1, target: 8, unit: 'categories', icon: 'gem' });
    expect(panel).toMatchObject({ earnedCount: 3, totalPoints: 10 + 20 + 50 });
  });

  it("never shows another technician's achievements", async () => {
    const earner = await tech();
    await submit(earner.cookie, await answeredTest(earner.cookie, 20));
    const other = await tech();
    const panel = (await inject(other.cookie, 'GET', '/api/v1/me/achievements')).json();
    expect(panel).toMatchObject({ earnedCount: 0, totalPoints: 0 });
    expect(panel.achievements.every((a: { progress: number }) => a.progress === 0)).toBe(true);
    // Nor can the other technician submit the earner's test to take its achievements.
    const sessionId = await latestSession(earner.id);
    expect((await submit(other.cookie, sessionId)).statusCode).toBe(404);
  });

  it.each(['/api/v1/me/achievements', '/api/v1/me/practice-streak'])('%s: anonymous 401, manager 403', async (url) => {
    expect((await inject(undefined, 'GET', url)).statusCode).toBe(401);
    const code = `SHOP${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, 'X')}`;
    const { cookie } = await signUpManager(t.app, code);
    const response = await inject(cookie, 'GET', url);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBeTruthy();
  });
});

describe('GET /api/v1/me/practice-streak', () => {
  it("counts consecutive days with a completed test, in the profile's zone (UTC until one is reported)", async () => {
    const { cookie, id } = await tech();
    const zero = (await inject(cookie, 'GET', '/api/v1/me/practice-streak')).json();
    expect(zero).toEqual({ days: 0, practicedToday: false, timeZone: 'UTC' });

    const day = 24 * 3600 * 1000;
    const now = Date.now();
    await t.database.db.insert(testSessions).values(
      [now - 2 * day, now - day, now - day + 1000].map((at) => ({
        techId: id,
        categoryId: categoryIds.get('A1'),
        kind: 'category' as const,
        totalQuestions: 20,
        score: 50,
        correctAnswers: 10,
        startedAt: new Date(at - 1000),
        completedAt: new Date(at),
      })),
    );
    // An open test does not count.
    await inject(cookie, 'POST', '/api/v1/test-sessions', { kind: 'category', categoryId: categoryIds.get('A2') });
    expect((await inject(cookie, 'GET', '/api/v1/me/practice-streak')).json()).toMatchObject({
      days: 2,
      practicedToday: false,
    });

    await submit(cookie, await answeredTest(cookie, 10));
    // Tokyo keeps no daylight saving, so 24 hours back is always the day before there too.
    const zone = await inject(cookie, 'PATCH', '/api/v1/me/preferences', { timeZone: 'Asia/Tokyo' });
    expect(zone.statusCode).toBe(200);
    const streak = (await inject(cookie, 'GET', '/api/v1/me/practice-streak')).json();
    expect(streak).toEqual({ days: 3, practicedToday: true, timeZone: 'Asia/Tokyo' });
  });
});
