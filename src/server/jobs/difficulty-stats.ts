import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { scheduleRepeating } from './schedule';

/** Sessions counted per statement; a run repeats until none is left. */
const BATCH_SESSIONS = 2000;

/**
 * One batch: takes submitted sessions still flagged `stats_pending` (skipping any another server holds),
 * clears the flag and adds their answers to each question's counts, all in one statement, so every
 * session is counted exactly once. Blank exam answers do not count; an exam's copies of a question
 * count each time, as they did when the submit wrote the counts itself. Rows are upserted in key
 * order so two servers running this never deadlock.
 */
const countBatch = preparedQuery<{ sessions: number }>(
  'difficulty_stats_batch',
  sql`
    with picked as (
      select id from test_sessions where stats_pending
      order by completed_at limit ${sql.placeholder('limit')}
      for update skip locked
    ), cleared as (
      update test_sessions ts set stats_pending = false from picked where ts.id = picked.id returning ts.id
    ), answered as (
      select ta.question_id, ta.is_correct
      from test_answers ta join cleared on ta.session_id = cleared.id
      where ta.selected_answer is not null and ta.is_correct is not null
    ), counted as (
      insert into question_difficulty_stats (question_id, difficulty, times_answered, times_correct, updated_at)
      select question_id, 1 - (count(*) filter (where is_correct))::real / count(*), count(*),
        count(*) filter (where is_correct), ${sql.placeholder('now')}::timestamptz
      from answered group by question_id order by question_id
      on conflict (question_id) do update set
        times_answered = question_difficulty_stats.times_answered + excluded.times_answered,
        times_correct = question_difficulty_stats.times_correct + excluded.times_correct,
        difficulty = 1 - (question_difficulty_stats.times_correct + excluded.times_correct)::real
          / (question_difficulty_stats.times_answered + excluded.times_answered),
        updated_at = excluded.updated_at
    )
    select count(*)::int as sessions from cleared`,
);

/**
 * Per-question difficulty statistics, aggregated from the submitted answers off the submit's path
 * (ADR 0014): the adaptive selection reads them, and they need not be exact within the request.
 * Returns how many sessions were counted.
 */
export async function aggregateDifficultyStats(db: Database, now = new Date(), batch = BATCH_SESSIONS) {
  let total = 0;
  for (;;) {
    const [row] = await countBatch(db, { limit: batch, now: now.toISOString() });
    const counted = row?.sessions ?? 0;
    total += counted;
    if (counted < batch) return total;
  }
}

/** Start-up run plus one every `intervalMs` (0: start-up only). Returns a stop function. */
export function scheduleDifficultyStats(
  db: Database,
  options: { intervalMs: number; onError: (error: unknown) => void; onRun?: (sessions: number) => void },
) {
  return scheduleRepeating(() => aggregateDifficultyStats(db), options);
}
