import { and, asc, eq } from 'drizzle-orm';
import type { Activity } from '../../../domain/contracts/master-challenge';
import { clockStem, secondsForQuestion } from '../../../domain/master-challenge';
import type { Executor } from '../../db/client';
import { masterChallengeAnswers, masterChallengeAttempts, masterChallengeQuestions } from '../../db/schema';
import { AppError } from '../../errors';

/** Rows and steps shared by the Master Challenge actions (start, answer, read). */
export type AttemptRow = typeof masterChallengeAttempts.$inferSelect;
export type AnswerRow = Pick<
  typeof masterChallengeAnswers.$inferSelect,
  'questionOrder' | 'questionId' | 'userAnswer' | 'isCorrect' | 'timeTakenSeconds' | 'presentedAt' | 'answeredAt'
> & {
  /** The stem its clock is measured on (`clockStem`): its length sets the question's time (`secondsForQuestion`). */
  stem: string;
};

export interface ChallengeOptions {
  /**
   * The base time, 10 in the product (shorter only in tests, MASTER_CHALLENGE_SECONDS_PER_QUESTION); a long
   * question gets more in proportion (`secondsForQuestion`).
   */
  secondsPerQuestion: number;
  now?: Date;
}

export const attemptNotFound = () => new AppError('NOT_FOUND.attempt', 404);

/** The technician's own attempt, locked for this transaction; any other id answers 404. */
export async function lockOwnAttempt(tx: Executor, techId: string, attemptId: string): Promise<AttemptRow> {
  const [attempt] = await tx
    .select()
    .from(masterChallengeAttempts)
    .where(and(eq(masterChallengeAttempts.id, attemptId), eq(masterChallengeAttempts.techId, techId)))
    .for('update');
  if (!attempt) throw attemptNotFound();
  return attempt;
}

export async function loadAnswers(tx: Executor, attemptId: string): Promise<AnswerRow[]> {
  const rows = await tx
    .select({
      questionOrder: masterChallengeAnswers.questionOrder,
      questionId: masterChallengeAnswers.questionId,
      userAnswer: masterChallengeAnswers.userAnswer,
      isCorrect: masterChallengeAnswers.isCorrect,
      timeTakenSeconds: masterChallengeAnswers.timeTakenSeconds,
      presentedAt: masterChallengeAnswers.presentedAt,
      answeredAt: masterChallengeAnswers.answeredAt,
      stem: masterChallengeQuestions.questionText,
      es: masterChallengeQuestions.es,
    })
    .from(masterChallengeAnswers)
    .innerJoin(masterChallengeQuestions, eq(masterChallengeQuestions.id, masterChallengeAnswers.questionId))
    .where(eq(masterChallengeAnswers.attemptId, attemptId))
    .orderBy(asc(masterChallengeAnswers.questionOrder));
  return rows.map(({ es, ...row }) => ({ ...row, stem: clockStem(row.stem, es?.question) }));
}

/** Each question's time by its position: the base time scaled by its stem's length (ADR 0034). */
export function secondsByOrder(answers: readonly AnswerRow[], base: number): (order: number) => number {
  return (order) => secondsForQuestion(answers[order]?.stem ?? '', base);
}

/** The question whose timer is running: the first without an answer (it has been presented). */
export function runningAnswer(answers: readonly AnswerRow[]): AnswerRow | undefined {
  return answers.find((a) => a.answeredAt === null);
}

export function activityOf(attempt: AttemptRow): Activity {
  return {
    tabSwitches: attempt.tabSwitches,
    focusLosses: attempt.focusLosses,
    windowSizeFlags: attempt.windowSizeFlags,
  };
}
