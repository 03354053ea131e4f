import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnswerKey, answerTest, practiceContent, startTest, submitTest } from '../../../tests/fixtures/practice';
import { firstOf } from '../../../tests/fixtures/present';
import { createTestApp, signUpTech, type TestApp } from '../../../tests/fixtures/test-app';
import { typedQuery } from '../db/prepared';
import { questionDifficultyStats, questions, testAnswers, userQuestionProgress } from '../db/schema';
import { aggregateDifficultyStats } from './difficulty-stats';

/**
 * The shared difficulty statistics count one answer per technician and question, their first (ADR 0014):
 * a security probe answered the same 20 A5 questions wrong 30 times from one account, through chained
 * "missed questions" tests, and turned them "hard" for everyone.
 */
let t: TestApp;
let content: { key: AnswerKey; categories: Map<string, string> };
let freeTest: { id: string; answer: Letter }[];

beforeAll(async () => {
  t = await createTestApp({ CREATE_LIMIT_PER_USER: '1000' });
  content = await practiceContent(t.database.db);
  freeTest = await t.database.db
    .select({ id: questions.id, answer: questions.correctAnswer })
    .from(questions)
    .where(and(eq(questions.pool, 'free_test'), eq(questions.active, true)))
    .orderBy(asc(questions.position));
});
afterAll(async () => {
  await t.close();
});

type Letter = 'A' | 'B' | 'C' | 'D';
type Slot = { position: number; question: { id: string }; categoryCode: string };
type Session = { id: string; slots: Slot[] };
const category = (code: string) => content.categories.get(code) as string;
const wrong = (letter: Letter): Letter => (letter === 'A' ? 'B' : 'A');
const call = (cookie: string, method: 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, payload: payload as never });

async function tech() {
  const { cookie, response } = await signUpTech(t.app);
  return { cookie, id: response.json().user.id as string };
}

/** Each question's counts as the job has left them (zeros for a question never counted). */
async function statsOf(ids: string[]) {
  const rows = await t.database.db
    .select()
    .from(questionDifficultyStats)
    .where(inArray(questionDifficultyStats.questionId, ids));
  const byId = new Map(rows.map((r) => [r.questionId, r]));
  return new Map(
    ids.map((id) => {
      const row = byId.get(id);
      return [id, { answered: row?.timesAnswered ?? 0, correct: row?.timesCorrect ?? 0, difficulty: row?.difficulty }];
    }),
  );
}

/** How many answers and right answers each question gained between two reads. */
function gained(before: Awaited<ReturnType<typeof statsOf>>, after: Awaited<ReturnType<typeof statsOf>>) {
  return new Map(
    [...after].map(([id, now]) => {
      const was = before.get(id) ?? { answered: 0, correct: 0 };
      return [id, { answered: now.answered - was.answered, correct: now.correct - was.correct }];
    }),
  );
}

const countsOf = async (sessionId: string) =>
  (
    await t.database.db
      .select({ counts: testAnswers.countsForStats })
      .from(testAnswers)
      .where(eq(testAnswers.sessionId, sessionId))
      .orderBy(asc(testAnswers.position))
  ).map((r) => r.counts);

/** The questions missed in `source`, as a new test answered all wrong and submitted. */
async function missedAllWrong(cookie: string, source: string): Promise<Session> {
  const started = await call(cookie, 'POST', '/api/v1/test-sessions', { kind: 'missed', sessionId: source });
  expect(started.statusCode).toBe(201);
  const session = started.json() as Session;
  await answerTest(t.app, cookie, session, content.key, 0);
  expect((await submitTest(t.app, cookie, session.id)).statusCode).toBe(200);
  return session;
}

async function importFreeTest(cookie: string, right: (index: number) => boolean) {
  const answers = Object.fromEntries(freeTest.map((q, i) => [q.id, right(i) ? q.answer : wrong(q.answer)]));
  const r = await call(cookie, 'POST', '/api/v1/me/free-test-result', { answers });
  expect(r.statusCode).toBe(201);
  return r.json().id as string;
}

describe('one technician answering a question again and again', () => {
  it('adds one answer per question, however many chained "missed" tests repeat it (the probe)', async () => {
    await aggregateDifficultyStats(t.database.db);
    const prober = await tech();
    const first = await startTest(t.app, prober.cookie, { kind: 'category', categoryId: category('A5') });
    await answerTest(t.app, prober.cookie, first, content.key, 0);
    expect((await submitTest(t.app, prober.cookie, first.id)).statusCode).toBe(200);
    const ids = first.slots.map((s) => s.question.id);
    const before = await statsOf(ids);
    expect(await countsOf(first.id)).toEqual(Array(20).fill(true));

    let source = first.id;
    for (let i = 0; i < 3; i++) {
      const missed = await missedAllWrong(prober.cookie, source);
      expect(missed.slots.map((s) => s.question.id).sort()).toEqual([...ids].sort());
      expect(await countsOf(missed.id)).toEqual(Array(20).fill(false));
      source = missed.id;
    }
    // Four submitted tests, all counted by the job, yet each question gained one wrong answer.
    expect(await aggregateDifficultyStats(t.database.db)).toBe(4);
    expect(gained(before, await statsOf(ids))).toEqual(new Map(ids.map((id) => [id, { answered: 1, correct: 0 }])));
    const progress = await t.database.db
      .select()
      .from(userQuestionProgress)
      .where(eq(userQuestionProgress.userId, prober.id));
    // The technician's own progress still counts every answer.
    expect(progress.map((p) => p.timesAnswered)).toEqual(Array(20).fill(4));
  });

  it('counts each technician once: later wrong answers of one leave the difficulty where both put it', async () => {
    await aggregateDifficultyStats(t.database.db);
    const ids = freeTest.map((q) => q.id);
    const before = await statsOf(ids);
    const honest = await tech();
    await importFreeTest(honest.cookie, () => true);
    const prober = await tech();
    const saved = await importFreeTest(prober.cookie, (i) => i < 2);
    expect(await aggregateDifficultyStats(t.database.db)).toBe(2);
    const both = await statsOf(ids);
    expect(gained(before, both)).toEqual(new Map(ids.map((id, i) => [id, { answered: 2, correct: i < 2 ? 2 : 1 }])));

    // The three missed, answered wrong twice more through chained "missed" tests: nothing moves.
    const again = await missedAllWrong(prober.cookie, saved);
    expect(again.slots).toHaveLength(3);
    await missedAllWrong(prober.cookie, again.id);
    expect(await aggregateDifficultyStats(t.database.db)).toBe(2);
    expect(await statsOf(ids)).toEqual(both);
  });

  it('counts an exam’s copies of a question once, its first answered copy; blanks never', async () => {
    await aggregateDifficultyStats(t.database.db);
    const me = await tech();
    // A one-category exam repeats questions as copies to reach 60 when its pool holds fewer: leave A8 40.
    const pool = await t.database.db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.categoryId, category('A8')), eq(questions.pool, 'practice'), eq(questions.active, true)))
      .orderBy(asc(questions.id));
    const retired = pool.slice(40).map((q) => q.id);
    await t.database.db.update(questions).set({ active: false }).where(inArray(questions.id, retired));
    const exam = await startTest(t.app, me.cookie, { kind: 'exam', categoryId: category('A8') }).finally(() =>
      t.database.db.update(questions).set({ active: true }).where(inArray(questions.id, retired)),
    );
    const copies = new Map<string, number[]>();
    for (const s of [...exam.slots].sort((a, b) => a.position - b.position)) {
      copies.set(s.question.id, [...(copies.get(s.question.id) ?? []), s.position]);
    }
    const repeated = [...copies.values()].filter((positions) => positions.length > 1);
    expect(repeated.length).toBeGreaterThan(0);
    // Every slot answered but each repeated question's first copy, left blank.
    const blank = new Set(repeated.map((positions) => positions[0]));
    for (const s of exam.slots) {
      if (blank.has(s.position)) continue;
      const r = await call(me.cookie, 'PUT', `/api/v1/test-sessions/${exam.id}/answers/${s.position}`, {
        answer: content.key.get(s.question.id),
      });
      expect(r.statusCode).toBe(200);
    }
    expect((await submitTest(t.app, me.cookie, exam.id)).statusCode).toBe(200);
    const firstAnswered = new Set([...copies.values()].map((positions) => positions.find((p) => !blank.has(p))));
    expect(await countsOf(exam.id)).toEqual(exam.slots.map((s) => firstAnswered.has(s.position)));

    const ids = [...copies.keys()];
    const before = await statsOf(ids);
    expect(await aggregateDifficultyStats(t.database.db)).toBe(1);
    expect(gained(before, await statsOf(ids))).toEqual(new Map(ids.map((id) => [id, { answered: 1, correct: 1 }])));
  });
});

describe('answers submitted by the previous release (counts_for_stats null), during a rolling deploy', () => {
  it('count as they always did, each one', async () => {
    await aggregateDifficultyStats(t.database.db);
    const me = await tech();
    const saved = await importFreeTest(me.cookie, () => false);
    const again = await missedAllWrong(me.cookie, saved);
    // The previous release's submit does not know the column: both tests' answers carry null.
    await t.database.db
      .update(testAnswers)
      .set({ countsForStats: null })
      .where(inArray(testAnswers.sessionId, [saved, again.id]));
    const ids = freeTest.map((q) => q.id);
    const before = await statsOf(ids);
    expect(await aggregateDifficultyStats(t.database.db)).toBe(2);
    expect(gained(before, await statsOf(ids))).toEqual(new Map(ids.map((id) => [id, { answered: 2, correct: 0 }])));
  });
});

// PGlite is one connection: two submits of one technician cannot overlap there, so this needs PostgreSQL.
describe.skipIf(!process.env.DATABASE_URL)('a submit that waited for another submit of the same technician', () => {
  it('does not count a question the other submit answered first', async () => {
    await aggregateDifficultyStats(t.database.db);
    const me = await tech();
    const test = await startTest(t.app, me.cookie, { kind: 'category', categoryId: category('A5') });
    await answerTest(t.app, me.cookie, test, content.key, 10);
    // By position: the first 10 answered right.
    const ids = [...test.slots].sort((a, b) => a.position - b.position).map((s) => s.question.id);
    const { name } = firstOf(
      await typedQuery(t.database.db, { name: sql<string>`current_database()` }, (columns) => sql`select ${columns}`),
    );
    const url = Object.assign(new URL(process.env.DATABASE_URL as string), { pathname: `/${name}` }).toString();
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      // Another submit of this technician holds the technician's submit lock and answers half the questions:
      // it commits their progress rows, as its own upsert would.
      await other.query('begin');
      await other.query(`select pg_advisory_xact_lock(hashtext('submit_test_session'), hashtext($1))`, [me.id]);
      const submitted = submitTest(t.app, me.cookie, test.id);
      // This submit's statement has begun (its snapshot taken) and waits for the lock.
      for (let waited = 0; ; waited += 10) {
        const { rows } = await other.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
        );
        if (rows[0].n > 0) break;
        if (waited > 10_000) throw new Error('the submit never waited for the lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await other.query(
        `insert into user_question_progress (user_id, question_id, times_answered, times_correct)
         select $1, unnest($2::text[]), 1, 0`,
        [me.id, ids.slice(0, 10)],
      );
      await other.query('commit');
      expect((await submitted).statusCode).toBe(200);
    } finally {
      await other.end();
    }
    // Its snapshot saw no progress for any of them; the half the other submit answered is uncounted after.
    expect(await countsOf(test.id)).toEqual(ids.map((_, i) => i >= 10));
    const progress = await t.database.db
      .select()
      .from(userQuestionProgress)
      .where(eq(userQuestionProgress.userId, me.id));
    expect(new Map(progress.map((p) => [p.questionId, p.timesAnswered]))).toEqual(
      new Map(ids.map((id, i) => [id, i < 10 ? 2 : 1])),
    );
    const before = await statsOf(ids);
    expect(await aggregateDifficultyStats(t.database.db)).toBe(1);
    expect(gained(before, await statsOf(ids))).toEqual(
      new Map(ids.map((id, i) => [id, { answered: i < 10 ? 0 : 1, correct: 0 }])),
    );
  });
});
