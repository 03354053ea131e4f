import { and, eq, sql } from 'drizzle-orm';
import type { Activity, AnswerRequest, AttemptView } from '../../../domain/contracts/master-challenge';
import type { Database, Executor } from '../../db/client';
import { masterChallengeAnswers, masterChallengeAttempts, masterChallengeQuestions } from '../../db/schema';
import { AppError } from '../../errors';
import { attemptView, presentQuestion, settleAttempt } from './attempt';
import { finishAttempt } from './finish';
import {
  type AnswerRow,
  type AttemptRow,
  activityOf,
  type ChallengeOptions,
  loadAnswers,
  lockOwnAttempt,
  runningAnswer,
} from './rows';

/** At most this many entries in an attempt's suspicious-activity log (the counts keep counting). */
const ACTIVITY_LOG_MAX = 50;

/**
 * Records the anti-cheat counts the client reports. They only grow: the server keeps the highest it has
 * seen, and logs each rise with the question it happened on and the server's time.
 */
async function recordActivity(tx: Executor, attempt: AttemptRow, reported: Activity, order: number, now: Date) {
  const before = activityOf(attempt);
  const after: Activity = {
    tabSwitches: Math.max(before.tabSwitches, reported.tabSwitches),
    focusLosses: Math.max(before.focusLosses, reported.focusLosses),
    windowSizeFlags: Math.max(before.windowSizeFlags, reported.windowSizeFlags),
  };
  const kinds = { tabSwitches: 'tab_switch', focusLosses: 'focus_loss', windowSizeFlags: 'window_size' } as const;
  const rises = (Object.keys(kinds) as (keyof Activity)[])
    .filter((key) => after[key] > before[key])
    .map((key) => ({ kind: kinds[key], count: after[key], order, at: now.toISOString() }));
  if (rises.length === 0) return;
  const suspiciousActivity = [...attempt.suspiciousActivity, ...rises].slice(0, ACTIVITY_LOG_MAX);
  await tx
    .update(masterChallengeAttempts)
    .set({ ...after, suspiciousActivity })
    .where(eq(masterChallengeAttempts.id, attempt.id));
  Object.assign(attempt, after, { suspiciousActivity });
}

/**
 * One answer to the running question, timed by the server: it is recorded only for the question being
 * shown and only within its window plus grace. Answering a question again keeps the first answer; an
 * answer that comes too late finds a timeout recorded instead. Recording it serves the next question now,
 * or, on the final question, finishes the attempt. The attempt row is locked for the whole step, so
 * concurrent answers to one attempt take turns.
 */
export async function answerQuestion(
  db: Database,
  techId: string,
  attemptId: string,
  request: AnswerRequest,
  options: ChallengeOptions,
): Promise<AttemptView> {
  const now = options.now ?? new Date();
  const settings = { ...options, now };
  return db.transaction(async (tx) => {
    const attempt = await lockOwnAttempt(tx, techId, attemptId);
    const answers = await loadAnswers(tx, attempt.id);
    const order = request.questionOrder;
    // An attempt has a row for every question order (the contract bounds `order` to them); a missing one is
    // a broken attempt, not a user error. Settling updates the rows in place, so `row` stays current.
    const row = answers[order];
    if (!row) throw new Error(`Master Challenge attempt ${attempt.id} has no answer row ${order}`);
    const closedBefore = row.answeredAt !== null;
    if (!attempt.completedAt) await recordActivity(tx, attempt, request.activity, order, now);
    await settleAttempt(tx, attempt, answers, settings);
    const running = runningAnswer(answers);
    let outcome: NonNullable<AttemptView['lastAnswer']>['outcome'];
    if (closedBefore) {
      // First answer wins; a question that timed out stays a timeout.
      outcome = row.userAnswer === null ? 'timed_out' : 'already_answered';
    } else if (row.answeredAt !== null) {
      outcome = 'timed_out'; // its window and grace passed before this answer arrived
    } else if (running?.questionOrder !== order) {
      throw new AppError('NOT_SERVED', 409);
    } else {
      await recordAnswer(tx, attempt, row, request.answer, now);
      const next = answers[order + 1];
      if (next) {
        await presentQuestion(tx, attempt.id, next.questionOrder, now);
        next.presentedAt = now;
      } else {
        await finishAttempt(tx, attempt, answers, now);
      }
      outcome = 'recorded';
    }
    return attemptView(tx, attempt, answers, settings, { order, outcome });
  });
}

async function recordAnswer(
  tx: Executor,
  attempt: AttemptRow,
  running: AnswerRow,
  letter: AnswerRequest['answer'],
  now: Date,
) {
  const timeTakenSeconds = Math.max(0, (now.getTime() - (running.presentedAt as Date).getTime()) / 1000);
  const [row] = await tx
    .update(masterChallengeAnswers)
    .set({
      userAnswer: letter,
      isCorrect: sql`${letter} = (select ${masterChallengeQuestions.correctAnswer} from ${masterChallengeQuestions}
        where ${masterChallengeQuestions.id} = ${masterChallengeAnswers.questionId})`,
      timeTakenSeconds,
      answeredAt: now,
    })
    .where(
      and(
        eq(masterChallengeAnswers.attemptId, attempt.id),
        eq(masterChallengeAnswers.questionOrder, running.questionOrder),
        sql`${masterChallengeAnswers.answeredAt} is null`,
      ),
    )
    .returning({ isCorrect: masterChallengeAnswers.isCorrect });
  Object.assign(running, { userAnswer: letter, isCorrect: row?.isCorrect ?? false, timeTakenSeconds, answeredAt: now });
}

/** The attempt as it stands now (its clock brought up to date first); another technician's id answers 404. */
export async function readAttempt(
  db: Database,
  techId: string,
  attemptId: string,
  options: ChallengeOptions,
): Promise<AttemptView> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const attempt = await lockOwnAttempt(tx, techId, attemptId);
    const answers = await loadAnswers(tx, attempt.id);
    await settleAttempt(tx, attempt, answers, { ...options, now });
    return attemptView(tx, attempt, answers, { ...options, now });
  });
}
