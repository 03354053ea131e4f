/**
 * The history of a national customer base, generated in SQL: shops, technicians, two years of
 * completed tests and their answers, and every row a submit derives from them (progress, keys shown, the
 * review deck, mastery with its area tallies, totals), achievements, Master Challenge attempts with their
 * answers and bests, certifications and assignments. Sizes scale together from the full size.
 */
import type pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { recountCompetitors } from '../src/server/modules/master-challenge/leaderboard';
import { rebuildProgressTotals } from '../src/server/modules/practice/progress-totals';

export interface ScaleSizes {
  shops: number;
  technicians: number;
  tests: number;
  attempts: number;
  certifications: number;
}

/** The full size, times `scale` (at least one other shop and the measured shop's own technicians). */
export function sizesAt(scale: number, measuredTechnicians: number): ScaleSizes {
  const at = (full: number) => Math.max(1, Math.round(full * scale));
  return {
    shops: Math.max(2, at(1_000)),
    technicians: Math.max(measuredTechnicians, at(25_000)),
    tests: at(1_000_000),
    attempts: at(200_000),
    certifications: at(50_000),
  };
}

export const ANSWERS_PER_TEST = 20;
const MC_QUESTIONS = 30;

/**
 * Fills the database around the measured shop (its manager and technicians already signed up through the
 * API): the other shops and technicians, then everyone's history. Returns each step's seconds.
 */
export async function generateScaleData(
  db: pg.Client,
  databaseUrl: string,
  sizes: ScaleSizes,
  measured: { shopId: string; techIds: string[] },
) {
  const timings: Record<string, number> = {};
  const step = async (name: string, statement: string, values: unknown[] = []) => {
    const started = Date.now();
    await db.query(statement, values);
    timings[name] = (timings[name] ?? 0) + (Date.now() - started) / 1000;
  };
  const otherShops = sizes.shops - 1;
  const otherTechs = sizes.technicians - measured.techIds.length;

  // Other shops: a manager each, on an active plan.
  await step(
    'shops',
    `insert into auth_users (id, name, email, email_verified)
     select 'scale-mgr-' || n, 'Manager ' || n, 'scale.mgr' || n || '@example.com', true from generate_series(1, $1) n`,
    [otherShops],
  );
  await step(
    'shops',
    `insert into profiles (id, email, full_name, role, experience_level)
     select 'scale-mgr-' || n, 'scale.mgr' || n || '@example.com', 'Manager ' || n, 'manager', '3_to_5'
     from generate_series(1, $1) n`,
    [otherShops],
  );
  await step(
    'shops',
    `insert into shops (name, type, shop_code, manager_id, trial_ends_at)
     select 'Shop ' || n, case when n % 3 = 0 then 'dealership' else 'independent' end,
       'SHOP' || upper(lpad(to_hex(n), 6, '0')), 'scale-mgr-' || n, now() - interval '300 days'
     from generate_series(1, $1) n`,
    [otherShops],
  );
  await step(
    'shops',
    `with made as (
       insert into subscriptions (shop_id, plan_id, status, current_period_start, current_period_end, card_brand, card_last4)
       select s.id, (select id from subscription_plans where shop_type in (s.type, 'both') order by price_monthly_cents limit 1),
         'active', now() - interval '10 days', now() + interval '20 days', 'visa', '4242'
       from shops s where s.manager_id like 'scale-mgr-%'
       returning id, shop_id)
     update shops s set subscription_id = made.id from made where made.shop_id = s.id`,
  );
  await step(
    'shops',
    `update profiles p set shop_id = s.id from shops s where s.manager_id = p.id and p.id like 'scale-mgr-%'`,
  );

  // Other technicians, spread over the other shops (a few without a shop).
  await step(
    'technicians',
    `insert into auth_users (id, name, email, email_verified, created_at)
     select 'scale-tech-' || n, 'Tech ' || n, 'scale.tech' || n || '@example.com', true,
       now() - interval '2 years' - random() * interval '30 days'
     from generate_series(1, $1) n`,
    [otherTechs],
  );
  await step(
    'technicians',
    `insert into profiles (id, email, full_name, role, shop_id, experience_level, years_of_experience)
     select 'scale-tech-' || n, 'scale.tech' || n || '@example.com', 'Tech ' || n, 'tech',
       case when n % 50 <> 0 then (select id from shops where shop_code = 'SHOP' || upper(lpad(to_hex(1 + n % $2), 6, '0'))) end,
       '3_to_5', '3_to_5'
     from generate_series(1, $1) n`,
    [otherTechs, otherShops],
  );

  // Every technician in a numbered list, the measured shop's first, for spreading history evenly.
  await step(
    'tests',
    `create temporary table scale_techs as
     select (row_number() over (order by p.shop_id is distinct from $1::uuid, p.id) - 1)::int as k, p.id
     from profiles p where p.role = 'tech'`,
    [measured.shopId],
  );
  await step(
    'tests',
    `create temporary table scale_pool as
     select c.id as category_id, q.id as question_id, q.correct_answer,
       (row_number() over (partition by c.id order by q.id) - 1)::int as qn,
       count(*) over (partition by c.id)::int as size
     from ase_categories c join questions q on q.category_id = c.id and q.pool = 'practice' and q.active`,
  );
  await step('tests', 'create index on scale_pool (category_id, qn)');
  await step('tests', 'analyze scale_techs, scale_pool');

  // Completed tests over two years, one in twelve assigned; category tests of 20 (the full exam's mix is in
  // bench/practice.ts): score and correct answers as the submit leaves them.
  await step(
    'tests',
    `insert into test_sessions (tech_id, category_id, kind, total_questions, correct_answers, score, started_at,
       completed_at, origin, instant_feedback)
     select t.id, c.id, 'category', ${ANSWERS_PER_TEST}, planned.correct,
       (200 * planned.correct + ${ANSWERS_PER_TEST}) / (2 * ${ANSWERS_PER_TEST}),
       planned.done - interval '18 minutes', planned.done,
       case when planned.n % 12 = 0 then 'assignment' else 'practice' end, planned.n % 12 <> 0
     from (select n, (n % $2)::int as k, (1 + (n / $2 + n) % 8)::int as cat,
             (8 + floor(random() * 13))::int as correct,
             now() - random() * interval '730 days' as done
           from generate_series(0, $1 - 1) n) planned
     join scale_techs t on t.k = planned.k
     join ase_categories c on c.code = 'A' || planned.cat`,
    [sizes.tests, sizes.technicians],
  );
  // Twenty answers each: consecutive questions of the category's pool from a random start, the first
  // `correct` of them right.
  await step(
    'answers',
    `insert into test_answers (session_id, position, question_id, selected_answer, is_correct, answered_at)
     select s.id, slot.k, p.question_id,
       case when slot.k < s.correct_answers then p.correct_answer
            else (array['A','B','C','D'])[1 + (ascii(p.correct_answer) - 64) % 4] end,
       slot.k < s.correct_answers, s.started_at + (slot.k + 1) * interval '50 seconds'
     from test_sessions s
     cross join generate_series(0, ${ANSWERS_PER_TEST - 1}) slot(k)
     join lateral (select size from scale_pool where category_id = s.category_id and qn = 0) pool on true
     join scale_pool p on p.category_id = s.category_id
       and p.qn = (abs(hashtext(s.id::text)) + slot.k) % pool.size
     where s.completed_at is not null`,
  );

  // What each submit derived from its answers, in one pass over them.
  await step(
    'derived',
    `create temporary table scale_answered as
     select s.tech_id, a.question_id, q.category_id, q.content_area, count(*)::int as answered,
       (count(*) filter (where a.is_correct))::int as correct, max(s.completed_at) as last_at,
       max(s.completed_at) filter (where not a.is_correct) as last_missed
     from test_answers a join test_sessions s on s.id = a.session_id join questions q on q.id = a.question_id
     where s.completed_at is not null
     group by s.tech_id, a.question_id, q.category_id, q.content_area`,
  );
  await step(
    'derived',
    `insert into user_question_progress (user_id, question_id, times_answered, times_correct, last_answered_at)
     select tech_id, question_id, answered, correct, last_at from scale_answered`,
  );
  await step(
    'derived',
    `insert into question_keys_shown (user_id, question_id, shown_at)
     select tech_id, question_id, last_at from scale_answered`,
  );
  // The deck: every question ever missed; the older ones reviewed on (FSRS-like states and intervals).
  await step(
    'derived',
    `insert into review_cards (user_id, question_id, due, stability, difficulty, elapsed_days, scheduled_days,
       reps, lapses, state, last_review, created_at)
     select tech_id, question_id, last_missed + make_interval(days => reviewed * 3 * reviewed),
       case when reviewed = 0 then 0 else 2.5 * reviewed end, case when reviewed = 0 then 0 else 5.5 end,
       3 * reviewed, 3 * reviewed * reviewed, reviewed, (reviewed > 2)::int,
       case when reviewed = 0 then 0 when reviewed < 3 then 1 else 2 end,
       case when reviewed > 0 then last_missed + interval '1 day' end, last_missed
     from (select *, least(4, (extract(epoch from now() - last_missed) / 86400 / 40)::int) as reviewed
           from scale_answered where last_missed is not null) missed`,
  );
  await step(
    'derived',
    `insert into user_category_mastery (user_id, category_id, mastery_score, questions_attempted, correct_answers,
       recent_performance, questions_mastered, area_stats)
     select tech_id, category_id, least(1, correct::real / attempted), attempted, correct,
       least(1, correct::real / attempted), mastered, areas
     from (select tech_id, category_id, sum(attempted)::int as attempted, sum(correct)::int as correct,
             sum(mastered)::int as mastered,
             jsonb_object_agg(content_area, jsonb_build_object('attempted', attempted, 'correct', correct,
               'weightedCorrect', correct, 'weightedWrong', attempted - correct)) as areas
           from (select tech_id, category_id, content_area, sum(answered)::int as attempted,
                   sum(correct)::int as correct, (count(*) filter (where correct >= 3))::int as mastered
                 from scale_answered group by tech_id, category_id, content_area) by_area
           group by tech_id, category_id) by_category`,
  );
  await step(
    'derived',
    `insert into user_achievements (user_id, achievement_id, earned_at, progress)
     select t.id, a.id, case when abs(hashtext(t.id || a.id::text)) % 3 = 0 then now() - random() * interval '700 days' end,
       abs(hashtext(a.id::text || t.id)) % 10
     from scale_techs t cross join achievements a`,
  );

  // Assignments: two a technician (one completed through an assigned test, one pending).
  await step(
    'assignments',
    `insert into test_assignments (manager_id, tech_id, shop_id, category_id, test_session_id, due_date, notes,
       status, assigned_at, completed_at, attempts, last_score)
     select sh.manager_id, s.tech_id, sh.id, s.category_id, s.id, s.completed_at + interval '3 days', 'Refresher',
       'completed', s.started_at - interval '2 days', s.completed_at, 1, s.score
     from test_sessions s join profiles p on p.id = s.tech_id join shops sh on sh.id = p.shop_id
     where s.origin = 'assignment'`,
  );
  await step(
    'assignments',
    `insert into test_assignments (manager_id, tech_id, shop_id, category_id, due_date, notes, status, assigned_at)
     select sh.manager_id, p.id, sh.id, (select id from ase_categories where code = 'A' || (1 + abs(hashtext(p.id)) % 8)),
       now() + interval '5 days', 'Next up', 'pending', now() - interval '2 days'
     from profiles p join shops sh on sh.id = p.shop_id where p.role = 'tech'`,
  );

  // Master Challenge: completed attempts with their 30 answers, each technician's best, the board's counts.
  await step(
    'master challenge',
    `insert into master_challenge_attempts (tech_id, started_at, completed_at, completion_time_seconds, score,
       correct_answers, is_valid, user_agent)
     select t.id, done - make_interval(secs => secs), done, secs, correct * 100.0 / ${MC_QUESTIONS}, correct,
       n % 40 <> 0, 'Mozilla/5.0 (bench)'
     from (select n, (n % $2)::int as k, (10 + floor(random() * 21))::int as correct,
             (120 + floor(random() * 180))::int as secs, now() - random() * interval '730 days' as done
           from generate_series(0, $1 - 1) n) planned
     join scale_techs t on t.k = planned.k`,
    [sizes.attempts, sizes.technicians],
  );
  await step(
    'master challenge',
    `insert into master_challenge_answers (attempt_id, question_id, question_order, user_answer, is_correct,
       time_taken_seconds, presented_at, answered_at)
     select a.id, q.id, slot.k, q.correct_answer, slot.k < a.correct_answers, 6,
       a.started_at + slot.k * interval '6 seconds', a.started_at + (slot.k + 1) * interval '6 seconds'
     from master_challenge_attempts a
     cross join generate_series(0, ${MC_QUESTIONS - 1}) slot(k)
     join lateral (select count(*)::int as size from master_challenge_questions) pool on true
     join master_challenge_questions q on q.question_number =
       1 + (abs(hashtext(a.id::text)) + slot.k * 7) % pool.size
     where a.completed_at is not null`,
  );
  await step(
    'master challenge',
    `insert into master_challenge_best (tech_id, attempt_id, correct_answers, score, completion_time_seconds, completed_at)
     select distinct on (tech_id) tech_id, id, correct_answers, score, completion_time_seconds, completed_at
     from master_challenge_attempts where is_valid and completed_at is not null
     order by tech_id, correct_answers desc, completion_time_seconds, completed_at`,
  );

  // Certifications: one per technician and category at most, A1 to A8 in turn.
  await step(
    'certifications',
    `insert into tech_certifications (tech_id, category_id, certification_number, obtained_date, expiration_date)
     select t.id, c.id, 'C' || n, (now() - (n % 1500) * interval '1 day')::date,
       (now() - (n % 1500) * interval '1 day' + interval '5 years')::date
     from generate_series(0, $1 - 1) n
     join scale_techs t on t.k = n % $2
     join ase_categories c on c.code = 'A' || (1 + (n / $2) % 8)`,
    [sizes.certifications, sizes.technicians],
  );

  // The real code's own rebuilds for the running totals and the leaderboard's counts.
  const started = Date.now();
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 1 });
  try {
    await rebuildProgressTotals(handle.db);
    await recountCompetitors(handle.db);
  } finally {
    await handle.close();
  }
  timings.totals = (Date.now() - started) / 1000;
  await step('vacuum', 'vacuum analyze');
  return timings;
}
