import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { scheduleRepeating } from './schedule';

/** Sessions counted per statement; a run repeats until none is left. */
const BATCH_SESSIONS = 2000;

/**
 * One batch: takes submitted sessions still flagged `stats_pending` (skipping any another server holds),
 * clears the flag and adds their answers to each question's counts, all in one statement, so every
 * session is counted exactly once. Only a technician's first answer to a question counts (the submit
 * marks it `counts_for_stats`, ADR 0014), so one person answering it again and again cannot move its
 * difficulty for everyone; null is an answer submitted before the mark existed, which counts. Blank exam
 * answers do not count. It also adds each answer's session score (for the point-biserial) and the option
 * picked (ADR 0020's item statistics). Rows are upserted in key order so two servers running this never
 * deadlock.
 */
const countBatch = preparedStatement(
  'difficulty_stats_batch',
  { sessions: sql<number>`count(*)::int` },
  (columns) => sql`
    with picked as (
      select id from test_sessions where stats_pending
      order by completed_at limit ${sql.placeholder('limit')}
      for update skip locked
    ), cleared as (
      update test_sessions ts set stats_pending = false from picked where ts.id = picked.id
      returning ts.id, ts.score
    ), answered as (
      select ta.question_id, ta.is_correct, ta.selected_answer, cleared.score::float8 as score
      from test_answers ta join cleared on ta.session_id = cleared.id
      where ta.selected_answer is not null and ta.is_correct is not null and ta.counts_for_stats is not false
    ), counted as (
      insert into question_difficulty_stats (question_id, difficulty, times_answered, times_correct, scored_answers,
        score_sum, score_square_sum, correct_score_sum, picks_a, picks_b, picks_c, picks_d, updated_at)
      select question_id, 1 - (count(*) filter (where is_correct))::real / count(*), count(*),
        count(*) filter (where is_correct), count(*), sum(score), sum(score * score),
        coalesce(sum(score) filter (where is_correct), 0), count(*) filter (where selected_answer = 'A'),
        count(*) filter (where selected_answer = 'B'), count(*) filter (where selected_answer = 'C'),
        count(*) filter (where selected_answer = 'D'), ${sql.placeholder('now')}::timestamptz
      from answered group by question_id order by question_id
      on conflict (question_id) do update set
        times_answered = question_difficulty_stats.times_answered + excluded.times_answered,
        times_correct = question_difficulty_stats.times_correct + excluded.times_correct,
        difficulty = 1 - (question_difficulty_stats.times_correct + excluded.times_correct)::real
          / (question_difficulty_stats.times_answered + excluded.times_answered),
        -- Item statistics (ADR 0020): the sums the point-biserial and the distractor counts are read from.
        scored_answers = question_difficulty_stats.scored_answers + excluded.scored_answers,
        score_sum = question_difficulty_stats.score_sum + excluded.score_sum,
        score_square_sum = question_difficulty_stats.score_square_sum + excluded.score_square_sum,
        correct_score_sum = question_difficulty_stats.correct_score_sum + excluded.correct_score_sum,
        picks_a = question_difficulty_stats.picks_a + excluded.picks_a,
        picks_b = question_difficulty_stats.picks_b + excluded.picks_b,
        picks_c = question_difficulty_stats.picks_c + excluded.picks_c,
        picks_d = question_difficulty_stats.picks_d + excluded.picks_d,
        updated_at = excluded.updated_at
    )
    select ${columns} from cleared`,
);

/**
 * Per-question difficulty statistics, aggregated from the submitted answers off the submit's path
 * (ADR 0014): the adaptive selection reads them, and they need not be exact within the request.
 * Returns how many sessions were counted.
 */
export async function aggregateDifficultyStats(
  db: Database,
  now = new Date(),
  batch = BATCH_SESSIONS,
  signal?: AbortSignal,
) {
  let total = 0;
  // A shutdown stops it between batches; the sessions left stay flagged for the next run, here or elsewhere.
  while (!signal?.aborted) {
    const [row] = await countBatch(db, { limit: batch, now: now.toISOString() });
    const counted = row?.sessions ?? 0;
    total += counted;
    if (counted < batch) return total;
  }
  return total;
}

/** Start-up run plus one every `intervalMs` (0: start-up only). Returns a stop function. */
export function scheduleDifficultyStats(
  db: Database,
  options: { intervalMs: number; onError: (error: unknown) => void; onRun?: (sessions: number) => void },
) {
  return scheduleRepeating((signal) => aggregateDifficultyStats(db, new Date(), BATCH_SESSIONS, signal), options);
}
