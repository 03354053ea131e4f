import { dayNumber } from './calendar-day';
import { shuffle } from './shuffle';

/**
 * Master Challenge rules (docs/PRODUCT.md#master-challenge; ADR 0018): 30 hard questions over A1–A8, 10 seconds each, one
 * attempt per 24 hours, a global leaderboard of valid attempts. The server keeps the time: these functions
 * take the server's clock readings and decide what a timer, a cooldown or a ranking says.
 */

export const MC_QUESTION_COUNT = 30;
export const MC_SECONDS_PER_QUESTION = 10;
/**
 * Why the time scales (ADR 0034, docs/PRODUCT.md#timers): the pool's stems run 35 to 97 words, and at a typical 230 words a minute a long one
 * takes longer to read than 10 seconds. A question of up to MC_BASE_WORDS words gets the base time; a longer
 * one gets the base time in proportion to its length (70 words: 20 s), rounded up to a whole second.
 */
export const MC_BASE_WORDS = 35;
/** The timer turns urgent at 3 seconds or less. */
export const MC_URGENT_SECONDS = 3;
export const MC_COOLDOWN_HOURS = 24;
export const MC_COOLDOWN_MS = MC_COOLDOWN_HOURS * 60 * 60 * 1000;
/** An answer arriving this long after its window still counts: network latency, not extra time (ADR 0018). */
export const MC_GRACE_SECONDS = 2;
/**
 * docs/PRODUCT.md#timers: the final question is never answered automatically; its timer restarts its 10 seconds. The
 * server lets it restart this many times (60 s in all), then records a timeout so an abandoned attempt ends.
 */
export const MC_FINAL_QUESTION_WINDOWS = 6;
/** More than 2 tab switches, or more than 2 focus losses, mark the attempt suspicious. */
export const MC_SUSPICIOUS_AFTER = 2;
/** A window whose outer and inner size differ by more than 160 px (checked every second) is flagged. */
export const MC_WINDOW_SIZE_DIFF_PX = 160;
export const MC_WINDOW_CHECK_MS = 1000;
/** Impossible timing (ADR 0018): 3 or more answers under 1 second of server time invalidate the attempt. */
export const MC_FAST_ANSWER_SECONDS = 1;
export const MC_MAX_FAST_ANSWERS = 2;
export const MC_LEADERBOARD_SIZE = 30;
export const MC_LEADERBOARD_REFRESH_MS = 30_000;
/** A score over 70 % is described as rare. */
export const MC_RARE_SCORE = 70;
/** Share text tiers: 90, 80, 70, 60 and below. */
export const MC_SHARE_TIERS = [90, 80, 70, 60] as const;
export type ShareTier = (typeof MC_SHARE_TIERS)[number] | 0;

/** docs/PRODUCT.md#scoring-and-rounding: score = correct / 30 × 100 (stored unrounded; shown with one decimal). */
export function challengeScore(correct: number, total = MC_QUESTION_COUNT): number {
  if (total <= 0) return 0;
  return (correct / total) * 100;
}

/** The score as shown: one decimal, rounded half up (22 of 30 → 73.3). */
export function scoreOneDecimal(score: number): number {
  return Math.round(score * 10 + 1e-9) / 10;
}

/** Time as m:ss: 75 → "1:15", 600 → "10:00". */
export function formatMinutesSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function isRareScore(score: number): boolean {
  return score > MC_RARE_SCORE;
}

/** The share text's tier: the highest of 90, 80, 70, 60 the score reaches, else 0 (below 60). */
export function shareTier(score: number): ShareTier {
  for (const tier of MC_SHARE_TIERS) if (score >= tier) return tier;
  return 0;
}

/** When a technician whose last attempt started at `lastStartedAt` may start another. */
export function nextAttemptAt(lastStartedAt: Date): Date {
  return new Date(lastStartedAt.getTime() + MC_COOLDOWN_MS);
}

/** One attempt per 24 hours, counted from the start of the last one: 23:59:59 later is too soon, 24:00:00 is not. */
export function isCoolingDown(now: Date, lastStartedAt: Date | null): boolean {
  return lastStartedAt !== null && now.getTime() < nextAttemptAt(lastStartedAt).getTime();
}

/** Words in a question's stem, as the timer's rule counts them (runs of non-space characters). */
export function stemWords(stem: string): number {
  return stem.split(/\s+/).filter(Boolean).length;
}

/**
 * The stem a question's clock is measured on: the longer of its English and Spanish stems. The
 * reader may switch languages mid-question and the leaderboard compares everybody's times, so every reader
 * gets one clock per item, and it never shortchanges the Spanish reader (Spanish stems run ~12% more words).
 */
export function clockStem(english: string, spanish: string | null | undefined): string {
  return spanish && stemWords(spanish) > stemWords(english) ? spanish : english;
}

/** The seconds a question gets: `base` up to 35 words, in proportion to its length beyond. */
export function secondsForQuestion(stem: string, base = MC_SECONDS_PER_QUESTION): number {
  return Math.ceil((base * Math.max(MC_BASE_WORDS, stemWords(stem))) / MC_BASE_WORDS - 1e-9);
}

/** One category's active Master Challenge items: those this technician has not been shown yet, and the rest. */
export interface ChallengePool {
  fresh: readonly string[];
  seen: readonly string[];
}

/**
 * The 30 questions of an attempt over all categories (docs/PRODUCT.md#master-challenge): floor(30 / categories) from each, then the
 * rest at random; within each step questions the technician has not been shown come first, so daily
 * attempts work through the pool before repeating it. Never a question twice; fewer only if the pool is.
 */
export function assembleChallenge(
  pools: readonly ChallengePool[],
  count = MC_QUESTION_COUNT,
  random: () => number = Math.random,
): string[] {
  if (pools.length === 0) return [];
  const perCategory = Math.floor(count / pools.length);
  const picked: string[] = [];
  const restFresh: string[] = [];
  const restSeen: string[] = [];
  for (const pool of pools) {
    const fresh = shuffle(pool.fresh, random);
    const seen = shuffle(pool.seen, random);
    const ordered = [...fresh, ...seen];
    picked.push(...ordered.slice(0, perCategory));
    restFresh.push(...fresh.slice(perCategory));
    restSeen.push(...seen.slice(Math.max(0, perCategory - fresh.length)));
  }
  picked.push(...shuffle(restFresh, random).slice(0, count - picked.length));
  picked.push(...shuffle(restSeen, random).slice(0, Math.max(0, count - picked.length)));
  return shuffle(picked, random);
}

// ---------------------------------------------------------------- the server's clock for one question

export interface QuestionClock {
  secondsPerQuestion: number;
  isFinal: boolean;
}

/** The last moment an answer to a question presented at `presentedAt` is accepted (window plus grace). */
export function answerDeadline(presentedAt: Date, clock: QuestionClock): Date {
  const windows = clock.isFinal ? MC_FINAL_QUESTION_WINDOWS : 1;
  return new Date(presentedAt.getTime() + (windows * clock.secondsPerQuestion + MC_GRACE_SECONDS) * 1000);
}

export function isAnswerInTime(presentedAt: Date, at: Date, clock: QuestionClock): boolean {
  return at.getTime() <= answerDeadline(presentedAt, clock).getTime();
}

/**
 * Seconds left on the question's timer as the client shows it: counting down from 10 and stopping at 0,
 * except on the final question, whose timer restarts its 10 seconds (docs/PRODUCT.md#timers).
 */
export function secondsLeftOnTimer(presentedAt: Date, now: Date, clock: QuestionClock): number {
  const elapsed = Math.max(0, (now.getTime() - presentedAt.getTime()) / 1000);
  if (!clock.isFinal) return Math.max(0, clock.secondsPerQuestion - elapsed);
  return clock.secondsPerQuestion - (elapsed % clock.secondsPerQuestion);
}

/** The question whose timer is running: its position (0-based) and when it was presented. */
export interface RunningQuestion {
  order: number;
  presentedAt: Date;
}

export interface SettledTimeline {
  /** Questions whose time ran out, each closed at its deadline. */
  timeouts: { order: number; presentedAt: Date; closedAt: Date }[];
  /** The question now running, or null when the final one has closed (the attempt is over). */
  running: RunningQuestion | null;
  /** When the attempt ended (the final question's deadline), if it did. */
  endedAt: Date | null;
}

/**
 * Brings an attempt's timeline up to `now`, the way a proctor turns the cards whether or not anyone is
 * watching: while the running question is past its deadline it gets a timeout, closed at that deadline, and
 * the next question is presented at that same moment. An absent technician's attempt so runs out by itself.
 */
export function settleTimeline(
  running: RunningQuestion,
  now: Date,
  /** One time for every question, or each question's own by its position (`secondsForQuestion`). */
  secondsPerQuestion: number | ((order: number) => number),
  total = MC_QUESTION_COUNT,
): SettledTimeline {
  const timeouts: SettledTimeline['timeouts'] = [];
  const secondsOf = typeof secondsPerQuestion === 'number' ? () => secondsPerQuestion : secondsPerQuestion;
  let current = running;
  for (;;) {
    const clock = { secondsPerQuestion: secondsOf(current.order), isFinal: current.order === total - 1 };
    if (isAnswerInTime(current.presentedAt, now, clock)) return { timeouts, running: current, endedAt: null };
    const closedAt = answerDeadline(current.presentedAt, clock);
    timeouts.push({ order: current.order, presentedAt: current.presentedAt, closedAt });
    if (clock.isFinal) return { timeouts, running: null, endedAt: closedAt };
    current = { order: current.order + 1, presentedAt: closedAt };
  }
}

// ---------------------------------------------------------------- anti-cheat

export interface ActivityCounts {
  tabSwitches: number;
  focusLosses: number;
  windowSizeFlags: number;
}

/** docs/PRODUCT.md#master-challenge: more than 2 tab switches or focus losses, or a flagged window size, mark the attempt suspicious. */
export function isSuspicious(activity: ActivityCounts): boolean {
  return (
    activity.tabSwitches > MC_SUSPICIOUS_AFTER ||
    activity.focusLosses > MC_SUSPICIOUS_AFTER ||
    activity.windowSizeFlags > 0
  );
}

/** Why an attempt was flagged, each reason the attempt broke (a flagged attempt says why). */
export const MC_FLAG_REASONS = ['tab_switches', 'focus_losses', 'window_size', 'impossible_timing'] as const;
export type FlagReason = (typeof MC_FLAG_REASONS)[number];

export function flagReasons(activity: ActivityCounts, impossibleTiming: boolean): FlagReason[] {
  const reasons: FlagReason[] = [];
  if (activity.tabSwitches > MC_SUSPICIOUS_AFTER) reasons.push('tab_switches');
  if (activity.focusLosses > MC_SUSPICIOUS_AFTER) reasons.push('focus_losses');
  if (activity.windowSizeFlags > 0) reasons.push('window_size');
  if (impossibleTiming) reasons.push('impossible_timing');
  return reasons;
}

/** The violation count the attempt screen shows. */
export function violationCount(activity: ActivityCounts): number {
  return activity.tabSwitches + activity.focusLosses + activity.windowSizeFlags;
}

/** Outer and inner window sizes differing by more than 160 px (an open side panel or developer tools). */
export function isWindowSizeSuspicious(size: {
  outerWidth: number;
  innerWidth: number;
  outerHeight: number;
  innerHeight: number;
}): boolean {
  // Some mobile browsers report no outer size at all.
  if (size.outerWidth <= 0 || size.outerHeight <= 0) return false;
  return (
    size.outerWidth - size.innerWidth > MC_WINDOW_SIZE_DIFF_PX ||
    size.outerHeight - size.innerHeight > MC_WINDOW_SIZE_DIFF_PX
  );
}

/**
 * Impossible timing (ADR 0018): the server measures each answer from when it served the question, so the
 * time includes the network both ways. Three or more answers under a second are not a person reading a
 * hard question and four options. Timeouts (null) do not count.
 */
export function hasImpossibleTiming(answerSeconds: readonly (number | null)[]): boolean {
  const fast = answerSeconds.filter((s) => s !== null && s < MC_FAST_ANSWER_SECONDS).length;
  return fast > MC_MAX_FAST_ANSWERS;
}

// ---------------------------------------------------------------- leaderboard

export interface RankedResult {
  correctAnswers: number;
  completionTimeSeconds: number;
  completedAt: Date;
  techId: string;
}

/**
 * The leaderboard order: higher score first, then the faster time, then the earlier finish, then the id
 * (so equal results still have one order). Negative when `a` ranks above `b`.
 */
export function compareResults(a: RankedResult, b: RankedResult): number {
  return (
    b.correctAnswers - a.correctAnswers ||
    a.completionTimeSeconds - b.completionTimeSeconds ||
    a.completedAt.getTime() - b.completedAt.getTime() ||
    (a.techId < b.techId ? -1 : a.techId > b.techId ? 1 : 0)
  );
}

/**
 * How a technician appears on the global leaderboard (ADR 0034): first name and last initial by
 * default ("Luis R."), the full name if they opt in, or not at all if they opt out.
 */
export const LEADERBOARD_NAME_CHOICES = ['short', 'full', 'hidden'] as const;
export type LeaderboardNameChoice = (typeof LEADERBOARD_NAME_CHOICES)[number];

/** "Luis Alberto Romero" → "Luis R."; one word stays as it is; 'full' shows the name as given. */
export function leaderboardDisplayName(fullName: string, choice: Exclude<LeaderboardNameChoice, 'hidden'>): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const [first, ...others] = words;
  const lastWord = others.at(-1);
  if (choice === 'full' || first === undefined || lastWord === undefined) return words.join(' ');
  // By code point, so an initial outside the BMP stays whole; the filter above leaves no empty word.
  const [initial = ''] = lastWord;
  return `${first} ${initial.toLocaleUpperCase()}.`;
}

export type RelativeDay =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'daysAgo'; days: number }
  | { kind: 'date' };

/**
 * A leaderboard date reads Today, Yesterday, 'N days ago' under 7 days, otherwise the date;
 * by calendar days in the viewer's time zone.
 */
export function relativeDay(at: Date, now: Date, timeZone: string): RelativeDay {
  const days = dayNumber(now, timeZone) - dayNumber(at, timeZone);
  if (days <= 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  if (days < 7) return { kind: 'daysAgo', days };
  return { kind: 'date' };
}
