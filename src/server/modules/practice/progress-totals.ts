import { sql } from 'drizzle-orm';
import { ASE_AREAS } from '../../../domain/ase-areas';
import { PASS_MARK } from '../../../domain/constants';
import { RECENT_SCORES_KEPT } from '../../../domain/technician-progress';
import type { Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';

/**
 * A submit step (ADR 0016): adds the completed test to the technician's running totals and, for a
 * one-category test, puts its score at the head of that category's latest scores. The manager
 * dashboard reads these rows instead of every technician's history.
 */
const KEPT = sql.raw(String(RECENT_SCORES_KEPT));
const CATEGORIES = sql.raw(String(ASE_AREAS.length));

const recordTotals = preparedStatement(
  'record_progress_totals',
  {},
  () => sql`
    with done as (
      select tech_id, category_id, score, completed_at from test_sessions
      where id = ${sql.placeholder('sessionId')}::uuid and completed_at is not null
    ), scores as (
      insert into tech_category_scores as c (tech_id, category_id, recent_scores, best_recent, last_completed_at)
      select tech_id, category_id, array[score::smallint], score, completed_at from done where category_id is not null
      on conflict (tech_id, category_id) do update set
        recent_scores = (excluded.recent_scores || c.recent_scores)[1:${KEPT}],
        best_recent = (select max(x) from unnest((excluded.recent_scores || c.recent_scores)[1:${KEPT}]) x),
        last_completed_at = greatest(c.last_completed_at, excluded.last_completed_at)
      returning category_id, best_recent
    ), slot as (
      -- A1 is slot 1 of category_best, A8 slot 8.
      select substring(ac.code from 2)::int as n, scores.best_recent from scores join ase_categories ac on ac.id = scores.category_id
    )
    insert into tech_test_totals as t (tech_id, tests_completed, tests_passed, score_sum, last_completed_at, category_best)
    select tech_id, 1, (score >= ${sql.placeholder('passMark')}::int)::int, score, completed_at,
      (select array_agg(slot.best_recent order by i) from generate_series(1, ${CATEGORIES}) i left join slot on slot.n = i)
    from done
    on conflict (tech_id) do update set
      tests_completed = t.tests_completed + 1,
      tests_passed = t.tests_passed + excluded.tests_passed,
      score_sum = t.score_sum + excluded.score_sum,
      last_completed_at = greatest(t.last_completed_at, excluded.last_completed_at),
      category_best = coalesce(
        (select array_agg(case when i = slot.n then slot.best_recent else t.category_best[i] end order by i)
         from slot cross join generate_series(1, ${CATEGORIES}) i),
        t.category_best)`,
);

/** Called from the submit's transaction with the session it has just completed. */
export async function recordProgressTotals(tx: Executor, session: { sessionId: string }): Promise<void> {
  await recordTotals(tx, { sessionId: session.sessionId, passMark: PASS_MARK });
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
    insert into tech_category_scores (tech_id, category_id, recent_scores, best_recent, last_completed_at)
    select tech_id, category_id, recent, (select max(x) from unnest(recent) x), last
    from (
      select tech_id, category_id, (array_agg(score::smallint order by completed_at desc, id))[1:${KEPT}] as recent,
        max(completed_at) as last
      from test_sessions where completed_at is not null and score is not null and category_id is not null
      group by tech_id, category_id
    ) latest`);
  await db.execute(sql`
    update tech_test_totals t set category_best = (
      select array_agg(b.best_recent order by i)
      from generate_series(1, ${CATEGORIES}) i
      left join lateral (
        select cs.best_recent from tech_category_scores cs join ase_categories ac on ac.id = cs.category_id
        where cs.tech_id = t.tech_id and ac.code = 'A' || i
      ) b on true
    )`);
}
