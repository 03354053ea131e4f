import { and, eq, sql } from 'drizzle-orm';
import {
  challengeScore,
  compareResults,
  hasImpossibleTiming,
  isSuspicious,
  type RankedResult,
} from '../../../domain/master-challenge';
import type { Executor } from '../../db/client';
import {
  masterChallengeAttempts,
  masterChallengeBest,
  masterChallengeScoreCounts,
  masterChallengeTimeCounts,
} from '../../db/schema';
import { type AnswerRow, type AttemptRow, activityOf } from './rows';

/**
 * Finishes a locked attempt at `completedAt` (server time): the score from the recorded answers, the
 * completion time from the server's clock, and validity — suspicious activity (docs/PRODUCT.md#master-challenge) or impossible
 * timing (ADR 0018) saves it with is_valid false, and it is never ranked. A valid attempt then becomes the
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
    await countCompetitor(tx, result, 1);
    return;
  }
  if (compareResults(ranked(result), ranked(current)) >= 0) return;
  await tx.update(masterChallengeBest).set(result).where(eq(masterChallengeBest.techId, result.techId));
  // One lock order for every finish: by correct count, then time (a count's row before its time rows).
  const moves: [BestRow, number][] = [
    [current, -1],
    [result, 1],
  ];
  moves.sort(([a], [b]) => a.correctAnswers - b.correctAnswers || a.completionTimeSeconds - b.completionTimeSeconds);
  for (const [row, delta] of moves) await countCompetitor(tx, row, delta);
}

const ranked = (row: BestRow): RankedResult => ({
  correctAnswers: row.correctAnswers,
  completionTimeSeconds: row.completionTimeSeconds,
  completedAt: row.completedAt,
  techId: row.techId,
});

/** Moves one competitor in or out of the per-score and per-score-and-time counts. */
async function countCompetitor(
  tx: Executor,
  { correctAnswers, completionTimeSeconds }: Pick<BestRow, 'correctAnswers' | 'completionTimeSeconds'>,
  delta: number,
) {
  const scores = masterChallengeScoreCounts;
  const times = masterChallengeTimeCounts;
  if (delta < 0) {
    // Updates, not upserts: the proposed insert row would fail the competitors >= 0 check.
    await tx
      .update(scores)
      .set({ competitors: sql`${scores.competitors} + ${delta}` })
      .where(eq(scores.correctAnswers, correctAnswers));
    await tx
      .update(times)
      .set({ competitors: sql`${times.competitors} + ${delta}` })
      .where(and(eq(times.correctAnswers, correctAnswers), eq(times.completionTimeSeconds, completionTimeSeconds)));
    return;
  }
  await tx
    .insert(scores)
    .values({ correctAnswers, competitors: delta })
    .onConflictDoUpdate({ target: scores.correctAnswers, set: { competitors: sql`${scores.competitors} + ${delta}` } });
  await tx
    .insert(times)
    .values({ correctAnswers, completionTimeSeconds, competitors: delta })
    .onConflictDoUpdate({
      target: [times.correctAnswers, times.completionTimeSeconds],
      set: { competitors: sql`${times.competitors} + ${delta}` },
    });
}
