import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnswerKey, practiceContent, startTest } from '../../../../tests/fixtures/practice';
import { firstN, firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import type { ItemTranslation } from '../../../domain/content/schemas';
import { CONTENT_DIR } from '../../db/content';
import { aseCategories, questions, studyChapters, studySections } from '../../db/schema';

/**
 * Spanish content (ADR 0024): every place that sends an item's English words sends its Spanish words
 * beside them, by the same rules — stem and options before an answer, explanation and reason only with the
 * English ones. Translations are written into the rows here so the test does not depend on what content/es holds.
 */
let t: TestApp;
let key: AnswerKey;
let a5: string;
const spanishOf = (id: string): ItemTranslation => ({
  question: `ES pregunta ${id}`,
  options: { A: `ES A ${id}`, B: `ES B ${id}`, C: `ES C ${id}`, D: `ES D ${id}` },
  explanation: `ES explicación ${id}`,
  whyWrong: { A: `ES razón A ${id}`, B: `ES razón B ${id}`, C: `ES razón C ${id}`, D: `ES razón D ${id}` },
});
const wrongOf = (letter: string) => (letter === 'A' ? 'B' : 'A');

beforeAll(async () => {
  t = await createTestApp();
  ({ key } = await practiceContent(t.database.db));
  const db = t.database.db;
  ({ id: a5 } = firstOf(
    await db.select({ id: aseCategories.id }).from(aseCategories).where(eq(aseCategories.code, 'A5')),
  ));
  for (const row of await db.select({ id: questions.id }).from(questions).where(eq(questions.categoryId, a5))) {
    await db
      .update(questions)
      .set({ es: spanishOf(row.id) })
      .where(eq(questions.id, row.id));
  }
  await db
    .update(questions)
    .set({ es: spanishOf('free-1') })
    .where(eq(questions.id, 'free-1'));
  // The real content translates the whole free test; one item without Spanish shows the null case.
  await db.update(questions).set({ es: null }).where(eq(questions.id, 'free-2'));
});
afterAll(async () => {
  await t.database.db.execute(sql`update questions set es = null`);
  await t.close();
});

const call = (cookie: string, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('Spanish words of the items', () => {
  it('a test sends each translated item’s Spanish stem and options, and no explanation before an answer', async () => {
    const { cookie } = await signUpTech(t.app);
    const session = (await startTest(t.app, cookie, { kind: 'category', categoryId: a5 })) as unknown as {
      id: string;
      slots: { position: number; question: { id: string; es: Record<string, unknown> | null } }[];
    };
    for (const slot of session.slots) {
      expect(slot.question.es).toEqual({
        question: `ES pregunta ${slot.question.id}`,
        options: spanishOf(slot.question.id).options,
        exhibit: null,
      });
    }
    const read = await call(cookie, 'GET', `/api/v1/test-sessions/${session.id}`);
    expect(read.json().slots[0].question.es.question).toBe(`ES pregunta ${session.slots[0]!.question.id}`);
    expect(read.body).not.toContain('ES explicación');
    expect(read.body).not.toContain('ES razón');

    // Two answered (one right, one wrong), the rest left: submit is refused, so answer all and submit.
    for (const slot of session.slots) {
      const right = key.get(slot.question.id) as string;
      const answer = slot.position === 1 ? wrongOf(right) : right;
      expect(
        (await call(cookie, 'PUT', `/api/v1/test-sessions/${session.id}/answers/${slot.position}`, { answer }))
          .statusCode,
      ).toBe(200);
    }
    const results = await call(cookie, 'POST', `/api/v1/test-sessions/${session.id}/submit`);
    expect(results.statusCode).toBe(200);
    const [right, wrong] = results.json().review;
    expect(right.es).toEqual({
      question: `ES pregunta ${right.questionId}`,
      options: spanishOf(right.questionId).options,
      exhibit: null,
      explanation: `ES explicación ${right.questionId}`,
      whyWrong: null,
    });
    expect(wrong.es.whyWrong).toBe(`ES razón ${wrong.selected} ${wrong.questionId}`);
    // The stored results read back alike.
    const again = await call(cookie, 'GET', `/api/v1/test-sessions/${session.id}`);
    expect(again.json().results.review[1].es).toEqual(wrong.es);
  });

  for (const code of ['A1', 'A2', 'A3'] as const) {
    it.runIf(!process.env.CONTENT_DIR)(
      `an ${code} test sends the ${code} bank’s own Spanish (content/es/questions/${code.toLowerCase()}.json)`,
      async () => {
        const spanish = new Map(
          (
            JSON.parse(readFileSync(join(CONTENT_DIR, 'es', 'questions', `${code.toLowerCase()}.json`), 'utf8')) as {
              id: string;
              question: string;
              options: Record<string, string>;
            }[]
          ).map((q) => [q.id, q]),
        );
        const { id: categoryId } = firstOf(
          await t.database.db.select({ id: aseCategories.id }).from(aseCategories).where(eq(aseCategories.code, code)),
        );
        const { cookie } = await signUpTech(t.app);
        const session = (await startTest(t.app, cookie, { kind: 'category', categoryId })) as unknown as {
          slots: { question: { id: string; es: { question: string; options: Record<string, string> } | null } }[];
        };
        expect(session.slots.length).toBeGreaterThan(0);
        for (const { question } of session.slots) {
          const translation = spanish.get(question.id);
          // The stem and options as the file has them (an exhibit, where there is one, is read in by the loader).
          expect({ question: question.es?.question, options: question.es?.options }).toEqual({
            question: translation?.question,
            options: translation?.options,
          });
        }
      },
    );
  }

  it('an exam’s unanswered item keeps its Spanish explanation hidden, like the English', async () => {
    const { cookie } = await signUpTech(t.app);
    const exam = (await startTest(t.app, cookie, { kind: 'exam', categoryId: a5 })) as unknown as {
      id: string;
      slots: { position: number; question: { id: string } }[];
    };
    const first = exam.slots[0]!;
    await call(cookie, 'PUT', `/api/v1/test-sessions/${exam.id}/answers/0`, { answer: key.get(first.question.id) });
    const results = (await call(cookie, 'POST', `/api/v1/test-sessions/${exam.id}/submit`)).json();
    expect(results.review[0].es.explanation).toBe(`ES explicación ${first.question.id}`);
    const blank = results.review[1];
    expect(blank.explanation).toBeNull();
    expect(blank.es).toMatchObject({ explanation: null, whyWrong: null });
    expect(blank.es.question).toBe(`ES pregunta ${blank.questionId}`);
  });

  it('instant feedback reveals the Spanish explanation with the English one, once answered', async () => {
    const { cookie } = await signUpTech(t.app);
    expect((await call(cookie, 'PATCH', '/api/v1/me/preferences', { instantFeedback: true })).statusCode).toBe(200);
    const session = (await startTest(t.app, cookie, { kind: 'category', categoryId: a5 })) as unknown as {
      id: string;
      slots: { position: number; question: { id: string } }[];
    };
    const { id } = session.slots[0]!.question;
    const answer = wrongOf(key.get(id) as string);
    const saved = await call(cookie, 'PUT', `/api/v1/test-sessions/${session.id}/answers/0`, { answer });
    expect(saved.json().reveal.es).toEqual({
      explanation: `ES explicación ${id}`,
      whyWrong: `ES razón ${answer} ${id}`,
    });
    const read = (await call(cookie, 'GET', `/api/v1/test-sessions/${session.id}`)).json();
    expect(read.slots[0].reveal.es.explanation).toBe(`ES explicación ${id}`);
    expect(read.slots[1].reveal).toBeNull();
  });

  it('the free test sends Spanish where an item has it, null where not, and the explanation only on a check', async () => {
    const test = (await t.app.inject({ method: 'GET', url: '/api/v1/free-test' })).json();
    expect(test.questions[0].es.question).toBe('ES pregunta free-1');
    expect(test.questions[1].es).toBeNull();
    expect(JSON.stringify(test)).not.toContain('ES explicación');
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/v1/free-test/check',
      payload: { questionId: 'free-1', answer: wrongOf(key.get('free-1') as string) },
    });
    expect(check.json().es.explanation).toBe('ES explicación free-1');
  });

  it('a study guide sends each chapter’s and section’s Spanish words, null where untranslated', async () => {
    const db = t.database.db;
    const [chapter, untranslated] = firstN(
      await db
        .select()
        .from(studyChapters)
        .where(eq(studyChapters.categoryId, a5))
        .orderBy(studyChapters.chapterNumber)
        .limit(2),
      2,
    );
    await db.update(studyChapters).set({ es: null }).where(eq(studyChapters.id, untranslated.id));
    await db
      .update(studyChapters)
      .set({ es: { title: 'Capítulo', description: 'Descripción' } })
      .where(eq(studyChapters.id, chapter.id));
    const section = firstOf(
      await db.select().from(studySections).where(eq(studySections.chapterId, chapter.id)).limit(1),
    );
    await db
      .update(studySections)
      .set({ es: { title: 'Sección', content: 'Texto' } })
      .where(eq(studySections.id, section.id));
    const { cookie } = await signUpTech(t.app);
    const guide = (await call(cookie, 'GET', '/api/v1/study-guides/A5')).json();
    const shown = guide.chapters.find((c: { number: number }) => c.number === chapter.chapterNumber);
    expect(shown.es).toEqual({ title: 'Capítulo', description: 'Descripción' });
    expect(shown.sections.find((s: { number: number }) => s.number === section.sectionNumber).es).toEqual({
      title: 'Sección',
      content: 'Texto',
    });
    expect(guide.chapters.find((c: { number: number }) => c.number === untranslated.chapterNumber).es).toBeNull();
  });
});
