import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerOnTrial } from '../../../../tests/fixtures/billing';
import { practiceContent, takeCategoryTest } from '../../../../tests/fixtures/practice';
import { firstN, firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { questionDifficultyStats, questionEditors, questionReports, questions } from '../../db/schema';
import { aggregateDifficultyStats } from '../../jobs/difficulty-stats';

let t: TestApp;
let content: Awaited<ReturnType<typeof practiceContent>>;
beforeAll(async () => {
  t = await createTestApp({ CREATE_LIMIT_PER_USER: '1000' });
  content = await practiceContent(t.database.db);
});
afterAll(async () => {
  await t.close();
});

async function tech() {
  const { cookie, response } = await signUpTech(t.app);
  return { cookie, id: response.json().user.id as string };
}
async function editor() {
  const signedUp = await tech();
  await t.database.db.insert(questionEditors).values({ userId: signedUp.id });
  return signedUp;
}
const report = (cookie: string, id: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/questions/${id}/reports`,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const editorList = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/editor/questions', headers: cookie ? { cookie } : {} });
const resolve = (cookie: string, id: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/editor/reports/${id}/resolve`,
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const someQuestions = async (n: number) =>
  (await t.database.db.select({ id: questions.id }).from(questions).orderBy(questions.id).limit(n)).map((q) => q.id);

describe('reporting a question', () => {
  it('saves a report once per question per technician: 201, then 409; another technician may report it too', async () => {
    const id = firstOf(await someQuestions(1));
    const one = await tech();
    const first = await report(one.cookie, id, {
      reason: 'wrong_answer_key',
      note: '  The key says B; the book says C. ',
    });
    expect(first.statusCode).toBe(201);
    const again = await report(one.cookie, id, { reason: 'typo' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'ALREADY_REPORTED',
      message: 'You have already reported this question.',
    });
    const two = await tech();
    expect((await report(two.cookie, id, { reason: 'unclear' })).statusCode).toBe(201);
    const rows = await t.database.db.select().from(questionReports).where(eq(questionReports.questionId, id));
    expect(rows.map((r) => [r.userId, r.reason, r.note]).sort()).toEqual(
      [
        [one.id, 'wrong_answer_key', 'The key says B; the book says C.'],
        [two.id, 'unclear', null],
      ].sort(),
    );
  });

  it('answers 404 for an unknown question and 400 for a bad reason or a long note', async () => {
    const { cookie } = await tech();
    expect((await report(cookie, 'a9-9999', { reason: 'typo' })).statusCode).toBe(404);
    expect((await report(cookie, 'a1-0001', { reason: 'spam' })).statusCode).toBe(400);
    expect((await report(cookie, 'a1-0001', { reason: 'other', note: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await report(cookie, 'Bad Id!', { reason: 'typo' })).statusCode).toBe(400);
  });

  it('is for technicians: managers 403, anonymous 401', async () => {
    const id = firstOf(await someQuestions(1));
    const manager = await managerOnTrial(t.app);
    expect((await report(manager.cookie, id, { reason: 'typo' })).statusCode).toBe(403);
    expect((await report('', id, { reason: 'typo' })).statusCode).toBe(401);
  });

  it('is rate-limited per user', async () => {
    const limited = await createTestApp({ CREATE_LIMIT_PER_USER: '2' }, undefined, { database: t.database });
    try {
      const { cookie } = await signUpTech(limited.app);
      const ids = await someQuestions(3);
      const codes = [];
      for (const id of ids) {
        codes.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: `/api/v1/questions/${id}/reports`,
              headers: { cookie },
              payload: { reason: 'typo' },
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('editor routes', () => {
  it('answer 404 to everyone who is not an editor, whatever they send', async () => {
    const someone = await tech();
    const manager = await managerOnTrial(t.app);
    const id = firstOf(await someQuestions(1));
    await report(someone.cookie, id, { reason: 'typo' }).catch(() => undefined);
    const open = firstOf(await t.database.db.select().from(questionReports).limit(1));
    for (const cookie of ['', someone.cookie, manager.cookie]) {
      expect((await editorList(cookie)).statusCode).toBe(404);
      expect((await resolve(cookie, open.id, { note: 'Fixed.' })).statusCode).toBe(404);
      expect((await resolve(cookie, 'not-a-uuid', {})).statusCode).toBe(404);
    }
    const after = firstOf(await t.database.db.select().from(questionReports).where(eq(questionReports.id, open.id)));
    expect(after.resolvedAt).toBeNull();
  });

  it('list reported and suspicious questions first, with statistics and reports; an editor resolves a report with a note', async () => {
    const ed = await editor();
    const [reportedId, hardId, fineId] = firstN((await someQuestions(10)).slice(6), 3);
    const reporter = await tech();
    await report(reporter.cookie, reportedId, { reason: 'outdated', note: 'R-12 is gone.' });
    // A question 40 technicians answered, 10 % right: too hard (or a wrong key).
    await t.database.db
      .insert(questionDifficultyStats)
      .values([
        {
          questionId: hardId,
          difficulty: 0.9,
          timesAnswered: 40,
          timesCorrect: 4,
          scoredAnswers: 40,
          scoreSum: 2400,
          scoreSquareSum: 40 * 3600 + 400,
          correctScoreSum: 4 * 70,
          picksA: 12,
          picksB: 12,
          picksC: 12,
          picksD: 4,
        },
        {
          questionId: fineId,
          difficulty: 0.4,
          timesAnswered: 40,
          timesCorrect: 24,
          scoredAnswers: 40,
          scoreSum: 2800,
          scoreSquareSum: 24 * 6400 + 16 * 3600,
          correctScoreSum: 24 * 80,
          picksA: 5,
          picksB: 5,
          picksC: 6,
          picksD: 24,
        },
      ])
      .onConflictDoUpdate({
        target: questionDifficultyStats.questionId,
        set: { scoredAnswers: sql`excluded.scored_answers`, picksD: sql`excluded.picks_d` },
      });
    await t.database.db
      .update(questions)
      .set({ correctAnswer: 'D' })
      .where(sql`${questions.id} in (${hardId}, ${fineId})`);

    const r = await editorList(ed.cookie);
    expect(r.statusCode).toBe(200);
    const list = r.json().questions as { id: string; openReports: number; suspicions: string[]; reports: unknown[] }[];
    const ids = list.map((q) => q.id);
    // Reported questions first, then the statistically suspicious ones.
    const lastReported = list.findLastIndex((q) => q.reports.length > 0);
    expect(list.slice(0, lastReported + 1).every((q) => q.openReports > 0)).toBe(true);
    expect(ids.indexOf(reportedId)).toBeLessThan(ids.indexOf(hardId));
    expect(ids.indexOf(hardId)).toBeGreaterThan(lastReported);
    expect(ids).not.toContain(fineId);
    expect(list.find((q) => q.id === hardId)?.suspicions).toContain('too_hard');
    const reported = list.find((q) => q.id === reportedId);
    expect(reported?.openReports).toBe(1);
    expect(reported?.reports).toEqual([
      expect.objectContaining({ reason: 'outdated', note: 'R-12 is gone.', resolvedAt: null, resolutionNote: null }),
    ]);

    const open = firstOf(
      await t.database.db.select().from(questionReports).where(eq(questionReports.questionId, reportedId)),
    );
    expect((await resolve(ed.cookie, open.id, { note: '  ' })).statusCode).toBe(400);
    const done = await resolve(ed.cookie, open.id, { note: 'Updated to R-1234yf.' });
    expect(done.statusCode).toBe(200);
    expect((await resolve(ed.cookie, open.id, { note: 'Again.' })).statusCode).toBe(409);
    expect((await resolve(ed.cookie, '00000000-0000-4000-8000-000000000000', { note: 'x' })).statusCode).toBe(404);
    const after = (await editorList(ed.cookie)).json().questions as {
      id: string;
      openReports: number;
      reports: { resolutionNote: string | null }[];
    }[];
    const resolvedItem = after.find((q) => q.id === reportedId);
    expect(resolvedItem?.openReports).toBe(0);
    expect(resolvedItem?.reports[0]?.resolutionNote).toBe('Updated to R-1234yf.');
  });
});

describe('item statistics from the difficulty job', () => {
  it('adds each answer with its session score and the option picked, matching the answers themselves', async () => {
    const a5 = content.categories.get('A5') as string;
    const rights = [20, 16, 10, 4];
    for (const right of rights) {
      const { cookie } = await tech();
      await takeCategoryTest(t.app, cookie, a5, content.key, right);
    }
    await aggregateDifficultyStats(t.database.db);
    type Row = {
      question_id: string;
      n: number;
      s: number;
      ss: number;
      cs: number;
      a: number;
      b: number;
      c: number;
      d: number;
    };
    const expected = (await t.database.db.execute(sql`
      select ta.question_id, count(*)::int as n, sum(ts.score)::float8 as s, sum(ts.score * ts.score)::float8 as ss,
        coalesce(sum(ts.score) filter (where ta.is_correct), 0)::float8 as cs,
        count(*) filter (where ta.selected_answer = 'A')::int as a, count(*) filter (where ta.selected_answer = 'B')::int as b,
        count(*) filter (where ta.selected_answer = 'C')::int as c, count(*) filter (where ta.selected_answer = 'D')::int as d
      from test_answers ta join test_sessions ts on ts.id = ta.session_id
      where ta.selected_answer is not null and ts.completed_at is not null
      group by ta.question_id`)) as unknown as { rows: Row[] } | Row[];
    const rows = Array.isArray(expected) ? expected : expected.rows;
    expect(rows.length).toBeGreaterThan(0);
    const stored = new Map(
      (await t.database.db.select().from(questionDifficultyStats)).map((row) => [row.questionId, row]),
    );
    for (const row of rows) {
      const s = stored.get(row.question_id);
      if (!s || s.scoredAnswers === 40) continue; // rows written by hand above
      expect(s).toMatchObject({
        scoredAnswers: row.n,
        scoreSum: row.s,
        scoreSquareSum: row.ss,
        correctScoreSum: row.cs,
        picksA: row.a,
        picksB: row.b,
        picksC: row.c,
        picksD: row.d,
      });
    }
  });
});
