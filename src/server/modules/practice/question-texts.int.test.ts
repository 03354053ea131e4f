import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app';
import { typedQuery } from '../../db/prepared';
import { questions } from '../../db/schema';
import { questionTexts, questionVersion } from './question-texts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A question's id and its version now, as the submit statement reads them. */
async function versionOf(id: string) {
  const rows = await typedQuery(
    t.database.db,
    { id: sql<string>`q.id`, version: questionVersion('q') },
    (columns) => sql`select ${columns} from questions q where q.id = ${id}`,
  );
  return firstOf(rows);
}

describe('question texts for the results, cached by row version', () => {
  it('gives the words the table holds, in both languages, with the key and explanations', async () => {
    const stored = firstOf(await t.database.db.select().from(questions).where(eq(questions.active, true)).limit(1));
    const texts = (await questionTexts(t.database.db, [await versionOf(stored.id)])).get(stored.id);
    expect(texts).toMatchObject({
      id: stored.id,
      text: stored.questionText,
      options: { A: stored.optionA, B: stored.optionB, C: stored.optionC, D: stored.optionD },
      correctAnswer: stored.correctAnswer,
      explanation: stored.explanation,
      whyWrong: stored.whyWrong,
    });
    expect(texts?.es).toEqual(stored.es);
  });

  it('serves an unchanged question from the cache and re-reads one whose row changed', async () => {
    const stored = firstOf(await t.database.db.select().from(questions).where(eq(questions.active, true)).limit(1));
    const before = await versionOf(stored.id);
    const first = (await questionTexts(t.database.db, [before])).get(stored.id);
    // Same version: the very object the cache holds, no read.
    expect((await questionTexts(t.database.db, [before])).get(stored.id)).toBe(first);

    // A content seed rewrites the explanation: the row's version changes, and so do the words served.
    await t.database.db
      .update(questions)
      .set({ explanation: `${stored.explanation} (revised)` })
      .where(eq(questions.id, stored.id));
    const after = await versionOf(stored.id);
    expect(after.version).not.toBe(before.version);
    const revised = (await questionTexts(t.database.db, [after])).get(stored.id);
    expect(revised?.explanation).toBe(`${stored.explanation} (revised)`);
    await t.database.db.update(questions).set({ explanation: stored.explanation }).where(eq(questions.id, stored.id));
  });

  it('reads several missing questions in one go and leaves out ids that do not exist', async () => {
    const rows = await t.database.db.select({ id: questions.id }).from(questions).limit(3);
    const wanted = await Promise.all(rows.map((r) => versionOf(r.id)));
    const texts = await questionTexts(t.database.db, [...wanted, { id: 'no-such-question', version: '1' }]);
    expect([...texts.keys()].sort()).toEqual(rows.map((r) => r.id).sort());
  });
});
