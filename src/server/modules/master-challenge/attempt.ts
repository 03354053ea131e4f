import { and, eq, sql } from 'drizzle-orm';
import type { Letter } from '../../../domain/content/letters';
import type { AttemptView } from '../../../domain/contracts/master-challenge';
import {
  answerDeadline,
  flagReasons,
  MC_QUESTION_COUNT,
  secondsLeftOnTimer,
  settleTimeline,
} from '../../../domain/master-challenge';
import { spanishQuestion } from '../../../domain/translation';
import type { Executor } from '../../db/client';
import { masterChallengeAnswers, masterChallengeQuestions } from '../../db/schema';
import { finishAttempt } from './finish';
import {
  type AnswerRow,
  type AttemptRow,
  activityOf,
  type ChallengeOptions,
  runningAnswer,
  secondsByOrder,
} from './rows';

// The clock steps and the screen's view of an attempt, shared by start, answer and read.

/**
 * Brings a locked attempt up to the server's clock (`settleTimeline`): every question whose window and
 * grace have passed gets a timeout answer (no letter, wrong, closed at its deadline), the next question is
 * presented at that moment, and when the final question closes the attempt is finished. Idempotent: a
 * second call at the same time changes nothing. Returns the orders it timed out.
 */
export async function settleAttempt(
  tx: Executor,
  attempt: AttemptRow,
  answers: AnswerRow[],
  options: ChallengeOptions & { now: Date },
): Promise<Set<number>> {
  const timedOut = new Set<number>();
  if (attempt.completedAt) return timedOut;
  const running = runningAnswer(answers);
  if (!running?.presentedAt) {
    // Every question answered but the attempt still open cannot happen (the final answer finishes it); repair it.
    await finishAttempt(tx, attempt, answers, options.now);
    return timedOut;
  }
  const settled = settleTimeline(
    { order: running.questionOrder, presentedAt: running.presentedAt },
    options.now,
    secondsByOrder(answers, options.secondsPerQuestion),
  );
  for (const timeout of settled.timeouts) {
    const timeTaken = (timeout.closedAt.getTime() - timeout.presentedAt.getTime()) / 1000;
    await tx
      .update(masterChallengeAnswers)
      .set({
        userAnswer: null,
        isCorrect: false,
        timeTakenSeconds: timeTaken,
        presentedAt: timeout.presentedAt,
        answeredAt: timeout.closedAt,
      })
      .where(
        and(
          eq(masterChallengeAnswers.attemptId, attempt.id),
          eq(masterChallengeAnswers.questionOrder, timeout.order),
          sql`${masterChallengeAnswers.answeredAt} is null`,
        ),
      );
    const row = answers[timeout.order];
    // An attempt has a row for every question order; a missing one is a broken attempt, not a user error.
    if (!row) throw new Error(`Master Challenge attempt ${attempt.id} has no answer row ${timeout.order}`);
    Object.assign(row, {
      userAnswer: null,
      isCorrect: false,
      timeTakenSeconds: timeTaken,
      presentedAt: timeout.presentedAt,
      answeredAt: timeout.closedAt,
    });
    timedOut.add(timeout.order);
  }
  if (settled.running && settled.running.order !== running.questionOrder) {
    await presentQuestion(tx, attempt.id, settled.running.order, settled.running.presentedAt);
    const runningRow = answers[settled.running.order];
    if (!runningRow)
      throw new Error(`Master Challenge attempt ${attempt.id} has no answer row ${settled.running.order}`);
    runningRow.presentedAt = settled.running.presentedAt;
  }
  if (settled.endedAt) await finishAttempt(tx, attempt, answers, settled.endedAt);
  return timedOut;
}

/** Serves a question: from this moment its timer runs on the server. */
export async function presentQuestion(tx: Executor, attemptId: string, order: number, at: Date) {
  await tx
    .update(masterChallengeAnswers)
    .set({ presentedAt: at })
    .where(and(eq(masterChallengeAnswers.attemptId, attemptId), eq(masterChallengeAnswers.questionOrder, order)));
}

/**
 * The attempt as the challenge screen shows it. While it runs: the running question without its key, and
 * its timer as of `now`. Once it is over: the results. No key, explanation or right/wrong of any
 * question is ever sent (ADR 0018: the pool is reused, one attempt a day).
 */
export async function attemptView(
  db: Executor,
  attempt: AttemptRow,
  answers: readonly AnswerRow[],
  options: ChallengeOptions & { now: Date },
  lastAnswer: AttemptView['lastAnswer'] = null,
): Promise<AttemptView> {
  const answered = answers.filter((a) => a.answeredAt !== null).length;
  const base = {
    id: attempt.id,
    startedAt: attempt.startedAt.toISOString(),
    total: MC_QUESTION_COUNT,
    secondsPerQuestion: options.secondsPerQuestion,
    answered,
    activity: activityOf(attempt),
    lastAnswer,
  };
  if (attempt.completedAt) {
    return {
      ...base,
      status: 'completed',
      current: null,
      results: {
        score: attempt.score ?? 0,
        correctAnswers: attempt.correctAnswers,
        total: MC_QUESTION_COUNT,
        completionTimeSeconds: attempt.completionTimeSeconds ?? 0,
        completedAt: attempt.completedAt.toISOString(),
        isValid: attempt.isValid,
        flaggedFor: attempt.isValid
          ? []
          : flagReasons(
              activityOf(attempt),
              attempt.suspiciousActivity.some((e) => (e as { kind?: string } | null)?.kind === 'impossible_timing'),
            ),
        timeouts: answers.filter((a) => a.answeredAt !== null && a.userAnswer === null).length,
      },
    };
  }
  const running = runningAnswer(answers) as AnswerRow & { presentedAt: Date };
  const [question] = await db
    .select({
      id: masterChallengeQuestions.id,
      text: masterChallengeQuestions.questionText,
      a: masterChallengeQuestions.optionA,
      b: masterChallengeQuestions.optionB,
      c: masterChallengeQuestions.optionC,
      d: masterChallengeQuestions.optionD,
      exhibit: masterChallengeQuestions.exhibit,
      es: masterChallengeQuestions.es,
    })
    .from(masterChallengeQuestions)
    .where(eq(masterChallengeQuestions.id, running.questionId));
  // The answer row references the question, so it exists.
  if (!question) throw new Error(`Master Challenge question ${running.questionId} is missing`);
  const clock = {
    secondsPerQuestion: secondsByOrder(answers, options.secondsPerQuestion)(running.questionOrder),
    isFinal: running.questionOrder === MC_QUESTION_COUNT - 1,
  };
  const closesAt = answerDeadline(running.presentedAt, clock);
  return {
    ...base,
    status: 'in_progress',
    results: null,
    current: {
      order: running.questionOrder,
      question: {
        id: question.id,
        question: question.text,
        options: { A: question.a, B: question.b, C: question.c, D: question.d } satisfies Record<Letter, string>,
        exhibit: question.exhibit ?? null,
        // Stem and options only, as in English: no key or explanation is ever sent (ADR 0018, ADR 0024).
        es: spanishQuestion(question.es),
      },
      isFinal: clock.isFinal,
      seconds: clock.secondsPerQuestion,
      secondsLeft: round3(secondsLeftOnTimer(running.presentedAt, options.now, clock)),
      closesInSeconds: round3(Math.max(0, (closesAt.getTime() - options.now.getTime()) / 1000)),
    },
  };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
