import { and, eq, sql } from 'drizzle-orm';
import { type AdaptiveCandidate, selectAdaptiveQuestions } from '../../../domain/adaptive-selection';
import type { Executor } from '../../db/client';
import { questionDifficultyStats, questions, userCategoryMastery, userQuestionProgress } from '../../db/schema';

/** Until a question has this many answers across all users, its authored label stands in for its difficulty. */
const MIN_ANSWERS_FOR_STATS = 5;
const LABEL_DIFFICULTY = { easy: 0.25, medium: 0.5, hard: 0.75 } as const;

/**
 * The spec's rpc get_adaptive_questions {p_user_id, p_category_id, p_count}: reads the user's
 * progress, mastery and the questions' difficulty, and lets the pure rule choose (ADR 0004).
 */
export async function getAdaptiveQuestions(
  db: Executor,
  userId: string,
  categoryId: string,
  count: number,
  random: () => number = Math.random,
): Promise<string[]> {
  const rows = await db
    .select({
      id: questions.id,
      contentArea: questions.contentArea,
      label: questions.difficulty,
      statDifficulty: questionDifficultyStats.difficulty,
      statAnswered: questionDifficultyStats.timesAnswered,
      timesCorrect: sql<number>`coalesce(${userQuestionProgress.timesCorrect}, 0)`.mapWith(Number),
      timesAnswered: sql<number>`coalesce(${userQuestionProgress.timesAnswered}, 0)`.mapWith(Number),
    })
    .from(questions)
    .leftJoin(questionDifficultyStats, eq(questionDifficultyStats.questionId, questions.id))
    .leftJoin(
      userQuestionProgress,
      and(eq(userQuestionProgress.questionId, questions.id), eq(userQuestionProgress.userId, userId)),
    )
    .where(and(eq(questions.categoryId, categoryId), eq(questions.pool, 'practice'), eq(questions.active, true)));

  const [mastery] = await db
    .select({ score: userCategoryMastery.masteryScore })
    .from(userCategoryMastery)
    .where(and(eq(userCategoryMastery.userId, userId), eq(userCategoryMastery.categoryId, categoryId)));

  const areaTotals = new Map<string, { answered: number; correct: number }>();
  for (const row of rows) {
    if (row.timesAnswered === 0) continue;
    const t = areaTotals.get(row.contentArea) ?? { answered: 0, correct: 0 };
    t.answered += row.timesAnswered;
    t.correct += row.timesCorrect;
    areaTotals.set(row.contentArea, t);
  }
  const areaAccuracy = new Map([...areaTotals].map(([area, t]) => [area, t.correct / t.answered]));

  const candidates: AdaptiveCandidate[] = rows.map((row) => ({
    id: row.id,
    contentArea: row.contentArea,
    difficulty:
      row.statDifficulty !== null && (row.statAnswered ?? 0) >= MIN_ANSWERS_FOR_STATS
        ? row.statDifficulty
        : LABEL_DIFFICULTY[row.label],
    timesCorrect: row.timesCorrect,
  }));
  return selectAdaptiveQuestions({ candidates, skill: mastery?.score ?? null, areaAccuracy, count, random });
}
