import { sql } from 'drizzle-orm';
import { becameMastered } from '../../../domain/adaptive-selection';
import { applyAnswers } from '../../../domain/mastery';
import { tallyAnswers } from '../../../domain/readiness';
import type { Executor } from '../../db/client';
import { asColumn, type JsonRowOf, preparedStatement } from '../../db/prepared';
import { userCategoryMastery, type userQuestionProgress } from '../../db/schema';

/** One answered question of a completed session, as the mastery step counts it. */
export interface ScoredAnswer {
  questionId: string;
  categoryId: string;
  contentArea: string;
  /** 0..1, as adaptive selection sees it now (measured, else the authored label). */
  difficulty: number;
  correct: boolean;
}

/** The mastery rows (locked) and question progress the step works from, as JSON gives them. */
export interface MasteryRead {
  mastery: LockedMasteryRow[];
  progress: JsonRowOf<typeof userQuestionProgress, 'questionId' | 'timesCorrect'>[];
}

/** What the mastery step needs of a just-completed session (the submit's CompletedSession has it). */
export interface MasteryStepInput {
  userId: string;
  completedAt: Date;
  answers: readonly ScoredAnswer[];
  /** Read by the submit statement itself (saving a round trip); read here when absent. */
  masteryRead: MasteryRead | null;
}

export type LockedMasteryRow = JsonRowOf<
  typeof userCategoryMastery,
  | 'categoryId'
  | 'questionsAttempted'
  | 'correctAnswers'
  | 'recentPerformance'
  | 'masteryScore'
  | 'questionsMastered'
  | 'areaStats'
>;

/**
 * The user's mastery rows of these categories, locked until the submit's transaction ends, and the
 * user's progress on the test's questions as the submit statement has just left it.
 */
const readMastery = preparedStatement(
  'mastery_read_for_update',
  {
    mastery: sql<LockedMasteryRow[]>`(select coalesce(jsonb_agg(locked), '[]'::jsonb) from locked)`,
    progress: sql<MasteryRead['progress']>`(select coalesce(jsonb_agg(jsonb_build_object('question_id', question_id,
      'times_correct', times_correct)), '[]'::jsonb)
      from user_question_progress
      where user_id = ${sql.placeholder('userId')} and question_id = any(${sql.placeholder('questionIds')}::text[]))`,
  },
  (columns) => sql`
    with locked as (
      select category_id, questions_attempted, correct_answers, recent_performance, mastery_score, questions_mastered,
        area_stats
      from user_category_mastery
      where user_id = ${sql.placeholder('userId')} and category_id = any(${sql.placeholder('categoryIds')}::uuid[])
      order by category_id
      for update
    )
    select ${columns}`,
);

/**
 * Writes the new mastery states: rows read (and locked) above are updated; rows that did not exist are
 * inserted unless another transaction inserted them meanwhile (then they are left out of the result,
 * and the caller reads and applies again). Returns the categories whose row was written.
 */
const writeMastery = preparedStatement(
  'mastery_write',
  { category_id: asColumn(userCategoryMastery.categoryId, sql`category_id`) },
  (columns) => sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as i(category_id uuid, mastery_score real,
        questions_attempted int, correct_answers int, recent_performance real, questions_mastered int,
        area_stats jsonb, existed boolean)
    ), updated as (
      update user_category_mastery m
      set mastery_score = input.mastery_score, questions_attempted = input.questions_attempted,
        correct_answers = input.correct_answers, recent_performance = input.recent_performance,
        questions_mastered = input.questions_mastered, area_stats = input.area_stats, updated_at = ${sql.placeholder('now')}::timestamptz
      from input
      where input.existed and m.user_id = ${sql.placeholder('userId')} and m.category_id = input.category_id
      returning m.category_id
    ), inserted as (
      insert into user_category_mastery (user_id, category_id, mastery_score, questions_attempted, correct_answers,
        recent_performance, questions_mastered, area_stats, updated_at)
      select ${sql.placeholder('userId')}, category_id, mastery_score, questions_attempted, correct_answers,
        recent_performance, questions_mastered, area_stats, ${sql.placeholder('now')}::timestamptz
      from input where not existed order by category_id
      on conflict (user_id, category_id) do nothing
      returning category_id
    )
    select ${columns} from updated union all select category_id from inserted`,
);

async function readMasteryOnce(
  tx: Executor,
  userId: string,
  categoryIds: string[],
  questionIds: string[],
): Promise<MasteryRead> {
  const [read] = await readMastery(tx, { userId, categoryIds, questionIds });
  return read ?? { mastery: [], progress: [] };
}

/**
 * The submit's mastery step (ADR 0014), in the submit's transaction: applies the test's answers to the
 * technician's mastery in each category they touch, through the domain's model, and to the category's
 * content-area tallies, and counts the questions it made mastered. The submit statement has already read
 * (and locked) the rows and the test's questions' progress, so this is one round trip: write them. Concurrent submits of the
 * same technician take the rows in turn; a first-ever row inserted by a concurrent submit meanwhile is
 * read again and applied on top of it, so no submit's answers are lost or counted twice.
 */
export async function updateMasteryAfterSubmit(tx: Executor, session: MasteryStepInput): Promise<void> {
  const byCategory = new Map<string, ScoredAnswer[]>();
  const rightNow = new Map<string, number>();
  for (const a of session.answers) {
    byCategory.set(a.categoryId, [...(byCategory.get(a.categoryId) ?? []), a]);
    if (a.correct) rightNow.set(a.questionId, (rightNow.get(a.questionId) ?? 0) + 1);
  }
  let pending = [...byCategory.keys()].sort();
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 3) throw new Error('Mastery rows kept changing during the submit');
    const read =
      attempt === 0 && session.masteryRead
        ? session.masteryRead
        : await readMasteryOnce(tx, session.userId, pending, [...rightNow.keys()]);
    const current = new Map(read.mastery.map((row) => [row.category_id, row]));
    const timesCorrect = new Map(read.progress.map((row) => [row.question_id, row.times_correct]));
    const rows = pending.map((categoryId) => {
      const answers = byCategory.get(categoryId) as ScoredAnswer[];
      const before = current.get(categoryId);
      const state = applyAnswers(
        before
          ? {
              questionsAttempted: before.questions_attempted,
              correctAnswers: before.correct_answers,
              recentPerformance: before.recent_performance,
              masteryScore: before.mastery_score,
            }
          : null,
        { attempted: answers.length, correct: answers.filter((a) => a.correct).length },
      );
      // docs/PRODUCT.md#tests: a question is mastered at its 3rd right answer; count those this test took over the line.
      const questions = new Set(answers.filter((a) => a.correct).map((a) => a.questionId));
      const crossed = [...questions].filter((id) =>
        becameMastered(timesCorrect.get(id) ?? 0, rightNow.get(id) ?? 0),
      ).length;
      return {
        category_id: categoryId,
        mastery_score: state.masteryScore,
        questions_attempted: state.questionsAttempted,
        correct_answers: state.correctAnswers,
        recent_performance: state.recentPerformance,
        questions_mastered: (before?.questions_mastered ?? 0) + crossed,
        area_stats: tallyAnswers(before?.area_stats ?? {}, answers),
        existed: before !== undefined,
      };
    });
    const written = await writeMastery(tx, {
      userId: session.userId,
      now: session.completedAt.toISOString(),
      rows: JSON.stringify(rows),
    });
    const done = new Set(written.map((w) => w.category_id));
    pending = pending.filter((id) => !done.has(id));
  }
}
