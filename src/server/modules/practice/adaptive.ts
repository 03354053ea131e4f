import { sql } from 'drizzle-orm';
import { selectAdaptiveQuestions } from '../../../domain/adaptive-selection';
import { type ShownCandidate, selectAssignedTestQuestions } from '../../../domain/assigned-test-selection';
import { effectiveDifficulty } from '../../../domain/question-difficulty';
import type { Database } from '../../db/client';
import { asColumn, columnOf, orNull, preparedStatement } from '../../db/prepared';
import {
  questionDifficultyStats,
  questionKeysShown,
  questions,
  userCategoryMastery,
  userQuestionProgress,
} from '../../db/schema';

/**
 * One read: the category's questions with their difficulty stats and this user's progress, and the
 * user's skill in the category (the same on every row).
 */
const readCandidates = preparedStatement(
  'adaptive_candidates',
  {
    id: columnOf('q', questions.id),
    content_area: columnOf('q', questions.contentArea),
    label: columnOf('q', questions.difficulty),
    // The outer joins' rows may be missing: no statistics, no progress, no key shown yet.
    stat_difficulty: orNull(columnOf('d', questionDifficultyStats.difficulty)),
    stat_answered: asColumn(questionDifficultyStats.timesAnswered, sql`coalesce(d.times_answered, 0)`),
    times_correct: asColumn(userQuestionProgress.timesCorrect, sql`coalesce(p.times_correct, 0)`),
    times_answered: asColumn(userQuestionProgress.timesAnswered, sql`coalesce(p.times_answered, 0)`),
    key_shown_at: orNull(columnOf('k', questionKeysShown.shownAt)),
    skill: orNull(
      asColumn(
        userCategoryMastery.masteryScore,
        sql`(select m.mastery_score from user_category_mastery m
          where m.user_id = ${sql.placeholder('userId')} and m.category_id = ${sql.placeholder('categoryId')}::uuid)`,
      ),
    ),
  },
  (columns) => sql`
    select ${columns}
    from questions q
    left join question_difficulty_stats d on d.question_id = q.id
    left join user_question_progress p on p.question_id = q.id and p.user_id = ${sql.placeholder('userId')}
    left join question_keys_shown k on k.question_id = q.id and k.user_id = ${sql.placeholder('userId')}
    where q.category_id = ${sql.placeholder('categoryId')}::uuid and q.pool = 'practice' and q.active`,
);

/**
 * Adaptive selection (docs/PRODUCT.md#tests) for a user, a category and a count: reads the user's
 * progress, mastery and the questions' difficulty, and lets the pure rule choose (ADR 0004). For an
 * assigned test (`assignedAt` = now) it prefers questions whose key the user has not been shown in the
 * last 30 days: every statement that reveals a key (an instant-feedback answer, a submit's review, a
 * review-deck answer) records it in `question_keys_shown` (ADR 0032).
 */
export async function getAdaptiveQuestions(
  db: Database,
  userId: string,
  categoryId: string,
  count: number,
  options: {
    random?: () => number;
    assignedAt?: Date;
    /** Only questions of these content areas (a chapter quiz); all of the category when absent or empty. */
    onlyAreas?: readonly string[];
  } = {},
): Promise<string[]> {
  const random = options.random ?? Math.random;
  const all = await readCandidates(db, { userId, categoryId });
  const { onlyAreas } = options;
  const rows = onlyAreas?.length ? all.filter((row) => onlyAreas.includes(row.content_area)) : all;

  const areaTotals = new Map<string, { answered: number; correct: number }>();
  for (const row of rows) {
    if (row.times_answered === 0) continue;
    const t = areaTotals.get(row.content_area) ?? { answered: 0, correct: 0 };
    t.answered += row.times_answered;
    t.correct += row.times_correct;
    areaTotals.set(row.content_area, t);
  }
  const areaAccuracy = new Map([...areaTotals].map(([area, t]) => [area, t.correct / t.answered]));

  const candidates: ShownCandidate[] = rows.map((row) => ({
    id: row.id,
    contentArea: row.content_area,
    difficulty: effectiveDifficulty(row.label, row.stat_difficulty, row.stat_answered),
    timesCorrect: row.times_correct,
    keyShownAt: row.key_shown_at,
  }));
  const input = { candidates, skill: all[0]?.skill ?? null, areaAccuracy, count, random };
  return options.assignedAt
    ? selectAssignedTestQuestions({ ...input, now: options.assignedAt })
    : selectAdaptiveQuestions(input);
}
