import { sql } from 'drizzle-orm';
import type { CategoryMastery, MasteryDashboard } from '../../../domain/contracts/mastery';
import {
  difficultyLevel,
  masteryLevel,
  nextTestDifficulty,
  practiceAdvice,
  readinessPercent,
  strongAreas,
  weakAreas,
} from '../../../domain/mastery';
import { estimateReadiness } from '../../../domain/readiness';
import { type MasteryStanding, type StandingRow, standingFromRow, standingSql } from '../../access-standing';
import type { Executor } from '../../db/client';
import { columnOf, orNull, preparedStatement } from '../../db/prepared';
import { aseCategories, userCategoryMastery } from '../../db/schema';

/**
 * Every category with its content-area blueprint, the user's mastery row (if any, with the questions
 * mastered, docs/PRODUCT.md#tests) and how many practice questions it has; and on the first row the user's
 * access standing, so the gated route needs this one statement.
 */
const readMasteryRows = preparedStatement(
  'mastery_dashboard',
  {
    standing: sql<StandingRow | null>`case when row_number() over (order by c.code) = 1 then
      (select to_jsonb(standing) from standing) end`,
    id: columnOf('c', aseCategories.id),
    code: columnOf('c', aseCategories.code),
    name: columnOf('c', aseCategories.name),
    content_areas: columnOf('c', aseCategories.contentAreas),
    // The user's row, if any (a left join).
    mastery_score: orNull(columnOf('m', userCategoryMastery.masteryScore)),
    questions_attempted: orNull(columnOf('m', userCategoryMastery.questionsAttempted)),
    correct_answers: orNull(columnOf('m', userCategoryMastery.correctAnswers)),
    recent_performance: orNull(columnOf('m', userCategoryMastery.recentPerformance)),
    area_stats: orNull(columnOf('m', userCategoryMastery.areaStats)),
    questions_mastered: orNull(columnOf('m', userCategoryMastery.questionsMastered)),
    bank: sql<number>`coalesce(b.bank, 0)::int`,
  },
  (columns) => sql`
    with standing as (${standingSql})
    select ${columns}
    from ase_categories c
    left join user_category_mastery m on m.category_id = c.id and m.user_id = ${sql.placeholder('userId')}
    left join lateral (
      select count(*) as bank from questions q where q.category_id = c.id and q.pool = 'practice' and q.active
    ) b on true
    order by c.code`,
);

/**
 * The mastery dashboard (docs/PRODUCT.md#mastery-levels-and-readiness) for one user: per category the score, level, readiness, counts,
 * recent performance, the difficulty the next adaptive test aims at, practice-time advice, mastered
 * questions, the content-area breakdown and the readiness estimate (ADR 0015); the weak and strong areas.
 */
export async function getMasteryDashboard(db: Executor, userId: string): Promise<MasteryDashboard> {
  return (await readMasteryDashboard(db, userId)).dashboard;
}

/** The dashboard and the user's access standing, read in one statement (for the gated route). */
export async function readMasteryDashboard(
  db: Executor,
  userId: string,
): Promise<{ standing: MasteryStanding; dashboard: MasteryDashboard }> {
  const rows = await readMasteryRows(db, { userId });
  const categories: CategoryMastery[] = rows.map((row) => {
    const score = row.mastery_score ?? 0;
    const attempted = row.questions_attempted ?? 0;
    const tallies = row.area_stats ?? {};
    const blueprint = row.content_areas ?? [];
    const named = new Set(blueprint.map((a) => a.name));
    const next = nextTestDifficulty(attempted > 0 ? score : null);
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      masteryScore: score,
      level: masteryLevel(score),
      readiness: readinessPercent(score),
      questionsAttempted: attempted,
      correctAnswers: row.correct_answers ?? 0,
      recentPerformance: row.recent_performance ?? 0,
      nextDifficulty: next,
      difficulty: difficultyLevel(next),
      advice: practiceAdvice(score, attempted),
      questionsMastered: row.questions_mastered ?? 0,
      questionsInBank: row.bank,
      areas: [
        ...blueprint.map((area) => ({ name: area.name, share: area.share })),
        // Answers in an area the blueprint no longer names still show.
        ...Object.keys(tallies)
          .filter((name) => !named.has(name))
          .map((name) => ({ name, share: 0 })),
      ].map((area) => ({
        ...area,
        questionsAttempted: tallies[area.name]?.attempted ?? 0,
        correctAnswers: tallies[area.name]?.correct ?? 0,
      })),
      estimate: estimateReadiness(blueprint, tallies),
    };
  });
  return {
    standing: standingFromRow(rows[0]?.standing),
    dashboard: {
      categories,
      weakAreas: weakAreas(categories).map((c) => c.code),
      strongAreas: strongAreas(categories).map((c) => c.code),
    },
  };
}
