import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AttemptView, Eligibility } from '../../../domain/contracts/master-challenge';
import {
  assembleChallenge,
  isCoolingDown,
  MC_COOLDOWN_HOURS,
  MC_QUESTION_COUNT,
  nextAttemptAt,
} from '../../../domain/master-challenge';
import type { Database, Executor } from '../../db/client';
import { columnOf, typedQuery } from '../../db/prepared';
import {
  aseCategories,
  masterChallengeAnswers,
  masterChallengeAttempts,
  masterChallengeQuestions,
} from '../../db/schema';
import { AppError } from '../../errors';
import { attemptView, settleAttempt } from './attempt';
import { type AttemptRow, type ChallengeOptions, loadAnswers, lockOwnAttempt } from './rows';

const USER_AGENT_MAX = 512;

export const cooldownError = (next: Date) =>
  new AppError('MASTER_CHALLENGE_COOLDOWN', 409, {
    nextAvailableAt: next.toISOString(),
  });

/** The technician's latest attempt, brought up to the clock first if it is still open (it may finish). */
async function latestAttempt(db: Database, techId: string, options: ChallengeOptions & { now: Date }) {
  const [latest] = await db
    .select()
    .from(masterChallengeAttempts)
    .where(eq(masterChallengeAttempts.techId, techId))
    .orderBy(desc(masterChallengeAttempts.startedAt))
    .limit(1);
  if (!latest || latest.completedAt) return latest ?? null;
  return db.transaction(async (tx) => {
    const attempt = await lockOwnAttempt(tx, techId, latest.id);
    await settleAttempt(tx, attempt, await loadAnswers(tx, attempt.id), options);
    return attempt;
  });
}

function lastAttemptOf(attempt: AttemptRow): NonNullable<Eligibility['lastAttempt']> {
  return {
    id: attempt.id,
    startedAt: attempt.startedAt.toISOString(),
    completedAt: attempt.completedAt?.toISOString() ?? null,
    score: attempt.score,
    correctAnswers: attempt.correctAnswers,
    completionTimeSeconds: attempt.completionTimeSeconds,
    isValid: attempt.isValid,
  };
}

/** Whether the technician can attempt (docs/PRODUCT.md#master-challenge): eligible, an attempt to resume, or cooling down until a time. */
export async function getEligibility(db: Database, techId: string, options: ChallengeOptions): Promise<Eligibility> {
  const now = options.now ?? new Date();
  const latest = await latestAttempt(db, techId, { ...options, now });
  const common = { secondsPerQuestion: options.secondsPerQuestion, totalQuestions: MC_QUESTION_COUNT };
  if (!latest) return { status: 'eligible', canAttempt: true, nextAvailableAt: null, lastAttempt: null, ...common };
  const lastAttempt = lastAttemptOf(latest);
  if (!latest.completedAt)
    return { status: 'in_progress', canAttempt: false, nextAvailableAt: null, lastAttempt, ...common };
  if (isCoolingDown(now, latest.startedAt)) {
    const next = nextAttemptAt(latest.startedAt).toISOString();
    return { status: 'cooldown', canAttempt: false, nextAvailableAt: next, lastAttempt, ...common };
  }
  return { status: 'eligible', canAttempt: true, nextAvailableAt: null, lastAttempt, ...common };
}

/** The active pool by category (A1–A8), split into questions this technician has been shown and the rest. */
async function challengePools(db: Executor, techId: string) {
  const items = await db
    .select({ id: masterChallengeQuestions.id, code: aseCategories.code })
    .from(masterChallengeQuestions)
    .innerJoin(aseCategories, eq(aseCategories.id, masterChallengeQuestions.categoryId))
    .where(eq(masterChallengeQuestions.active, true))
    .orderBy(asc(aseCategories.code));
  const shown = await db
    .selectDistinct({ id: masterChallengeAnswers.questionId })
    .from(masterChallengeAnswers)
    .innerJoin(masterChallengeAttempts, eq(masterChallengeAttempts.id, masterChallengeAnswers.attemptId))
    .where(and(eq(masterChallengeAttempts.techId, techId), isNotNull(masterChallengeAnswers.presentedAt)));
  const seen = new Set(shown.map((row) => row.id));
  const byCode = new Map<string, { fresh: string[]; seen: string[] }>();
  for (const item of items) {
    const pool = byCode.get(item.code) ?? { fresh: [], seen: [] };
    (seen.has(item.id) ? pool.seen : pool.fresh).push(item.id);
    byCode.set(item.code, pool);
  }
  return [...byCode.values()];
}

export interface StartOutcome {
  view: AttemptView;
  /** True when the open attempt was returned instead of a new one. */
  resumed: boolean;
}

/**
 * Starts an attempt. Resumes the technician's open attempt (its clock has kept
 * running); refuses a start within 24 hours of the last one (409 with the next time); otherwise draws 30
 * questions and creates the attempt with its 30 answer rows, the first question presented now, in one
 * transaction. Two starts at once make one attempt: the partial unique index lets one insert win and the
 * other resumes it. `beforeCreate` (the per-user creation limit) runs only when an attempt is about to be made.
 */
export async function startAttempt(
  db: Database,
  techId: string,
  userAgent: string | undefined,
  options: ChallengeOptions & { beforeCreate?: () => Promise<void> },
): Promise<StartOutcome> {
  const now = options.now ?? new Date();
  const settings = { ...options, now };
  const resume = async (attempt: AttemptRow): Promise<StartOutcome> => {
    const answers = await loadAnswers(db, attempt.id);
    return { view: await attemptView(db, attempt, answers, settings), resumed: true };
  };
  const latest = await latestAttempt(db, techId, settings);
  if (latest && !latest.completedAt) return resume(latest);
  if (latest && isCoolingDown(now, latest.startedAt)) throw cooldownError(nextAttemptAt(latest.startedAt));
  await options.beforeCreate?.();

  const questionIds = assembleChallenge(await challengePools(db, techId));
  if (questionIds.length < MC_QUESTION_COUNT) {
    throw new AppError('NO_QUESTIONS.masterChallenge', 409);
  }
  const created = await db.transaction(async (tx) => {
    const [row] = await typedQuery(
      tx,
      { id: columnOf('master_challenge_attempts', masterChallengeAttempts.id) },
      (columns) => sql`
      insert into master_challenge_attempts (tech_id, started_at, user_agent)
      select ${techId}, ${now.toISOString()}::timestamptz, ${userAgent?.slice(0, USER_AGENT_MAX) ?? null}
      where not exists (
        select 1 from master_challenge_attempts
        where tech_id = ${techId}
          and started_at > ${now.toISOString()}::timestamptz - make_interval(hours => ${MC_COOLDOWN_HOURS})
      )
      on conflict (tech_id) where completed_at is null do nothing
      returning ${columns}`,
    );
    if (!row) return null;
    await tx.insert(masterChallengeAnswers).values(
      questionIds.map((questionId, order) => ({
        attemptId: row.id,
        questionId,
        questionOrder: order,
        presentedAt: order === 0 ? now : null,
      })),
    );
    return lockOwnAttempt(tx, techId, row.id);
  });
  if (!created) {
    // Another start won the race: resume its attempt (or, if it is already over, the cooldown applies).
    const raced = await latestAttempt(db, techId, settings);
    if (raced && !raced.completedAt) return resume(raced);
    throw cooldownError(nextAttemptAt(raced?.startedAt ?? now));
  }
  const answers = await loadAnswers(db, created.id);
  return { view: await attemptView(db, created, answers, settings), resumed: false };
}
