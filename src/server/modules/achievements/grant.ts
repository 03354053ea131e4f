import { sql } from 'drizzle-orm';
import { CONSISTENT_PASS_RUN, evaluateAchievements } from '../../../domain/achievements';
import type { EarnedAchievement } from '../../../domain/contracts/achievements';
import type { Executor } from '../../db/client';
import { asColumn, columnOf, orNull, preparedStatement } from '../../db/prepared';
import { achievements, testSessions, userAchievements } from '../../db/schema';
import { theRow } from '../../db/the-row';
import { notifyAchievementsEarned } from './notify-earned';

/** The submit that has just completed a session (practice/submit.ts `CompletedSession`). */
export interface CompletedTest {
  userId: string;
  completedAt: Date;
}

/**
 * The achievements step of a submit (ADR 0017), inside the submit's transaction: it reads the
 * technician's record of completed tests (this one included), evaluates the rules of docs/PRODUCT.md#achievements, stores the
 * progress of locked achievements and grants the ones reached. Returns those granted by this call only:
 * an achievement is granted once per user (unique user + achievement, and an earned row never changes).
 *
 * Two statements, because every round trip here prolongs the submit's locks on shared rows (a third, the
 * in-app message, only when something was earned). If any fails, the submit fails with it and nothing is
 * announced: the technician sends it again.
 */
export async function grantAchievements(tx: Executor, test: CompletedTest): Promise<EarnedAchievement[]> {
  const record = theRow(await readRecord(tx, { userId: test.userId }), 'achievements_record');
  const standings = evaluateAchievements({
    completedTests: record.completed,
    bestScore: record.best,
    recentScores: record.recent,
    categoryBestScores: record.category_best,
  });
  const rows = await saveStandings(tx, {
    userId: test.userId,
    earnedAt: test.completedAt.toISOString(),
    standings: JSON.stringify(standings.filter((s) => s.earned || s.progress > 0)),
  });
  const earned = rows.map((r) => ({
    code: r.code,
    name: r.name,
    description: r.description,
    icon: r.icon,
    points: r.points,
    category: r.category,
    earnedAt: r.earned_at.toISOString(),
  }));
  await notifyAchievementsEarned(tx, test.userId, earned, test.completedAt);
  return earned;
}

/** Completed tests only (completed_at set, docs/PRODUCT.md#achievements); the newest scores for the consecutive-passes rule. */
const readRecord = preparedStatement(
  'achievements_record',
  {
    completed: sql<number>`(select count(*)::int from done)`,
    best: orNull(asColumn(testSessions.score, sql`(select max(score) from done)`)),
    recent: sql<number[]>`(select coalesce(json_agg(score order by completed_at desc, id desc), '[]'::json)
      from (select score, completed_at, id from done order by completed_at desc, id desc
        limit ${CONSISTENT_PASS_RUN}) newest)`,
    category_best: sql<number[]>`(select coalesce(json_agg(best), '[]'::json)
      from (select max(score) as best from done where category_id is not null group by category_id) per)`,
  },
  (columns) => sql`
    with done as (
      select id, score, category_id, completed_at from test_sessions
      where tech_id = ${sql.placeholder('userId')} and completed_at is not null
    )
    select ${columns}`,
);

/**
 * Upserts each standing: a locked row keeps its progress, a reached one gets earned_at. A row that is
 * already earned is never updated, so only the rows this statement earned come back — and a concurrent
 * grant of the same achievement waits on the unique key, then sees it earned and returns nothing.
 */
const saveStandings = preparedStatement(
  'achievements_save',
  {
    // The seed writes the domain's achievements only (content/achievements), so code and icon are theirs.
    code: sql<EarnedAchievement['code']>`a.code`,
    name: columnOf('a', achievements.name),
    description: columnOf('a', achievements.description),
    icon: sql<EarnedAchievement['icon']>`a.icon`,
    points: columnOf('a', achievements.points),
    category: columnOf('a', achievements.category),
    // Earned rows only (the filter below).
    earned_at: asColumn(userAchievements.earnedAt, sql`saved.earned_at`),
  },
  (columns) => sql`
    with standing as (
      select a.id as achievement_id, s.progress, s.earned
      from json_to_recordset(${sql.placeholder('standings')}::json) as s(code text, progress int, earned boolean)
      join achievements a on a.code = s.code
    ), saved as (
      insert into user_achievements as ua (user_id, achievement_id, progress, earned_at)
      select ${sql.placeholder('userId')}, achievement_id, progress,
        case when earned then ${sql.placeholder('earnedAt')}::timestamptz end
      from standing order by achievement_id
      on conflict (user_id, achievement_id) do update
        set progress = excluded.progress, earned_at = excluded.earned_at
        where ua.earned_at is null and (ua.progress <> excluded.progress or excluded.earned_at is not null)
      returning achievement_id, earned_at
    )
    select ${columns}
    from saved join achievements a on a.id = saved.achievement_id
    where saved.earned_at is not null
    order by a.points, a.code`,
);
