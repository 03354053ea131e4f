import { sql } from 'drizzle-orm';
import { PASS_MARK } from '../../../domain/constants';
import { RECENT_SCORES_KEPT } from '../../../domain/technician-progress';
import type { Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';

/**
 * A submit step (ADR 0010): adds the completed test to the technician's running totals and, for a
 * one-category test, puts its score at the head of that category's latest scores. The manager
 * dashboard reads these rows instead of every technician's history.
 */
const recordTotals = preparedQuery(
  'record_progress_totals',
  sql`
    with done as (
      select tech_id, category_id, score, completed_at from test_sessions
      where id = ${sql.placeholder('sessionId')}::uuid and completed_at is not null
    ), totals as (
      insert into tech_test_totals as t (tech_id, tests_completed, tests_passed, score_sum, last_completed_at)
      select tech_id, 1, (score >= ${PASS_MARK})::int, score, completed_at from done
      on conflict (tech_id) do update set
        tests_completed = t.tests_completed + 1,
        tests_passed = t.tests_passed + excluded.tests_passed,
        score_sum = t.score_sum + excluded.score_sum,
        last_completed_at = greatest(t.last_completed_at, excluded.last_completed_at)
    )
    insert into tech_category_scores as c (tech_id, category_id, recent_scores, last_completed_at)
    select tech_id, category_id, array[score::smallint], completed_at from done where category_id is not null
    on conflict (tech_id, category_id) do update set
      recent_scores = (excluded.recent_scores || c.recent_scores)[1:${sql.raw(String(RECENT_SCORES_KEPT))}],
      last_completed_at = greatest(c.last_completed_at, excluded.last_completed_at)`,
);

/** Called from the submit's transaction with the session it has just completed. */
export async function recordProgressTotals(tx: Executor, session: { sessionId: string }): Promise<void> {
  await recordTotals(tx, { sessionId: session.sessionId });
}

/**
 * Recomputes every technician's totals from the completed tests (what migration 0003 did once):
 * for data written straight to the tables, as the benchmark's seed does.
 */
export async function rebuildProgressTotals(db: Executor): Promise<void> {
  await db.execute(sql`delete from tech_category_scores`);
  await db.execute(sql`delete from tech_test_totals`);
  await db.execute(sql`
    insert into tech_test_totals (tech_id, tests_completed, tests_passed, score_sum, last_completed_at)
    select tech_id, count(*), count(*) filter (where score >= ${PASS_MARK}), coalesce(sum(score), 0), max(completed_at)
    from test_sessions where completed_at is not null and score is not null
    group by tech_id`);
  await db.execute(sql`
    insert into tech_category_scores (tech_id, category_id, recent_scores, last_completed_at)
    select tech_id, category_id,
      (array_agg(score::smallint order by completed_at desc, id))[1:${sql.raw(String(RECENT_SCORES_KEPT))}],
      max(completed_at)
    from test_sessions where completed_at is not null and score is not null and category_id is not null
    group by tech_id, category_id`);
}
