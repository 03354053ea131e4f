import { eq, sql } from 'drizzle-orm';
import {
  challengeScore,
  compareResults,
  hasImpossibleTiming,
  isSuspicious,
  type RankedResult,
} from '../../../domain/master-challenge';
import type { Executor } from '../../db/client';
import { masterChallengeAttempts, masterChallengeBest, masterChallengeScoreCounts } from '../../db/schema';
import { type AnswerRow, type AttemptRow, activityOf } from './rows';

/**
 * Finishes a locked attempt at `completedAt` (server time): the score from the recorded answers, the
 * completion time from the server's clock, and validity — suspicious activity (SPEC §9) or impossible
 * timing (ADR 0013) saves it with is_valid false, and it is never ranked. A valid attempt then becomes the
 * technician's best if it beats it. Updates `attempt` in place for the reply.
 */
export async function finishAttempt(
  tx: Executor,
  attempt: AttemptRow,
  answers: readonly AnswerRow[],
  completedAt: Date,
) {
  const correctAnswers = answers.filter((a) => a.isCorrect === true).length;
  const score = challengeScore(correctAnswers);
  const completionTimeSeconds = Math.max(0, Math.round((completedAt.getTime() - attempt.startedAt.getTime()) / 1000));
  const suspicious = isSuspicious(activityOf(attempt));
  const impossible = hasImpossibleTiming(answers.map((a) => (a.userAnswer === null ? null : a.timeTakenSeconds)));
  const suspiciousActivity = impossible
    ? [...attempt.suspiciousActivity, { kind: 'impossible_timing', at: completedAt.toISOString() }]
    : attempt.suspiciousActivity;
  const isValid = !suspicious && !impossible;
  await tx
    .update(masterChallengeAttempts)
    .set({ completedAt, completionTimeSeconds, score, correctAnswers, isValid, suspiciousActivity })
    .where(eq(masterChallengeAttempts.id, attempt.id));
  Object.assign(attempt, { completedAt, completionTimeSeconds, score, correctAnswers, isValid, suspiciousActivity });
  if (isValid) {
    await keepBest(tx, {
      techId: attempt.techId,
      attemptId: attempt.id,
      correctAnswers,
      score,
      completionTimeSeconds,
      completedAt,
    });
  }
}

type BestRow = typeof masterChallengeBest.$inferSelect;

/** Makes `result` the technician's best when it ranks above their current best (`compareResults`). */
async function keepBest(tx: Executor, result: BestRow) {
  const [current] = await tx
    .select()
    .from(masterChallengeBest)
    .where(eq(masterChallengeBest.techId, result.techId))
    .for('update');
  if (!current) {
    await tx.insert(masterChallengeBest).values(result);
    await countCompetitor(tx, result.correctAnswers, 1);
    return;
  }
  if (compareResults(ranked(result), ranked(current)) >= 0) return;
  await tx.update(masterChallengeBest).set(result).where(eq(masterChallengeBest.techId, result.techId));
  if (current.correctAnswers !== result.correctAnswers) {
    // Lower count first, so two finishes moving between the same two counts lock them in one order.
    const moves = [
      [current.correctAnswers, -1],
      [result.correctAnswers, 1],
    ].sort((a, b) => a[0] - b[0]);
    for (const [correct, delta] of moves) await countCompetitor(tx, correct, delta);
  }
}

const ranked = (row: BestRow): RankedResult => ({
  correctAnswers: row.correctAnswers,
  completionTimeSeconds: row.completionTimeSeconds,
  completedAt: row.completedAt,
  techId: row.techId,
});

async function countCompetitor(tx: Executor, correctAnswers: number, delta: number) {
  if (delta < 0) {
    // An update, not an upsert: the proposed insert row would fail the competitors >= 0 check.
    await tx
      .update(masterChallengeScoreCounts)
      .set({ competitors: sql`${masterChallengeScoreCounts.competitors} + ${delta}` })
      .where(eq(masterChallengeScoreCounts.correctAnswers, correctAnswers));
    return;
  }
  await tx
    .insert(masterChallengeScoreCounts)
    .values({ correctAnswers, competitors: delta })
    .onConflictDoUpdate({
      target: masterChallengeScoreCounts.correctAnswers,
      set: { competitors: sql`${masterChallengeScoreCounts.competitors} + ${delta}` },
    });
}
