import { sql } from 'drizzle-orm';
import { applyAnswers, type MasteryState } from '../../../domain/mastery';
import { answerWeight } from '../../../domain/readiness';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';

/** One answered question of a completed session, as the mastery step counts it. */
export interface ScoredAnswer {
  questionId: string;
  categoryId: string;
  contentArea: string;
  /** 0..1, as adaptive selection sees it now (measured, else the authored label). */
  difficulty: number;
  correct: boolean;
}

/** What the mastery step needs of a just-completed session (the submit's CompletedSession has it). */
export interface MasteryStepInput {
  userId: string;
  completedAt: Date;
  answers: readonly ScoredAnswer[];
}

/** The user's mastery rows of these categories, locked until the submit's transaction ends. */
const readMastery = preparedQuery<{
  category_id: string;
  questions_attempted: number;
  correct_answers: number;
  recent_performance: number;
  mastery_score: number;
}>(
  'mastery_read_for_update',
  sql`
    select category_id, questions_attempted, correct_answers, recent_performance, mastery_score
    from user_category_mastery
    where user_id = ${sql.placeholder('userId')} and category_id = any(${sql.placeholder('categoryIds')}::uuid[])
    order by category_id
    for update`,
);

/**
 * Writes the new mastery states: rows read (and locked) above are updated; rows that did not exist are
 * inserted unless another transaction inserted them meanwhile (then they are left out of the result,
 * and the caller reads and applies again). Content-area counts are added in the same statement.
 * Returns the categories whose mastery row was written.
 */
const writeMastery = preparedQuery<{ category_id: string }>(
  'mastery_write',
  sql`
    with input as (
      select * from unnest(${sql.placeholder('categoryIds')}::uuid[], ${sql.placeholder('scores')}::real[],
        ${sql.placeholder('attempted')}::int[], ${sql.placeholder('correct')}::int[], ${sql.placeholder('recent')}::real[],
        ${sql.placeholder('existed')}::boolean[]) as i(category_id, mastery_score, attempted, correct, recent, existed)
    ), updated as (
      update user_category_mastery m
      set mastery_score = input.mastery_score, questions_attempted = input.attempted, correct_answers = input.correct,
        recent_performance = input.recent, updated_at = ${sql.placeholder('now')}::timestamptz
      from input
      where input.existed and m.user_id = ${sql.placeholder('userId')} and m.category_id = input.category_id
      returning m.category_id
    ), inserted as (
      insert into user_category_mastery
        (user_id, category_id, mastery_score, questions_attempted, correct_answers, recent_performance, updated_at)
      select ${sql.placeholder('userId')}, category_id, mastery_score, attempted, correct, recent,
        ${sql.placeholder('now')}::timestamptz
      from input where not existed order by category_id
      on conflict (user_id, category_id) do nothing
      returning category_id
    ), areas as (
      insert into user_content_area_stats (user_id, category_id, content_area, questions_attempted, correct_answers,
        weighted_correct, weighted_wrong, updated_at)
      select ${sql.placeholder('userId')}, a.category_id, a.content_area, a.attempted, a.correct, a.weighted_correct,
        a.weighted_wrong, ${sql.placeholder('now')}::timestamptz
      from unnest(${sql.placeholder('areaCategoryIds')}::uuid[], ${sql.placeholder('areaNames')}::text[],
        ${sql.placeholder('areaAttempted')}::int[], ${sql.placeholder('areaCorrect')}::int[],
        ${sql.placeholder('areaWeightedCorrect')}::float8[], ${sql.placeholder('areaWeightedWrong')}::float8[])
        as a(category_id, content_area, attempted, correct, weighted_correct, weighted_wrong)
      order by a.category_id, a.content_area
      on conflict (user_id, category_id, content_area) do update set
        questions_attempted = user_content_area_stats.questions_attempted + excluded.questions_attempted,
        correct_answers = user_content_area_stats.correct_answers + excluded.correct_answers,
        weighted_correct = user_content_area_stats.weighted_correct + excluded.weighted_correct,
        weighted_wrong = user_content_area_stats.weighted_wrong + excluded.weighted_wrong,
        updated_at = excluded.updated_at
    )
    select category_id from updated union all select category_id from inserted`,
);

type Counts = { attempted: number; correct: number };
type AreaCounts = Counts & { categoryId: string; contentArea: string; weightedCorrect: number; weightedWrong: number };

function countAnswers(answers: readonly ScoredAnswer[]) {
  const categories = new Map<string, Counts>();
  const areas = new Map<string, AreaCounts>();
  for (const a of answers) {
    const c = categories.get(a.categoryId) ?? { attempted: 0, correct: 0 };
    c.attempted += 1;
    if (a.correct) c.correct += 1;
    categories.set(a.categoryId, c);
    const key = `${a.categoryId}\u0000${a.contentArea}`;
    const area = areas.get(key) ?? {
      categoryId: a.categoryId,
      contentArea: a.contentArea,
      attempted: 0,
      correct: 0,
      weightedCorrect: 0,
      weightedWrong: 0,
    };
    area.attempted += 1;
    if (a.correct) {
      area.correct += 1;
      area.weightedCorrect += answerWeight(a.difficulty, true);
    } else {
      area.weightedWrong += answerWeight(a.difficulty, false);
    }
    areas.set(key, area);
  }
  return { categories, areas: [...areas.values()] };
}

/**
 * The submit's mastery step (ADR 0010), in the submit's transaction: applies the test's answers to the
 * technician's mastery in each category they touch, through the domain's model, and adds them to the
 * content-area counts. Two round trips: read the rows with a lock, write them. Concurrent submits of the
 * same technician take the rows in turn; a first-ever row inserted by a concurrent submit meanwhile is
 * read again and applied on top of it, so no submit's answers are lost or counted twice.
 */
export async function updateMasteryAfterSubmit(tx: Executor, session: MasteryStepInput): Promise<void> {
  const { categories, areas } = countAnswers(session.answers);
  let pending = [...categories.keys()].sort();
  let areaRows = areas;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt === 3) throw new Error('Mastery rows kept changing during the submit');
    const current = new Map<string, MasteryState>(
      (await readMastery(tx, { userId: session.userId, categoryIds: pending })).map((row) => [
        row.category_id,
        {
          questionsAttempted: row.questions_attempted,
          correctAnswers: row.correct_answers,
          recentPerformance: row.recent_performance,
          masteryScore: row.mastery_score,
        },
      ]),
    );
    const next = pending.map((categoryId) => ({
      categoryId,
      existed: current.has(categoryId),
      state: applyAnswers(current.get(categoryId) ?? null, categories.get(categoryId) as Counts),
    }));
    const written = await writeMastery(tx, {
      userId: session.userId,
      now: session.completedAt.toISOString(),
      categoryIds: next.map((n) => n.categoryId),
      scores: next.map((n) => n.state.masteryScore),
      attempted: next.map((n) => n.state.questionsAttempted),
      correct: next.map((n) => n.state.correctAnswers),
      recent: next.map((n) => n.state.recentPerformance),
      existed: next.map((n) => n.existed),
      areaCategoryIds: areaRows.map((a) => a.categoryId),
      areaNames: areaRows.map((a) => a.contentArea),
      areaAttempted: areaRows.map((a) => a.attempted),
      areaCorrect: areaRows.map((a) => a.correct),
      areaWeightedCorrect: areaRows.map((a) => a.weightedCorrect),
      areaWeightedWrong: areaRows.map((a) => a.weightedWrong),
    });
    // The content-area counts are added once, with the first write.
    areaRows = [];
    const done = new Set(written.map((w) => w.category_id));
    pending = pending.filter((id) => !done.has(id));
  }
}
