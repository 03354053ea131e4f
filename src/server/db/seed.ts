import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { QuestionItem } from '../../domain/content/schemas';
import type { Database, Executor } from './client';
import { CONTENT_DIR, type ContentBundle, contentFingerprint, loadContent } from './content';
import {
  achievements,
  aseCategories,
  contentSeed,
  masterChallengeQuestions,
  questions,
  studyChapters,
  studySections,
  subscriptionPlans,
} from './schema';
import { theRow } from './the-row';

const BATCH = 200;

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `excluded.col` for every listed column: the upsert's "take the new value". */
function excludedSet(columns: Record<string, { name: string }>) {
  return Object.fromEntries(Object.entries(columns).map(([key, col]) => [key, sql.raw(`excluded."${col.name}"`)]));
}

function questionValues(q: QuestionItem, categoryId: string, pool: 'practice' | 'free_test', position: number) {
  return {
    id: q.id,
    categoryId,
    pool,
    position,
    contentArea: q.area,
    difficulty: q.difficulty,
    ...itemColumns(q),
    es: q.es ?? null,
  };
}

/** The columns every question table shares, from a content item. */
function itemColumns(q: QuestionItem) {
  return {
    format: q.format,
    questionText: q.question,
    exhibit: q.exhibit ?? null,
    optionA: q.options.A,
    optionB: q.options.B,
    optionC: q.options.C,
    optionD: q.options.D,
    correctAnswer: q.answer,
    explanation: q.explanation,
    whyWrong: q.whyWrong,
    active: true,
  };
}

/** Only rows whose content changed are rewritten, so a second seed writes nothing. */
function changed(table: string, columns: Record<string, { name: string }>) {
  return sql.raw(
    `(${Object.values(columns)
      .map((c) => `"${table}"."${c.name}" is distinct from excluded."${c.name}"`)
      .join(' or ')})`,
  );
}

/** The upsert's update part: take the new values, but only on rows whose content changed. */
function takeChanged(table: string, columns: Record<string, { name: string }>) {
  return { set: excludedSet(columns), setWhere: changed(table, columns) };
}

/**
 * Loads content/ into the database. Idempotent: rows are upserted by their stable keys,
 * and questions that left the content files are deactivated, never deleted, so history survives.
 * `fingerprint` (`contentFingerprint` of the folder `content` was loaded from) is stored in the same
 * transaction, so a failed seed keeps the previous one; without it the stored fingerprint is cleared, so the
 * next start seeds the content folder again rather than trusting a fingerprint of other content.
 */
export async function seedContent(db: Executor, content: ContentBundle, fingerprint?: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (fingerprint === undefined) await tx.delete(contentSeed);
    else
      await tx
        .insert(contentSeed)
        .values({ fingerprint })
        .onConflictDoUpdate({ target: contentSeed.id, set: { fingerprint, seededAt: sql`now()` } });
    await tx
      .insert(aseCategories)
      .values(
        content.categories.map((c) => ({
          code: c.code,
          name: c.name,
          description: c.description,
          contentAreas: c.areas.map((a) => ({ name: a.name, share: a.share, keywords: a.keywords })),
          simulation: c.simulation,
        })),
      )
      .onConflictDoUpdate({
        target: aseCategories.code,
        ...takeChanged('ase_categories', {
          name: aseCategories.name,
          description: aseCategories.description,
          contentAreas: aseCategories.contentAreas,
          simulation: aseCategories.simulation,
        }),
      });
    const categoryRows = await tx.select({ id: aseCategories.id, code: aseCategories.code }).from(aseCategories);
    const categoryId = new Map(categoryRows.map((r) => [r.code, r.id]));
    const idOf = (code: string) => {
      const id = categoryId.get(code);
      if (!id) throw new Error(`Unknown category ${code}`);
      return id;
    };

    const questionRows = [
      ...content.questions.map((q, i) => questionValues(q, idOf(q.category), 'practice', i)),
      ...content.freeTest.map((q, i) => questionValues(q, idOf(q.category), 'free_test', i)),
    ];
    const updatable = {
      categoryId: questions.categoryId,
      pool: questions.pool,
      position: questions.position,
      contentArea: questions.contentArea,
      difficulty: questions.difficulty,
      format: questions.format,
      questionText: questions.questionText,
      exhibit: questions.exhibit,
      optionA: questions.optionA,
      optionB: questions.optionB,
      optionC: questions.optionC,
      optionD: questions.optionD,
      correctAnswer: questions.correctAnswer,
      explanation: questions.explanation,
      whyWrong: questions.whyWrong,
      es: questions.es,
      active: questions.active,
    };
    for (const batch of chunks(questionRows)) {
      await tx
        .insert(questions)
        .values(batch)
        .onConflictDoUpdate({
          target: questions.id,
          ...takeChanged('questions', updatable),
        });
    }
    const liveIds = questionRows.map((q) => q.id);
    if (liveIds.length > 0) {
      await tx
        .update(questions)
        .set({ active: false })
        .where(and(eq(questions.active, true), notInArray(questions.id, liveIds)));
    }

    const mcColumns = {
      categoryId: masterChallengeQuestions.categoryId,
      questionNumber: masterChallengeQuestions.questionNumber,
      format: masterChallengeQuestions.format,
      questionText: masterChallengeQuestions.questionText,
      exhibit: masterChallengeQuestions.exhibit,
      optionA: masterChallengeQuestions.optionA,
      optionB: masterChallengeQuestions.optionB,
      optionC: masterChallengeQuestions.optionC,
      optionD: masterChallengeQuestions.optionD,
      correctAnswer: masterChallengeQuestions.correctAnswer,
      explanation: masterChallengeQuestions.explanation,
      whyWrong: masterChallengeQuestions.whyWrong,
      active: masterChallengeQuestions.active,
      es: masterChallengeQuestions.es,
    };
    for (const batch of chunks(content.masterChallenge)) {
      await tx
        .insert(masterChallengeQuestions)
        .values(
          batch.map((q) => ({
            id: q.id,
            categoryId: idOf(q.category),
            // mc-0041 is question 41: stable, unique, and independent of file order.
            questionNumber: Number(q.id.slice(3)),
            ...itemColumns(q),
            es: q.es ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: masterChallengeQuestions.id,
          ...takeChanged('master_challenge_questions', mcColumns),
        });
    }
    if (content.masterChallenge.length > 0) {
      await tx
        .update(masterChallengeQuestions)
        .set({ active: false })
        .where(
          and(
            eq(masterChallengeQuestions.active, true),
            notInArray(
              masterChallengeQuestions.id,
              content.masterChallenge.map((q) => q.id),
            ),
          ),
        );
    }

    for (const guide of content.guides) {
      const catId = idOf(guide.code);
      for (const chapter of guide.chapters) {
        await tx
          .insert(studyChapters)
          .values({
            categoryId: catId,
            chapterNumber: chapter.number,
            title: chapter.title,
            description: chapter.description,
            es: chapter.es,
          })
          .onConflictDoUpdate({
            target: [studyChapters.categoryId, studyChapters.chapterNumber],
            ...takeChanged('study_chapters', {
              title: studyChapters.title,
              description: studyChapters.description,
              es: studyChapters.es,
            }),
          });
        // An unchanged chapter is not rewritten, so read its id rather than relying on RETURNING.
        const row = theRow(
          await tx
            .select({ id: studyChapters.id })
            .from(studyChapters)
            .where(and(eq(studyChapters.categoryId, catId), eq(studyChapters.chapterNumber, chapter.number))),
          'read the upserted study chapter',
        );
        await tx
          .insert(studySections)
          .values(
            chapter.sections.map((s) => ({
              chapterId: row.id,
              sectionNumber: s.number,
              title: s.title,
              content: s.content,
              es: s.es,
            })),
          )
          .onConflictDoUpdate({
            target: [studySections.chapterId, studySections.sectionNumber],
            ...takeChanged('study_sections', {
              title: studySections.title,
              content: studySections.content,
              es: studySections.es,
            }),
          });
        await tx.delete(studySections).where(
          and(
            eq(studySections.chapterId, row.id),
            notInArray(
              studySections.sectionNumber,
              chapter.sections.map((s) => s.number),
            ),
          ),
        );
      }
      await tx.delete(studyChapters).where(
        and(
          eq(studyChapters.categoryId, catId),
          notInArray(
            studyChapters.chapterNumber,
            guide.chapters.map((c) => c.number),
          ),
        ),
      );
    }

    await tx
      .insert(achievements)
      .values(
        content.achievements.map((a) => ({
          code: a.code,
          name: a.name,
          description: a.description,
          icon: a.icon,
          points: a.points,
          category: a.category,
          requirementValue: a.requirement_value,
        })),
      )
      .onConflictDoUpdate({
        target: achievements.code,
        ...takeChanged('achievements', {
          name: achievements.name,
          description: achievements.description,
          icon: achievements.icon,
          points: achievements.points,
          category: achievements.category,
          requirementValue: achievements.requirementValue,
        }),
      });

    await tx
      .insert(subscriptionPlans)
      .values(
        content.plans.shopPlans.map((p) => ({
          code: p.code,
          name: p.name,
          priceMonthlyCents: p.price_monthly_cents,
          maxTechnicians: p.max_technicians,
          features: p.features,
          shopType: p.shop_type,
          active: p.active,
        })),
      )
      .onConflictDoUpdate({
        target: subscriptionPlans.code,
        ...takeChanged('subscription_plans', {
          name: subscriptionPlans.name,
          priceMonthlyCents: subscriptionPlans.priceMonthlyCents,
          maxTechnicians: subscriptionPlans.maxTechnicians,
          features: subscriptionPlans.features,
          shopType: subscriptionPlans.shopType,
          active: subscriptionPlans.active,
        }),
      });
  });
  // Fresh planner statistics for the content just loaded: without them PostgreSQL guesses the
  // questions table's size and scans all of it where a primary-key lookup per answer is cheaper.
  await db.execute(sql`analyze ase_categories, questions, master_challenge_questions, study_chapters, study_sections`);
}

/**
 * The start-up seed (ADR 0056): seeds `dir` only when its fingerprint differs from the one stored by the last
 * seed, so a start on an unchanged content folder neither parses the content nor writes anything. Instances
 * starting together take the table's lock in turn; the later ones find the fresh fingerprint and skip.
 * `npm run db:seed` seeds unconditionally.
 */
export async function seedContentIfChanged(db: Database, dir: string = CONTENT_DIR): Promise<'seeded' | 'unchanged'> {
  const fingerprint = contentFingerprint(dir);
  const stored = async () =>
    (await db.select({ fingerprint: contentSeed.fingerprint }).from(contentSeed))[0]?.fingerprint;
  if ((await stored()) === fingerprint) return 'unchanged';
  const content = loadContent(dir);
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table content_seed in share row exclusive mode`);
    const [row] = await tx.select({ fingerprint: contentSeed.fingerprint }).from(contentSeed);
    if (row?.fingerprint === fingerprint) return 'unchanged' as const;
    await seedContent(tx, content, fingerprint);
    return 'seeded' as const;
  });
}
