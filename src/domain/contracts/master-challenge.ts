import { z } from 'zod';
import { LEADERBOARD_NAME_CHOICES, MC_FLAG_REASONS, MC_QUESTION_COUNT } from '../master-challenge';
import { letterSchema } from './common';
import { publicQuestionSchema } from './free-test';

export const attemptParamsSchema = z.object({ id: z.uuid({ message: 'messages.masterChallenge.attemptNotFound' }) });

const count = z.number().int().min(0).max(10_000);

/** What the anti-cheat watcher saw so far in this attempt; counts only ever grow (the server keeps the highest). */
export const activitySchema = z.object({
  tabSwitches: count,
  focusLosses: count,
  windowSizeFlags: count,
});
export type Activity = z.infer<typeof activitySchema>;

export const answerRequestSchema = z.object({
  /** The position (0–29) of the question being answered: an answer meant for an earlier one is not moved on. */
  questionOrder: z
    .number()
    .int()
    .min(0)
    .max(MC_QUESTION_COUNT - 1),
  answer: letterSchema,
  activity: activitySchema,
});
export type AnswerRequest = z.infer<typeof answerRequestSchema>;

export const currentQuestionSchema = z.object({
  order: z.number().int(),
  question: publicQuestionSchema,
  isFinal: z.boolean(),
  /** This question's time: the base time, more for a long stem (`secondsForQuestion`). */
  seconds: z.number().int(),
  /** Seconds left on the timer as of the server's reply (the final question's restarts its time). */
  secondsLeft: z.number(),
  /** Seconds until the server stops accepting an answer and records a timeout. */
  closesInSeconds: z.number(),
});
export type CurrentQuestion = z.infer<typeof currentQuestionSchema>;

export const challengeResultsSchema = z.object({
  /** correct / 30 × 100, unrounded (shown with one decimal). */
  score: z.number(),
  correctAnswers: z.number().int(),
  total: z.number().int(),
  completionTimeSeconds: z.number().int(),
  completedAt: z.string(),
  /** False when the attempt was flagged (anti-cheat or impossible timing): it is never ranked. */
  isValid: z.boolean(),
  /** Why a flagged attempt was flagged; empty for a valid one. */
  flaggedFor: z.array(z.enum(MC_FLAG_REASONS)),
  timeouts: z.number().int(),
});
export type ChallengeResults = z.infer<typeof challengeResultsSchema>;

/** An attempt as the challenge screen shows it: the running question, or the results once it is over. */
export const attemptViewSchema = z.object({
  id: z.uuid(),
  status: z.enum(['in_progress', 'completed']),
  startedAt: z.string(),
  total: z.number().int(),
  secondsPerQuestion: z.number().int(),
  answered: z.number().int(),
  activity: activitySchema,
  current: currentQuestionSchema.nullable(),
  results: challengeResultsSchema.nullable(),
  /**
   * On an answer's reply: what became of it. `recorded`, `already_answered` (the first answer stands) or
   * `timed_out` (it came after the window and grace: a timeout was recorded instead).
   */
  lastAnswer: z
    .object({ order: z.number().int(), outcome: z.enum(['recorded', 'already_answered', 'timed_out']) })
    .nullable(),
});
export type AttemptView = z.infer<typeof attemptViewSchema>;

export const lastAttemptSchema = z.object({
  id: z.uuid(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  score: z.number().nullable(),
  correctAnswers: z.number().int(),
  completionTimeSeconds: z.number().int().nullable(),
  isValid: z.boolean(),
});

/** Whether the technician can attempt the challenge (docs/PRODUCT.md#master-challenge), with what the intro shows around it. */
export const eligibilitySchema = z.object({
  status: z.enum(['eligible', 'in_progress', 'cooldown']),
  canAttempt: z.boolean(),
  /** While cooling down: when the next attempt may start. */
  nextAvailableAt: z.string().nullable(),
  /** The attempt to resume (in_progress) or the last one (cooldown). */
  lastAttempt: lastAttemptSchema.nullable(),
  secondsPerQuestion: z.number().int(),
  totalQuestions: z.number().int(),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;

/** A leaderboard row (docs/PRODUCT.md#master-challenge); `isYou` instead of the other technicians' ids. */
export const leaderboardEntrySchema = z.object({
  /** The true rank among every competitor: one who opted out of the board leaves a gap. */
  rank: z.number().int(),
  /** The name as the technician chose to show it: "Luis R." by default, or the full name. */
  fullName: z.string(),
  score: z.number(),
  correctAnswers: z.number().int(),
  completionTimeSeconds: z.number().int(),
  completedAt: z.string(),
  attemptId: z.uuid(),
  isYou: z.boolean(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({ entries: z.array(leaderboardEntrySchema) });
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** The user's rank; the rank and bests are null until the technician has a valid attempt. */
export const userRankSchema = z.object({
  userRank: z.number().int().nullable(),
  bestScore: z.number().nullable(),
  bestTime: z.number().int().nullable(),
  totalAttempts: z.number().int(),
  totalCompetitors: z.number().int(),
  /** How the technician appears on the board: "Luis R." (short), the full name, or hidden. */
  leaderboardName: z.enum(LEADERBOARD_NAME_CHOICES),
  /** The name others see, or null when the technician is hidden from the board. */
  shownAs: z.string().nullable(),
  /**
   * Why the technician's best is not on the global board although it is ranked (ADR 0034, ADR 0040): they chose
   * to be hidden, or their e-mail is not verified yet. Null when the board shows them (or will, once they have a
   * valid attempt). Hidden wins: verifying would not put them on the board.
   */
  offBoard: z.enum(['hidden', 'unverified']).nullable(),
});
export type UserRank = z.infer<typeof userRankSchema>;

export const leaderboardNameRequestSchema = z.object({ leaderboardName: z.enum(LEADERBOARD_NAME_CHOICES) }).strict();
export type LeaderboardNameRequest = z.infer<typeof leaderboardNameRequestSchema>;
