import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingMailer, verifyTokenIn } from '../../../../tests/fixtures/mail';
import { firstOf } from '../../../../tests/fixtures/present';
import {
  createTestApp,
  signUpManager,
  signUpTech,
  signUpTechWithoutExperience,
  type TestApp,
} from '../../../../tests/fixtures/test-app';
import type { AttemptView } from '../../../domain/contracts/master-challenge';
import { clockStem, MC_GRACE_SECONDS, secondsForQuestion } from '../../../domain/master-challenge';
import {
  aseCategories,
  authUsers,
  masterChallengeAnswers,
  masterChallengeAttempts,
  masterChallengeBest,
  masterChallengeQuestions,
} from '../../db/schema';
import { recountCompetitors } from './leaderboard';

type Letter = 'A' | 'B' | 'C' | 'D';
let t: TestApp;
const key = new Map<string, Letter>();
const categoryOf = new Map<string, string>();
/** Every response body of the challenge routes, checked at the end for answer keys. */
const bodies: { url: string; body: string; status: string }[] = [];

const mailer = capturingMailer();
beforeAll(async () => {
  t = await createTestApp({}, undefined, { mailer });
  const rows = await t.database.db
    .select({
      id: masterChallengeQuestions.id,
      answer: masterChallengeQuestions.correctAnswer,
      code: aseCategories.code,
    })
    .from(masterChallengeQuestions)
    .innerJoin(aseCategories, eq(aseCategories.id, masterChallengeQuestions.categoryId));
  for (const row of rows) {
    key.set(row.id, row.answer);
    categoryOf.set(row.id, row.code);
  }
});
afterAll(async () => {
  await t.close();
});

const quiet = { tabSwitches: 0, focusLosses: 0, windowSizeFlags: 0 };
const wrong = (l: Letter): Letter => (l === 'A' ? 'B' : 'A');

async function call(cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers = {}) {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (url.startsWith('/api/v1/master-challenge')) {
    const view = response.headers['content-type']?.toString().includes('json') ? response.json() : null;
    bodies.push({ url, body: response.body, status: (view as AttemptView | null)?.status ?? '' });
  }
  return response;
}

/** A technician whose e-mail is verified, as the global board requires (the link itself: email-verification.int.test.ts). */
async function tech(name = 'Tina Tech') {
  const { cookie, response } = await signUpTech(t.app, { fullName: name });
  const id = response.json().user.id as string;
  await t.database.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, id));
  return { cookie, id };
}

async function start(cookie: string, headers = {}) {
  const r = await call(cookie, 'POST', '/api/v1/master-challenge/attempts', undefined, headers);
  expect(r.statusCode).toBe(201);
  return r.json() as AttemptView;
}

function answer(cookie: string, attemptId: string, questionOrder: number, letter: Letter, activity = quiet) {
  return call(cookie, 'POST', `/api/v1/master-challenge/attempts/${attemptId}/answers`, {
    questionOrder,
    answer: letter,
    activity,
  });
}

/** Moves an attempt back in time by `seconds`: its start and every time the server recorded for it. */
async function travel(attemptId: string, seconds: number) {
  const shift = sql`make_interval(secs => ${seconds})`;
  await t.database.db
    .update(masterChallengeAttempts)
    .set({ startedAt: sql`${masterChallengeAttempts.startedAt} - ${shift}` })
    .where(eq(masterChallengeAttempts.id, attemptId));
  await t.database.db
    .update(masterChallengeAnswers)
    .set({
      presentedAt: sql`${masterChallengeAnswers.presentedAt} - ${shift}`,
      answeredAt: sql`${masterChallengeAnswers.answeredAt} - ${shift}`,
    })
    .where(eq(masterChallengeAnswers.attemptId, attemptId));
}

/**
 * Answers every remaining question, `seconds` after each was served, right for the first `right` of them.
 * Returns the final view.
 */
async function finish(cookie: string, view: AttemptView, right: number, seconds = 3, activity = quiet) {
  let current = view;
  while (current.current) {
    const { order, question } = current.current;
    await travel(current.id, seconds);
    const k = key.get(question.id) as Letter;
    const r = await answer(cookie, current.id, order, order < right ? k : wrong(k), activity);
    expect(r.statusCode, r.body).toBe(200);
    current = r.json();
    expect(current.lastAnswer).toEqual({ order, outcome: 'recorded' });
  }
  return current;
}

/**
 * Each question's time in an attempt, by position: 10 s, more for a long stem. Real stems run
 * 35–97 words, so the times differ from question to question.
 */
async function secondsOf(attemptId: string): Promise<number[]> {
  const rows = await t.database.db
    .select({
      order: masterChallengeAnswers.questionOrder,
      stem: masterChallengeQuestions.questionText,
      es: masterChallengeQuestions.es,
    })
    .from(masterChallengeAnswers)
    .innerJoin(masterChallengeQuestions, eq(masterChallengeQuestions.id, masterChallengeAnswers.questionId))
    .where(eq(masterChallengeAnswers.attemptId, attemptId));
  return rows.sort((a, b) => a.order - b.order).map((r) => secondsForQuestion(clockStem(r.stem, r.es?.question), 10));
}

/** Seconds from the first question's serving until question `order` is served, when every one before times out. */
const timeoutsUntil = (seconds: number[], order: number) =>
  seconds.slice(0, order).reduce((sum, s) => sum + s + MC_GRACE_SECONDS, 0);

async function answerRow(attemptId: string, order: number) {
  return firstOf(
    await t.database.db
      .select()
      .from(masterChallengeAnswers)
      .where(and(eq(masterChallengeAnswers.attemptId, attemptId), eq(masterChallengeAnswers.questionOrder, order))),
  );
}

describe('starting', () => {
  it('draws 30 distinct questions over A1–A8, serves the first now, records the user agent', async () => {
    const { cookie, id } = await tech();
    const before = Date.now();
    const view = await start(cookie, { 'user-agent': 'Mozilla/5.0 (TorquePrep test)' });
    expect(view).toMatchObject({
      status: 'in_progress',
      total: 30,
      secondsPerQuestion: 10,
      answered: 0,
      results: null,
    });
    expect(view.current).toMatchObject({ order: 0, isFinal: false });
    // The question's time is 10 s scaled by its stem's length, and the timer starts from it.
    const seconds = await secondsOf(view.id);
    expect(view.current?.seconds).toBe(seconds[0]);
    expect(Math.max(...seconds)).toBeGreaterThan(10);
    expect(view.current?.secondsLeft).toBeGreaterThan(seconds[0]! - 1);
    expect(view.current?.secondsLeft).toBeLessThanOrEqual(seconds[0]!);
    expect(view.current?.closesInSeconds).toBeGreaterThan(seconds[0]! + 1);
    expect(Object.keys(view.current?.question.options ?? {})).toEqual(['A', 'B', 'C', 'D']);

    const rows = await t.database.db
      .select()
      .from(masterChallengeAnswers)
      .where(eq(masterChallengeAnswers.attemptId, view.id));
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.questionId)).size).toBe(30);
    const codes = rows.map((r) => categoryOf.get(r.questionId));
    for (const code of ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8']) {
      expect(codes.filter((c) => c === code).length).toBeGreaterThanOrEqual(3);
    }
    const first = rows.find((r) => r.questionOrder === 0);
    expect(first?.presentedAt?.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(rows.filter((r) => r.presentedAt !== null)).toHaveLength(1);
    const [attempt] = await t.database.db
      .select()
      .from(masterChallengeAttempts)
      .where(eq(masterChallengeAttempts.id, view.id));
    expect(attempt).toMatchObject({ techId: id, userAgent: 'Mozilla/5.0 (TorquePrep test)', completedAt: null });
  });

  it('serves a Spanish reader each question in Spanish too, stem and options only, timed on the longer stem', async () => {
    // Both languages travel together (ADR 0024); nothing past the stem and options (ADR 0018).
    const { cookie } = await signUpTech(t.app, { fullName: 'Sergio Técnico', locale: 'es' });
    let view = await start(cookie);
    let longerInSpanish = 0;
    while (view.current) {
      const { order, question } = view.current;
      const row = firstOf(
        await t.database.db
          .select({ text: masterChallengeQuestions.questionText, es: masterChallengeQuestions.es })
          .from(masterChallengeQuestions)
          .where(eq(masterChallengeQuestions.id, question.id)),
      );
      expect(row.es, question.id).not.toBeNull();
      expect(question.es).toEqual({ question: row.es?.question, options: row.es?.options, exhibit: null });
      expect(view.current.seconds).toBe(secondsForQuestion(clockStem(row.text, row.es?.question), 10));
      if (view.current.seconds > secondsForQuestion(row.text, 10)) longerInSpanish++;
      await travel(view.id, 2);
      // Tab switches make the attempt invalid, so it never takes a place on the leaderboard tests below.
      const r = await answer(cookie, view.id, order, key.get(question.id) as Letter, { ...quiet, tabSwitches: 3 });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).not.toMatch(/explanation|whyWrong/);
      view = r.json();
    }
    expect(longerInSpanish).toBeGreaterThan(0);
  });

  it('resumes the open attempt (200) with its clock still running, instead of starting another', async () => {
    const { cookie } = await tech();
    const view = await start(cookie);
    await travel(view.id, 4);
    const again = await call(cookie, 'POST', '/api/v1/master-challenge/attempts');
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(view.id);
    expect(again.json().current.secondsLeft).toBeLessThanOrEqual((view.current?.seconds ?? 0) - 3.9);
    const eligibility = (await call(cookie, 'GET', '/api/v1/master-challenge/eligibility')).json();
    expect(eligibility).toMatchObject({ status: 'in_progress', canAttempt: false, lastAttempt: { id: view.id } });
  });

  it('makes one attempt from concurrent starts', async () => {
    for (let round = 0; round < 3; round++) {
      const { cookie, id } = await tech();
      const responses = await Promise.all(
        [1, 2, 3].map(() => call(cookie, 'POST', '/api/v1/master-challenge/attempts')),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
      expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
      const attempts = await t.database.db
        .select()
        .from(masterChallengeAttempts)
        .where(eq(masterChallengeAttempts.techId, id));
      expect(attempts).toHaveLength(1);
      const rows = await t.database.db
        .select()
        .from(masterChallengeAnswers)
        .where(eq(masterChallengeAnswers.attemptId, attempts[0]!.id));
      expect(rows).toHaveLength(30);
    }
  });

  it('prefers questions the technician has not been shown in earlier attempts', async () => {
    const { cookie } = await tech();
    const first = await finish(cookie, await start(cookie), 0);
    await travel(first.id, 24 * 3600);
    const second = await start(cookie);
    const ids = async (attemptId: string) =>
      (
        await t.database.db
          .select({ id: masterChallengeAnswers.questionId })
          .from(masterChallengeAnswers)
          .where(eq(masterChallengeAnswers.attemptId, attemptId))
      ).map((r) => r.id);
    // 25 items per category, 30 seen: every category still has at least 3 fresh ones, and 200 - 30 in all.
    const seen = new Set(await ids(first.id));
    expect((await ids(second.id)).filter((id) => seen.has(id))).toEqual([]);
  });
});

describe('the server keeps the time', () => {
  it("records an answer inside the question's time plus the 2 s grace, with the time from its own clock", async () => {
    const { cookie } = await tech();
    const view = await start(cookie);
    const s0 = view.current?.seconds as number;
    await travel(view.id, s0 + 1);
    const question = view.current?.question.id as string;
    const r = await answer(cookie, view.id, 0, key.get(question) as Letter);
    expect(r.json().lastAnswer).toEqual({ order: 0, outcome: 'recorded' });
    const row = await answerRow(view.id, 0);
    expect(row.userAnswer).toBe(key.get(question));
    expect(row.isCorrect).toBe(true);
    expect(row.timeTakenSeconds).toBeGreaterThanOrEqual(s0 + 1);
    expect(row.timeTakenSeconds).toBeLessThan(s0 + 2);
    // The next question is served as the answer is recorded.
    expect(r.json().current.order).toBe(1);
    const next = await answerRow(view.id, 1);
    expect(next.presentedAt?.getTime()).toBe(row.answeredAt?.getTime());
  });

  it('records a timeout, not the answer, when it comes after the window and grace', async () => {
    const { cookie } = await tech();
    const view = await start(cookie);
    const seconds = await secondsOf(view.id);
    await travel(view.id, seconds[0]! + 2.5);
    const question = view.current?.question.id as string;
    const r = await answer(cookie, view.id, 0, key.get(question) as Letter);
    expect(r.statusCode).toBe(200);
    expect(r.json().lastAnswer).toEqual({ order: 0, outcome: 'timed_out' });
    const row = await answerRow(view.id, 0);
    expect(row).toMatchObject({ userAnswer: null, isCorrect: false, timeTakenSeconds: seconds[0]! + 2 });
    expect((row.answeredAt?.getTime() ?? 0) - (row.presentedAt?.getTime() ?? 0)).toBe((seconds[0]! + 2) * 1000);
    // The next question was served at the deadline, so its clock has been running for 0.5 s.
    const next = r.json().current;
    expect(next.order).toBe(1);
    expect(next.seconds).toBe(seconds[1]);
    expect(next.secondsLeft).toBeLessThanOrEqual(seconds[1]! - 0.5);
    expect((await answerRow(view.id, 1)).presentedAt?.getTime()).toBe(row.answeredAt?.getTime());
  });

  it('keeps the first answer when a question is answered twice', async () => {
    const { cookie } = await tech();
    const view = await start(cookie);
    await travel(view.id, 2);
    expect((await answer(cookie, view.id, 0, 'C')).json().lastAnswer.outcome).toBe('recorded');
    const again = await answer(cookie, view.id, 0, 'D');
    expect(again.statusCode).toBe(200);
    expect(again.json().lastAnswer).toEqual({ order: 0, outcome: 'already_answered' });
    expect(again.json().current.order).toBe(1);
    expect((await answerRow(view.id, 0)).userAnswer).toBe('C');
    expect((await answerRow(view.id, 1)).userAnswer).toBeNull();
  });

  it('records one of two concurrent answers to a question; the other finds it answered', async () => {
    const { cookie } = await tech();
    const view = await start(cookie);
    await travel(view.id, 2);
    const [a, b] = await Promise.all([answer(cookie, view.id, 0, 'B'), answer(cookie, view.id, 0, 'C')]);
    const outcomes = [a, b].map((r) => r.json().lastAnswer.outcome).sort();
    expect(outcomes).toEqual(['already_answered', 'recorded']);
    const winner = a.json().lastAnswer.outcome === 'recorded' ? 'B' : 'C';
    expect((await answerRow(view.id, 0)).userAnswer).toBe(winner);
    expect((await answerRow(view.id, 1)).presentedAt).not.toBeNull();
    expect((await answerRow(view.id, 2)).presentedAt).toBeNull();
  });

  it('refuses an answer to a question not served yet (409)', async () => {
    const { cookie } = await tech();
    const view = await start(cookie);
    const r = await answer(cookie, view.id, 3, 'A');
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toMatchObject({ code: 'NOT_SERVED', message: 'That question has not been shown yet.' });
    expect((await answerRow(view.id, 3)).presentedAt).toBeNull();
  });

  it('lets the final question restart its time, timing it in full, and closes it after six restarts', async () => {
    const { cookie } = await tech();
    let view = await start(cookie);
    const seconds = await secondsOf(view.id);
    // 29 timeouts in a row: the attempt's clock ran while nobody answered.
    await travel(view.id, timeoutsUntil(seconds, 29) + 1);
    view = (await call(cookie, 'GET', `/api/v1/master-challenge/attempts/${view.id}`)).json();
    expect(view).toMatchObject({ status: 'in_progress', answered: 29, current: { order: 29, isFinal: true } });
    await travel(view.id, 35);
    const read = (await call(cookie, 'GET', `/api/v1/master-challenge/attempts/${view.id}`)).json();
    expect(read.current.secondsLeft).toBeGreaterThan(0);
    expect(read.current.secondsLeft).toBeLessThanOrEqual(seconds[29]!);
    const question = read.current.question.id as string;
    const done = (await answer(cookie, view.id, 29, key.get(question) as Letter)).json() as AttemptView;
    expect(done.lastAnswer).toEqual({ order: 29, outcome: 'recorded' });
    expect(done.status).toBe('completed');
    expect(done.results).toMatchObject({ correctAnswers: 1, timeouts: 29 });
    const final = await answerRow(view.id, 29);
    expect(final.timeTakenSeconds).toBeGreaterThanOrEqual(36);

    const other = await tech();
    const abandoned = await start(other.cookie);
    const times = await secondsOf(abandoned.id);
    const total = timeoutsUntil(times, 29) + 6 * times[29]! + MC_GRACE_SECONDS;
    await travel(abandoned.id, total + 0.5);
    const closed = (await call(other.cookie, 'GET', `/api/v1/master-challenge/attempts/${abandoned.id}`)).json();
    expect(closed.status).toBe('completed');
    expect(closed.results).toMatchObject({ correctAnswers: 0, timeouts: 30, completionTimeSeconds: total });
  });

  it('finishes an abandoned attempt by itself: timeouts to the end, completion time from the server clock', async () => {
    const { cookie, id } = await tech();
    const view = await start(cookie);
    await travel(view.id, 3);
    await answer(cookie, view.id, 0, key.get(view.current?.question.id as string) as Letter);
    await travel(view.id, 3600);
    const eligibility = (await call(cookie, 'GET', '/api/v1/master-challenge/eligibility')).json();
    expect(eligibility.status).toBe('cooldown');
    const read = (await call(cookie, 'GET', `/api/v1/master-challenge/attempts/${view.id}`)).json() as AttemptView;
    expect(read.status).toBe('completed');
    expect(read.results).toMatchObject({ correctAnswers: 1, timeouts: 29, isValid: true });
    const seconds = await secondsOf(view.id);
    expect(read.results?.completionTimeSeconds).toBe(
      3 + timeoutsUntil(seconds, 29) - (seconds[0]! + MC_GRACE_SECONDS) + 6 * seconds[29]! + MC_GRACE_SECONDS,
    );
    const [best] = await t.database.db.select().from(masterChallengeBest).where(eq(masterChallengeBest.techId, id));
    expect(best).toMatchObject({ attemptId: view.id, correctAnswers: 1 });
  });
});

describe('scoring and results', () => {
  it('scores correct / 30 × 100 with the completion time from the server clock', async () => {
    const { cookie, id } = await tech();
    const done = await finish(cookie, await start(cookie), 22);
    expect(done.status).toBe('completed');
    expect(done.results?.correctAnswers).toBe(22);
    expect(done.results?.score).toBeCloseTo(73.333, 2);
    expect(done.results?.isValid).toBe(true);
    expect(done.results?.completionTimeSeconds).toBeGreaterThanOrEqual(90);
    expect(done.results?.completionTimeSeconds).toBeLessThan(95);
    const [attempt] = await t.database.db
      .select()
      .from(masterChallengeAttempts)
      .where(eq(masterChallengeAttempts.techId, id));
    expect(attempt).toMatchObject({ correctAnswers: 22, isValid: true });
    // A repeat of the final answer returns the results again and changes nothing.
    const repeat = await answer(cookie, done.id, 29, 'A');
    expect(repeat.json()).toMatchObject({
      status: 'completed',
      lastAnswer: { order: 29, outcome: 'already_answered' },
    });
  });

  it('sends no answer key, explanation or right/wrong in any response', () => {
    expect(bodies.length).toBeGreaterThan(30);
    for (const { body, url } of bodies) {
      expect(`${url} ${body}`).not.toMatch(
        /"(correctAnswer|correct_answer|isCorrect|is_correct|explanation|whyWrong|answer)":/,
      );
    }
  });
});

describe('cooldown', () => {
  it('refuses a second attempt within 24 hours with the next time, and allows it after', async () => {
    const { cookie } = await tech();
    const done = await finish(cookie, await start(cookie), 10);
    const again = await call(cookie, 'POST', '/api/v1/master-challenge/attempts');
    expect(again.statusCode).toBe(409);
    const next = new Date(new Date(done.startedAt).getTime() + 24 * 3600_000).toISOString();
    expect(again.json().error).toEqual({
      code: 'MASTER_CHALLENGE_COOLDOWN',
      message: 'You must wait 24 hours between Master Challenge attempts.',
      details: { nextAvailableAt: next },
    });
    const eligibility = (await call(cookie, 'GET', '/api/v1/master-challenge/eligibility')).json();
    expect(eligibility).toMatchObject({ status: 'cooldown', canAttempt: false, nextAvailableAt: next });

    // 23:59:59 after the start (the whole attempt moved back): still locked.
    const startedAgo = (Date.now() - new Date(done.startedAt).getTime()) / 1000;
    await travel(done.id, 24 * 3600 - 1 - startedAgo - 0.5);
    expect((await call(cookie, 'POST', '/api/v1/master-challenge/attempts')).statusCode).toBe(409);
    await travel(done.id, 2);
    expect((await call(cookie, 'GET', '/api/v1/master-challenge/eligibility')).json()).toMatchObject({
      status: 'eligible',
      canAttempt: true,
    });
    expect((await call(cookie, 'POST', '/api/v1/master-challenge/attempts')).statusCode).toBe(201);
  });
});

describe('anti-cheat and impossible timing', () => {
  it('saves an attempt with more than 2 tab switches as invalid, logged, and never ranks it', async () => {
    const { cookie, id } = await tech('Sly Switcher');
    let view = await start(cookie);
    await travel(view.id, 3);
    view = (await answer(cookie, view.id, 0, 'A', { tabSwitches: 2, focusLosses: 2, windowSizeFlags: 0 })).json();
    await travel(view.id, 3);
    // Counts only grow: a lower report later does not lower them.
    view = (await answer(cookie, view.id, 1, 'A', { tabSwitches: 3, focusLosses: 1, windowSizeFlags: 0 })).json();
    expect(view.activity).toEqual({ tabSwitches: 3, focusLosses: 2, windowSizeFlags: 0 });
    const done = await finish(cookie, view, 30, 3, view.activity);
    // The results say why.
    expect(done.results).toMatchObject({ isValid: false, flaggedFor: ['tab_switches'] });
    const attempt = firstOf(
      await t.database.db.select().from(masterChallengeAttempts).where(eq(masterChallengeAttempts.techId, id)),
    );
    expect(attempt).toMatchObject({ isValid: false, tabSwitches: 3, focusLosses: 2 });
    expect(attempt.suspiciousActivity).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'tab_switch', count: 3, order: 1 })]),
    );
    const board = (await call(cookie, 'GET', '/api/v1/master-challenge/leaderboard')).json();
    expect(board.entries.some((e: { fullName: string }) => e.fullName === 'Sly S.')).toBe(false);
    const rank = (await call(cookie, 'GET', '/api/v1/master-challenge/my-rank')).json();
    expect(rank).toMatchObject({ userRank: null, bestScore: null, bestTime: null, totalAttempts: 1 });
  });

  it('invalidates a flagged window size and more than 2 focus losses too', async () => {
    for (const activity of [
      { tabSwitches: 0, focusLosses: 0, windowSizeFlags: 1 },
      { tabSwitches: 0, focusLosses: 3, windowSizeFlags: 0 },
    ]) {
      const { cookie } = await tech();
      const done = await finish(cookie, await start(cookie), 30, 3, activity);
      expect(done.results?.isValid).toBe(false);
    }
  });

  it('invalidates impossible timing: answers under a second of server time', async () => {
    const { cookie, id } = await tech('Bot Fast');
    let view = await start(cookie);
    while (view.current) {
      const r = await answer(cookie, view.id, view.current.order, key.get(view.current.question.id) as Letter);
      view = r.json();
    }
    expect(view.results).toMatchObject({ correctAnswers: 30, isValid: false, flaggedFor: ['impossible_timing'] });
    const attempt = firstOf(
      await t.database.db.select().from(masterChallengeAttempts).where(eq(masterChallengeAttempts.techId, id)),
    );
    expect(attempt.suspiciousActivity).toEqual([expect.objectContaining({ kind: 'impossible_timing' })]);
    const board = (await call(cookie, 'GET', '/api/v1/master-challenge/leaderboard')).json();
    expect(board.entries.some((e: { fullName: string }) => e.fullName === 'Bot F.')).toBe(false);
  });
});

describe('leaderboard and rank', () => {
  it('ranks each technician once by their best valid attempt: score, then the faster time', async () => {
    const a = await tech('Ava Ahead');
    const b = await tech('Ben Behind');
    const c = await tech('Cal Close');
    await finish(a.cookie, await start(a.cookie), 27, 4); // 90 %, ~120 s
    await finish(b.cookie, await start(b.cookie), 27, 5); // 90 %, ~150 s: same score, slower
    const first = await finish(c.cookie, await start(c.cookie), 20, 3);
    // Cal's second attempt, a day later, is better: it replaces the first on the board.
    await travel(first.id, 24 * 3600 + 1);
    await finish(c.cookie, await start(c.cookie), 28, 6); // 93.3 %, ~180 s
    const board = (await call(a.cookie, 'GET', '/api/v1/master-challenge/leaderboard')).json();
    // First name and last initial by default, never the full name without the technician's say.
    const names = board.entries.map((e: { fullName: string }) => e.fullName);
    expect(names.filter((n: string) => ['Ava A.', 'Ben B.', 'Cal C.'].includes(n))).toEqual([
      'Cal C.',
      'Ava A.',
      'Ben B.',
    ]);
    expect(JSON.stringify(board)).not.toMatch(/Ava Ahead|Ben Behind|Cal Close/);
    expect(board.entries.length).toBeLessThanOrEqual(30);
    const ranks = board.entries.map((e: { rank: number }) => e.rank);
    expect(ranks).toEqual(ranks.map((_: number, i: number) => i + 1));
    const ava = board.entries.find((e: { fullName: string }) => e.fullName === 'Ava A.');
    expect(ava).toMatchObject({ isYou: true, correctAnswers: 27, score: 90 });
    expect(board.entries.filter((e: { isYou: boolean }) => e.isYou)).toHaveLength(1);
    expect(JSON.stringify(board)).not.toMatch(/"techId"/);

    const rankOf = async (cookie: string) => (await call(cookie, 'GET', '/api/v1/master-challenge/my-rank')).json();
    const [ra, rb, rc] = [await rankOf(a.cookie), await rankOf(b.cookie), await rankOf(c.cookie)];
    expect(rc.userRank).toBeLessThan(ra.userRank);
    expect(rb.userRank).toBe(ra.userRank + 1);
    expect(rc).toMatchObject({ totalAttempts: 2, bestScore: expect.closeTo(93.33, 1) });
    expect(ra.bestTime).toBeGreaterThanOrEqual(120);
    expect(ra.totalCompetitors).toBe(rb.totalCompetitors);
    // The rank agrees with the position on the board.
    expect(ra.userRank).toBe(ava.rank);
    // The counts kept by each finish agree with a full recount.
    await recountCompetitors(t.database.db);
    expect([await rankOf(a.cookie), await rankOf(b.cookie), await rankOf(c.cookie)]).toEqual([ra, rb, rc]);

    // Ava opts in to her full name; Cal opts out of the board. Ranks stay true: Cal leaves a gap.
    const choose = (cookie: string, leaderboardName: string) =>
      call(cookie, 'PUT', '/api/v1/master-challenge/leaderboard-name', { leaderboardName });
    expect(ra).toMatchObject({ leaderboardName: 'short', shownAs: 'Ava A.', offBoard: null });
    const full = await choose(a.cookie, 'full');
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ leaderboardName: 'full', shownAs: 'Ava Ahead', userRank: ra.userRank });
    // Still ranked for their own eyes, and told why the board does not show them.
    expect((await choose(c.cookie, 'hidden')).json()).toMatchObject({
      shownAs: null,
      userRank: rc.userRank,
      offBoard: 'hidden',
    });
    const after = (await call(b.cookie, 'GET', '/api/v1/master-challenge/leaderboard')).json();
    const shown = after.entries.map((e: { fullName: string; rank: number }) => [e.fullName, e.rank]);
    expect(shown).toContainEqual(['Ava Ahead', ra.userRank]);
    expect(shown).toContainEqual(['Ben B.', rb.userRank]);
    expect(shown.some(([name]: [string]) => name.startsWith('Cal'))).toBe(false);
    expect(after.entries.some((e: { rank: number }) => e.rank === rc.userRank)).toBe(false);
    expect((await choose(c.cookie, 'everyone')).statusCode).toBe(400);
    expect((await rankOf(c.cookie)).leaderboardName).toBe('hidden');
  });

  it('leaves a technician off the global board until their e-mail is verified', async () => {
    const { cookie, response } = await signUpTech(t.app, { fullName: 'Una Unverified' });
    const email = response.json().user.email as string;
    await finish(cookie, await start(cookie), 30, 3);
    const names = async () =>
      (
        (await call(cookie, 'GET', '/api/v1/master-challenge/leaderboard')).json().entries as { fullName: string }[]
      ).map((e) => e.fullName);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // past the shared read (LEADERBOARD_CACHE_MS)
    expect(await names()).not.toContain('Una U.');
    // Ranked (a true rank, ADR 0034), but the rank says it is off the board and why, so the page does not
    // show "#1 of 1" beside a board without them.
    const rankOf = async () => (await call(cookie, 'GET', '/api/v1/master-challenge/my-rank')).json();
    const before = await rankOf();
    expect(before).toMatchObject({ userRank: expect.any(Number), offBoard: 'unverified', shownAs: 'Una U.' });
    expect(before.totalCompetitors).toBeGreaterThanOrEqual(before.userRank);
    // The mailed link verifies the address; the board shows them at their next read.
    const mail = mailer.sent.find((m) => m.to === email && m.link?.includes('/verify-email'));
    const verified = await call('', 'POST', '/api/v1/auth/verify-email', { token: verifyTokenIn(mail?.text ?? '') });
    expect(verified.statusCode).toBe(200);
    await expect.poll(names, { timeout: 3000, interval: 200 }).toContain('Una U.');
    // On the board at the rank my-rank gave, which no longer says it is off it.
    const after = await rankOf();
    expect(after).toMatchObject({ userRank: before.userRank, offBoard: null });
    const entries = (await call(cookie, 'GET', '/api/v1/master-challenge/leaderboard')).json().entries;
    expect(entries.find((e: { isYou: boolean }) => e.isYou)).toMatchObject({ rank: before.userRank });
  });

  it('shows an empty rank for a technician with no attempt', async () => {
    const { cookie } = await tech();
    const rank = (await call(cookie, 'GET', '/api/v1/master-challenge/my-rank')).json();
    expect(rank).toMatchObject({ userRank: null, bestScore: null, bestTime: null, totalAttempts: 0, offBoard: null });
    expect(rank.totalCompetitors).toBeGreaterThanOrEqual(0);
    expect((await call(cookie, 'GET', '/api/v1/master-challenge/eligibility')).json()).toMatchObject({
      status: 'eligible',
      canAttempt: true,
      lastAttempt: null,
      totalQuestions: 30,
      secondsPerQuestion: 10,
    });
  });
});

describe('who may not call it, and bad input', () => {
  it('answers 401 signed out, 403 to managers and to technicians before the survey, 404 for others’ attempts', async () => {
    const owner = await tech();
    const view = await start(owner.cookie);
    const manager = await signUpManager(t.app, 'SHOPMC1234');
    const noSurvey = await signUpTechWithoutExperience(t);
    const stranger = await tech();
    const routes: ['GET' | 'POST', string, unknown?][] = [
      ['GET', '/api/v1/master-challenge/eligibility'],
      ['POST', '/api/v1/master-challenge/attempts'],
      ['GET', `/api/v1/master-challenge/attempts/${view.id}`],
      [
        'POST',
        `/api/v1/master-challenge/attempts/${view.id}/answers`,
        { questionOrder: 0, answer: 'A', activity: quiet },
      ],
      ['GET', '/api/v1/master-challenge/leaderboard'],
      ['GET', '/api/v1/master-challenge/my-rank'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call('', method, url, payload)).statusCode).toBe(401);
      expect((await call(manager.cookie, method, url, payload)).statusCode).toBe(403);
      const blocked = await call(noSurvey.cookie, method, url, payload);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.code).toBe('EXPERIENCE_REQUIRED');
    }
    expect((await call(stranger.cookie, 'GET', `/api/v1/master-challenge/attempts/${view.id}`)).statusCode).toBe(404);
    const foreign = await answer(stranger.cookie, view.id, 0, 'A');
    expect(foreign.statusCode).toBe(404);
    expect((await answerRow(view.id, 0)).userAnswer).toBeNull();
  });

  it('answers 400 to malformed answers and ids, and changes nothing', async () => {
    const { cookie } = await tech();
    const view = await start(cookie);
    const url = `/api/v1/master-challenge/attempts/${view.id}/answers`;
    for (const payload of [
      { questionOrder: 0, answer: 'E', activity: quiet },
      { questionOrder: 30, answer: 'A', activity: quiet },
      { questionOrder: -1, answer: 'A', activity: quiet },
      { questionOrder: 0, answer: 'A' },
      { questionOrder: 0, answer: 'A', activity: { ...quiet, tabSwitches: -1 } },
      { questionOrder: '0', answer: 'A', activity: quiet },
    ]) {
      const r = await call(cookie, 'POST', url, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call(cookie, 'GET', '/api/v1/master-challenge/attempts/not-a-uuid')).statusCode).toBe(400);
    expect(
      (await call(cookie, 'GET', '/api/v1/master-challenge/attempts/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await answerRow(view.id, 0)).answeredAt).toBeNull();
  });
});
