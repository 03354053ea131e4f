import { eq, sql } from 'drizzle-orm';
import type { Leaderboard, UserRank } from '../../../domain/contracts/master-challenge';
import {
  type LeaderboardNameChoice,
  leaderboardDisplayName,
  MC_LEADERBOARD_SIZE,
} from '../../../domain/master-challenge';
import type { Database, Executor } from '../../db/client';
import { columnOf, orNull, preparedStatement } from '../../db/prepared';
import { authUsers, masterChallengeBest, profiles } from '../../db/schema';

/**
 * The leaderboard (docs/PRODUCT.md#master-challenge): each technician's best valid attempt, by score, then the
 * faster time, then the earlier finish (`compareResults`), top 30. `master_challenge_best` holds one row
 * per technician, so this reads the first entries of its ranking index (ADR 0018): 30, plus as many as have
 * opted out of the board (ADR 0034; counted from a partial index), so that 30 are left to show.
 * Ranks are counted before the opted-out rows are dropped, so they stay the true ranks (and agree with
 * my-rank): an opted-out technician leaves a gap, not a shift.
 */
const leaderboardRows = preparedStatement(
  'mc_leaderboard',
  {
    attempt_id: columnOf('ranked', masterChallengeBest.attemptId),
    tech_id: columnOf('ranked', masterChallengeBest.techId),
    full_name: columnOf('ranked', profiles.fullName),
    // The hidden ones are filtered out below.
    leaderboard_name: sql<Exclude<LeaderboardName, 'hidden'>>`ranked.leaderboard_name`,
    email_verified: columnOf('ranked', authUsers.emailVerified),
    rank: sql<number>`ranked.rank`,
    score: columnOf('ranked', masterChallengeBest.score),
    correct_answers: columnOf('ranked', masterChallengeBest.correctAnswers),
    completion_time_seconds: columnOf('ranked', masterChallengeBest.completionTimeSeconds),
    completed_at: columnOf('ranked', masterChallengeBest.completedAt),
  },
  (columns) => sql`
    select ${columns} from (
      select top.*, row_number() over (
          order by top.correct_answers desc, top.completion_time_seconds, top.completed_at, top.tech_id)::int as rank
      from (
        select b.attempt_id, b.tech_id, p.full_name, p.leaderboard_name, u.email_verified, b.score,
          b.correct_answers, b.completion_time_seconds, b.completed_at
        from master_challenge_best b
        join profiles p on p.id = b.tech_id
        join auth_users u on u.id = b.tech_id
        -- nulls last as in mc_best_rank_idx, so the index gives the order (the columns are never null)
        order by b.correct_answers desc nulls last, b.completion_time_seconds, b.completed_at, b.tech_id
        limit ${sql.raw(String(MC_LEADERBOARD_SIZE))} + (
          select count(*) from master_challenge_best hb
          join profiles hp on hp.id = hb.tech_id
          join auth_users hu on hu.id = hb.tech_id
          where hp.leaderboard_name = 'hidden' or not hu.email_verified)
      ) top
    ) ranked
    -- Only technicians with a verified e-mail are shown (free accounts flooded the board, ADR 0040)
    where ranked.leaderboard_name <> 'hidden' and ranked.email_verified
    order by ranked.rank
    limit ${sql.raw(String(MC_LEADERBOARD_SIZE))}`,
);

type LeaderboardName = (typeof profiles.$inferSelect)['leaderboardName'];
type LeaderboardRow = Awaited<ReturnType<typeof leaderboardRows>>[number];

/** How long every reader shares one read of the top 30 (ADR 0018); clients refresh every 30 s. */
export const LEADERBOARD_CACHE_MS = 1000;

/**
 * The top 30 are the same for everyone, so one read serves every request of the next second, and readers
 * arriving while it runs wait for that read instead of starting their own. A finish on this instance drops
 * it at once (`invalidate`), so a technician who has just finished sees their row; another instance's board
 * is at most a second behind. No per-user state is kept.
 */
export class LeaderboardCache {
  private rows: Promise<LeaderboardRow[]> | null = null;
  private readAt = 0;

  constructor(
    private readonly ttlMs = LEADERBOARD_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  read(db: Database): Promise<LeaderboardRow[]> {
    const at = this.now();
    if (!this.rows || at - this.readAt >= this.ttlMs) {
      this.readAt = at;
      const rows = leaderboardRows(db, {});
      this.rows = rows;
      // A failed read is not kept: the next request tries again.
      rows.catch(() => {
        if (this.rows === rows) this.rows = null;
      });
    }
    return this.rows;
  }

  invalidate() {
    this.rows = null;
  }
}

export async function getLeaderboard(db: Database, techId: string, cache: LeaderboardCache): Promise<Leaderboard> {
  const rows = await cache.read(db);
  return {
    entries: rows.map((row) => ({
      rank: row.rank,
      // "Luis R." unless the technician chose to show their full name.
      fullName: leaderboardDisplayName(row.full_name, row.leaderboard_name),
      score: row.score,
      correctAnswers: row.correct_answers,
      completionTimeSeconds: row.completion_time_seconds,
      completedAt: row.completed_at.toISOString(),
      attemptId: row.attempt_id,
      isYou: row.tech_id === techId,
    })),
  };
}

/**
 * The technician's rank. The rank is 1 + the competitors whose best has more correct
 * answers (summed from `master_challenge_score_counts`, at most 31 rows) + those with as many and a faster
 * time (`master_challenge_time_counts`, one row per second of time) + those with the same score and time
 * who finished earlier (a short range of the ranking index): it never counts the whole board.
 */
const rankRow = preparedStatement(
  'mc_user_rank',
  {
    // Null when the technician has no valid attempt (no best row).
    user_rank: sql<number | null>`case when me.tech_id is null then null else (1
        + (select coalesce(sum(c.competitors), 0) from master_challenge_score_counts c
            where c.correct_answers > me.correct_answers)
        + (select coalesce(sum(t.competitors), 0) from master_challenge_time_counts t
            where t.correct_answers = me.correct_answers and t.completion_time_seconds < me.completion_time_seconds)
        + (select count(*) from master_challenge_best b
            where b.correct_answers = me.correct_answers and b.completion_time_seconds = me.completion_time_seconds
              and (b.completed_at, b.tech_id) < (me.completed_at, me.tech_id)))::int
      end`,
    best_score: orNull(columnOf('me', masterChallengeBest.score)),
    best_time: orNull(columnOf('me', masterChallengeBest.completionTimeSeconds)),
    total_attempts: sql<number>`(select count(*) from master_challenge_attempts a
        where a.tech_id = ${sql.placeholder('techId')} and a.completed_at is not null)::int`,
    total_competitors: sql<number>`(select coalesce(sum(competitors), 0) from master_challenge_score_counts)::int`,
  },
  (columns) => sql`
    with me as (select * from master_challenge_best where tech_id = ${sql.placeholder('techId')})
    select ${columns}
    from (select 1) as one left join me on true`,
);

export async function getUserRank(db: Database, techId: string): Promise<UserRank> {
  const [[row], [profile]] = await Promise.all([
    rankRow(db, { techId }),
    db
      .select({
        fullName: profiles.fullName,
        leaderboardName: profiles.leaderboardName,
        emailVerified: authUsers.emailVerified,
      })
      .from(profiles)
      .innerJoin(authUsers, eq(authUsers.id, profiles.id))
      .where(eq(profiles.id, techId)),
  ]);
  // The rank query selects from (select 1) left join me: it always returns one row.
  if (!row) throw new Error('The leaderboard rank query returned no row');
  const choice = profile?.leaderboardName ?? 'short';
  return {
    userRank: row.user_rank,
    bestScore: row.best_score,
    bestTime: row.best_time,
    totalAttempts: row.total_attempts,
    totalCompetitors: row.total_competitors,
    leaderboardName: choice,
    shownAs: choice === 'hidden' ? null : leaderboardDisplayName(profile?.fullName ?? '', choice),
    // The board drops the same rows (mc_leaderboard): the rank stays true, but the page must not read it as a
    // place on a board that does not show them ("#1 of 1" beside an empty board).
    offBoard: choice === 'hidden' ? 'hidden' : profile?.emailVerified ? null : 'unverified',
  };
}

/**
 * The technician's choice of how they appear on the global board: "Luis R.", the full name, or
 * not at all. It applies to the board at once (the route drops the shared read), past attempts included.
 */
export async function setLeaderboardName(db: Database, techId: string, choice: LeaderboardNameChoice) {
  await db.update(profiles).set({ leaderboardName: choice }).where(eq(profiles.id, techId));
}

/**
 * Sets every count in `master_challenge_score_counts` from `master_challenge_best`: run at start-up, it
 * repairs counts left behind by best rows deleted with their technician (a cascade the counts do not see).
 * The share lock makes finishes wait for it, so none is lost between the count and the write.
 */
export async function recountCompetitors(db: Database) {
  await db.transaction(async (tx: Executor) => {
    await tx.execute(sql`lock table master_challenge_best in share mode`);
    await tx.execute(sql`
      insert into master_challenge_score_counts (correct_answers, competitors)
      select n, (select count(*) from master_challenge_best b where b.correct_answers = n)::int
      from generate_series(0, 30) as n
      on conflict (correct_answers) do update set competitors = excluded.competitors`);
    await tx.execute(sql`delete from master_challenge_time_counts`);
    await tx.execute(sql`
      insert into master_challenge_time_counts (correct_answers, completion_time_seconds, competitors)
      select correct_answers, completion_time_seconds, count(*)::int from master_challenge_best group by 1, 2`);
  });
}
