import { type SQL, sql } from 'drizzle-orm';
import { ASE_AREAS } from '../../../domain/ase-areas';
import { PASS_MARK } from '../../../domain/constants';
import { RECENT_SCORES_KEPT } from '../../../domain/technician-progress';
import type { Executor } from '../../db/client';

/**
 * A submit step (ADR 0016): adds the completed test to the technician's running totals and, for a
 * one-category test, puts its score at the head of that category's latest scores. The manager
 * dashboard reads these rows instead of every technician's history.
 *
 * These are CTEs of the submit statement itself (practice/submit.ts), so the step costs no round trip of
 * its own: `outcome` is the CTE holding the completed session's `completed_at` and `score`, `session` the
 * one holding its `category_id`. Both upserts act on the latest row versions (ON CONFLICT), so a technician's
 * submits that wait on each other's lock never lose a count.
 */
const KEPT = sql.raw(String(RECENT_SCORES_KEPT));
const CATEGORIES = sql.raw(String(ASE_AREAS.length));

export function progressTotalsCtes(techId: SQL, passMark: SQL): SQL {
  return sql`category_scores as (
      insert into tech_category_scores as c (tech_id, category_id, recent_scores, best_recent, last_completed_at)
      select ${techId}, session.category_id, array[outcome.score::smallint], outcome.score, outcome.completed_at
      from session, outcome where session.category_id is not null
      on conflict (tech_id, category_id) do update set
        recent_scores = (excluded.recent_scores || c.recent_scores)[1:${KEPT}],
        best_recent = (select max(x) from unnest((excluded.recent_scores || c.recent_scores)[1:${KEPT}]) x),
        last_completed_at = greatest(c.last_completed_at, excluded.last_completed_at)
      returning category_id, best_recent
    ), category_slot as (
      -- A1 is slot 1 of category_best, A8 slot 8.
      select substring(ac.code from 2)::int as n, category_scores.best_recent
      from category_scores join ase_categories ac on ac.id = category_scores.category_id
    ), totals as (
      insert into tech_test_totals as t (tech_id, tests_completed, tests_passed, score_sum, last_completed_at, category_best)
      select ${techId}, 1, (outcome.score >= ${passMark})::int, outcome.score, outcome.completed_at,
        (select array_agg(category_slot.best_recent order by i)
         from generate_series(1, ${CATEGORIES}) i left join category_slot on category_slot.n = i)
      from outcome
      on conflict (tech_id) do update set
        tests_completed = t.tests_completed + 1,
        tests_passed = t.tests_passed + excluded.tests_passed,
        score_sum = t.score_sum + excluded.score_sum,
        last_completed_at = greatest(t.last_completed_at, excluded.last_completed_at),
        category_best = coalesce(
          (select array_agg(case when i = category_slot.n then category_slot.best_recent else t.category_best[i] end
            order by i)
           from category_slot cross join generate_series(1, ${CATEGORIES}) i),
          t.category_best)
    )`;
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
