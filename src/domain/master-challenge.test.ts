import { describe, expect, it } from 'vitest';
import {
  answerDeadline,
  assembleChallenge,
  challengeScore,
  compareResults,
  flagReasons,
  formatMinutesSeconds,
  hasImpossibleTiming,
  isAnswerInTime,
  isCoolingDown,
  isRareScore,
  isSuspicious,
  isWindowSizeSuspicious,
  leaderboardDisplayName,
  MC_GRACE_SECONDS,
  nextAttemptAt,
  type RankedResult,
  relativeDay,
  scoreOneDecimal,
  secondsForQuestion,
  secondsLeftOnTimer,
  settleTimeline,
  shareTier,
  violationCount,
} from './master-challenge';

const at = (iso: string) => new Date(iso);
const plus = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

describe('score and time formats', () => {
  it('scores correct / 30 × 100 and shows one decimal', () => {
    expect(challengeScore(30)).toBe(100);
    expect(challengeScore(0)).toBe(0);
    expect(scoreOneDecimal(challengeScore(22))).toBe(73.3);
    expect(scoreOneDecimal(challengeScore(20))).toBe(66.7);
    expect(scoreOneDecimal(challengeScore(1))).toBe(3.3);
    expect(scoreOneDecimal(challengeScore(21))).toBe(70);
    expect(scoreOneDecimal(challengeScore(27))).toBe(90);
  });

  it('shows time as m:ss', () => {
    expect(formatMinutesSeconds(0)).toBe('0:00');
    expect(formatMinutesSeconds(9)).toBe('0:09');
    expect(formatMinutesSeconds(59.9)).toBe('0:59');
    expect(formatMinutesSeconds(60)).toBe('1:00');
    expect(formatMinutesSeconds(75)).toBe('1:15');
    expect(formatMinutesSeconds(600)).toBe('10:00');
    expect(formatMinutesSeconds(-3)).toBe('0:00');
  });

  it('calls a score over 70 % rare, and 70 % not', () => {
    expect(isRareScore(challengeScore(21))).toBe(false); // exactly 70
    expect(isRareScore(challengeScore(22))).toBe(true); // 73.3
  });
});

describe('question draw', () => {
  const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
  const categories = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'];

  it('draws 30 distinct questions, at least 3 from each of the 8 categories', () => {
    const pools = categories.map((c) => ({ fresh: ids(c, 25), seen: [] }));
    const drawn = assembleChallenge(pools);
    expect(drawn).toHaveLength(30);
    expect(new Set(drawn).size).toBe(30);
    for (const c of categories) expect(drawn.filter((id) => id.startsWith(c)).length).toBeGreaterThanOrEqual(3);
  });

  it('prefers questions not shown before, and repeats seen ones only when the fresh run out', () => {
    const pools = categories.map((c) => ({ fresh: ids(`${c}f`, 4), seen: ids(`${c}s`, 21) }));
    const drawn = assembleChallenge(pools);
    expect(drawn.filter((id) => id.includes('f'))).toHaveLength(30);
    const scarce = categories.map((c, i) => ({ fresh: i === 0 ? ids(`${c}f`, 1) : [], seen: ids(`${c}s`, 24) }));
    const again = assembleChallenge(scarce);
    expect(again).toHaveLength(30);
    expect(new Set(again).size).toBe(30);
    expect(again).toContain('a1f0');
  });

  it('draws fewer only when the whole pool is smaller', () => {
    expect(assembleChallenge([{ fresh: ['x', 'y'], seen: ['z'] }])).toHaveLength(3);
    expect(assembleChallenge([])).toEqual([]);
  });
});

describe('share tiers', () => {
  it('picks 90, 80, 70, 60 and below at their boundaries', () => {
    expect(shareTier(100)).toBe(90);
    expect(shareTier(90)).toBe(90);
    expect(shareTier(89.9)).toBe(80);
    expect(shareTier(80)).toBe(80);
    expect(shareTier(79.9)).toBe(70);
    expect(shareTier(70)).toBe(70);
    expect(shareTier(69.9)).toBe(60);
    expect(shareTier(60)).toBe(60);
    expect(shareTier(59.9)).toBe(0);
    expect(shareTier(0)).toBe(0);
  });
});

describe('cooldown', () => {
  const started = at('2026-03-10T08:00:00.000Z');
  it('is locked at 23:59:59 and open at 24:00:00 after the last start', () => {
    expect(isCoolingDown(plus(started, 24 * 3600 - 1), started)).toBe(true);
    expect(isCoolingDown(plus(started, 24 * 3600 - 0.001), started)).toBe(true);
    expect(isCoolingDown(plus(started, 24 * 3600), started)).toBe(false);
    expect(isCoolingDown(started, null)).toBe(false);
    expect(nextAttemptAt(started).toISOString()).toBe('2026-03-11T08:00:00.000Z');
  });
});

describe("the server's question clock", () => {
  const presented = at('2026-03-10T08:00:00.000Z');
  const normal = { secondsPerQuestion: 10, isFinal: false };
  const final = { secondsPerQuestion: 10, isFinal: true };

  it('accepts an answer up to 10 s plus the grace, and not after', () => {
    expect(MC_GRACE_SECONDS).toBe(2);
    expect(isAnswerInTime(presented, plus(presented, 11.999), normal)).toBe(true);
    expect(isAnswerInTime(presented, plus(presented, 12), normal)).toBe(true);
    expect(isAnswerInTime(presented, plus(presented, 12.001), normal)).toBe(false);
  });

  it('counts down to 0 and stops; the final question restarts its 10 s', () => {
    expect(secondsLeftOnTimer(presented, plus(presented, 3.5), normal)).toBe(6.5);
    expect(secondsLeftOnTimer(presented, plus(presented, 11), normal)).toBe(0);
    expect(secondsLeftOnTimer(presented, plus(presented, 3.5), final)).toBe(6.5);
    expect(secondsLeftOnTimer(presented, plus(presented, 13.5), final)).toBe(6.5);
    expect(secondsLeftOnTimer(presented, plus(presented, 20), final)).toBe(10);
  });

  it('keeps the final question open for six restarts plus the grace', () => {
    expect(answerDeadline(presented, final).toISOString()).toBe('2026-03-10T08:01:02.000Z');
    expect(isAnswerInTime(presented, plus(presented, 45), final)).toBe(true);
    expect(isAnswerInTime(presented, plus(presented, 62.001), final)).toBe(false);
  });

  it('settles nothing while the running question is in time', () => {
    const settled = settleTimeline({ order: 4, presentedAt: presented }, plus(presented, 12), 10);
    expect(settled).toEqual({ timeouts: [], running: { order: 4, presentedAt: presented }, endedAt: null });
  });

  it('times out each question at its deadline and presents the next at that moment', () => {
    const settled = settleTimeline({ order: 4, presentedAt: presented }, plus(presented, 30), 10);
    expect(settled.timeouts).toEqual([
      { order: 4, presentedAt: presented, closedAt: plus(presented, 12) },
      { order: 5, presentedAt: plus(presented, 12), closedAt: plus(presented, 24) },
    ]);
    expect(settled.running).toEqual({ order: 6, presentedAt: plus(presented, 24) });
    expect(settled.endedAt).toBeNull();
  });

  it('ends an abandoned attempt at the final question’s deadline', () => {
    const settled = settleTimeline({ order: 28, presentedAt: presented }, plus(presented, 3600), 10);
    expect(settled.timeouts.map((t) => t.order)).toEqual([28, 29]);
    expect(settled.running).toBeNull();
    expect(settled.endedAt).toEqual(plus(presented, 12 + 62));
  });

  it('follows a shortened test timer', () => {
    const settled = settleTimeline({ order: 0, presentedAt: presented }, plus(presented, 5.5), 3);
    expect(settled.timeouts).toEqual([{ order: 0, presentedAt: presented, closedAt: plus(presented, 5) }]);
    expect(settled.running).toEqual({ order: 1, presentedAt: plus(presented, 5) });
  });
});

describe("time scaled by the question's length", () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
  it('gives 10 s up to 35 words and proportionally more beyond, rounded up', () => {
    expect(secondsForQuestion(words(1))).toBe(10);
    expect(secondsForQuestion(words(35))).toBe(10);
    expect(secondsForQuestion(words(36))).toBe(11);
    expect(secondsForQuestion(words(59))).toBe(17);
    expect(secondsForQuestion(words(70))).toBe(20);
    expect(secondsForQuestion(words(97))).toBe(28);
    expect(secondsForQuestion(`  ${words(70)}\n `)).toBe(20);
  });

  it('scales a shortened test timer the same way', () => {
    expect(secondsForQuestion(words(35), 3)).toBe(3);
    expect(secondsForQuestion(words(70), 3)).toBe(6);
  });

  it('settles each question at its own deadline', () => {
    const presented = at('2026-03-10T08:00:00.000Z');
    const seconds = (order: number) => (order === 4 ? 20 : 10);
    const settled = settleTimeline({ order: 4, presentedAt: presented }, plus(presented, 40), seconds);
    expect(settled.timeouts).toEqual([
      { order: 4, presentedAt: presented, closedAt: plus(presented, 22) },
      { order: 5, presentedAt: plus(presented, 22), closedAt: plus(presented, 34) },
    ]);
    expect(settled.running).toEqual({ order: 6, presentedAt: plus(presented, 34) });
  });
});

describe('why an attempt is flagged', () => {
  const none = { tabSwitches: 0, focusLosses: 0, windowSizeFlags: 0 };
  it('names every rule the attempt broke, and none for a clean one', () => {
    expect(flagReasons({ ...none, tabSwitches: 2, focusLosses: 2 }, false)).toEqual([]);
    expect(flagReasons({ ...none, tabSwitches: 3 }, false)).toEqual(['tab_switches']);
    expect(flagReasons({ tabSwitches: 0, focusLosses: 3, windowSizeFlags: 1 }, true)).toEqual([
      'focus_losses',
      'window_size',
      'impossible_timing',
    ]);
  });
});

describe('anti-cheat', () => {
  const none = { tabSwitches: 0, focusLosses: 0, windowSizeFlags: 0 };
  it('flags more than 2 tab switches or focus losses, not 2', () => {
    expect(isSuspicious({ ...none, tabSwitches: 2, focusLosses: 2 })).toBe(false);
    expect(isSuspicious({ ...none, tabSwitches: 3 })).toBe(true);
    expect(isSuspicious({ ...none, focusLosses: 3 })).toBe(true);
    expect(isSuspicious({ ...none, windowSizeFlags: 1 })).toBe(true);
    expect(violationCount({ tabSwitches: 1, focusLosses: 2, windowSizeFlags: 1 })).toBe(4);
  });

  it('flags a window size difference above 160 px, not 160', () => {
    const size = { outerWidth: 1280, innerWidth: 1280, outerHeight: 900, innerHeight: 800 };
    expect(isWindowSizeSuspicious(size)).toBe(false);
    expect(isWindowSizeSuspicious({ ...size, innerWidth: 1120 })).toBe(false);
    expect(isWindowSizeSuspicious({ ...size, innerWidth: 1119 })).toBe(true);
    expect(isWindowSizeSuspicious({ ...size, innerHeight: 739 })).toBe(true);
    expect(isWindowSizeSuspicious({ ...size, outerWidth: 0, outerHeight: 0 })).toBe(false);
  });

  it('finds impossible timing at 3 answers under a second, ignoring timeouts', () => {
    expect(hasImpossibleTiming([0.4, 0.9, 5, 6, null, null])).toBe(false);
    expect(hasImpossibleTiming([0.4, 0.9, 0.99, 6])).toBe(true);
    expect(hasImpossibleTiming([1, 1, 1, 1])).toBe(false);
  });
});

describe('ranking', () => {
  const base: RankedResult = {
    correctAnswers: 24,
    completionTimeSeconds: 200,
    completedAt: at('2026-03-10T08:00:00.000Z'),
    techId: 'b',
  };
  const sort = (rows: RankedResult[]) => [...rows].sort(compareResults);

  it('ranks by score, then the faster time', () => {
    const faster = { ...base, completionTimeSeconds: 150, techId: 'c' };
    const better = { ...base, correctAnswers: 25, completionTimeSeconds: 280, techId: 'd' };
    expect(sort([base, faster, better]).map((r) => r.techId)).toEqual(['d', 'c', 'b']);
  });

  it('breaks a tie of score and time by the earlier finish, then by id', () => {
    const earlier = { ...base, completedAt: at('2026-03-09T08:00:00.000Z'), techId: 'z' };
    const sameAll = { ...base, techId: 'a' };
    expect(sort([base, earlier, sameAll]).map((r) => r.techId)).toEqual(['z', 'a', 'b']);
    expect(compareResults(base, { ...base })).toBe(0);
  });
});

describe('relative dates', () => {
  const now = at('2026-03-10T15:00:00.000Z');
  it('reads Today, Yesterday, N days ago under 7 days, else a date', () => {
    expect(relativeDay(at('2026-03-10T00:30:00.000Z'), now, 'UTC')).toEqual({ kind: 'today' });
    expect(relativeDay(at('2026-03-09T23:59:59.000Z'), now, 'UTC')).toEqual({ kind: 'yesterday' });
    expect(relativeDay(at('2026-03-08T12:00:00.000Z'), now, 'UTC')).toEqual({ kind: 'daysAgo', days: 2 });
    expect(relativeDay(at('2026-03-04T00:00:00.000Z'), now, 'UTC')).toEqual({ kind: 'daysAgo', days: 6 });
    expect(relativeDay(at('2026-03-03T23:59:59.000Z'), now, 'UTC')).toEqual({ kind: 'date' });
  });

  it('counts calendar days in the viewer’s time zone', () => {
    // 02:00 UTC on the 10th is still the evening of the 9th in Chicago.
    const early = at('2026-03-10T02:00:00.000Z');
    expect(relativeDay(early, now, 'UTC')).toEqual({ kind: 'today' });
    expect(relativeDay(early, now, 'America/Chicago')).toEqual({ kind: 'yesterday' });
  });

  it('reads a time a little in the future (clock skew) as Today', () => {
    expect(relativeDay(plus(now, 5), now, 'UTC')).toEqual({ kind: 'today' });
  });
});

describe('the name on the leaderboard', () => {
  it('shows first name and last initial by default, the full name on opt-in', () => {
    expect(leaderboardDisplayName('Luis Romero', 'short')).toBe('Luis R.');
    expect(leaderboardDisplayName('  Luis  Alberto romero ', 'short')).toBe('Luis R.');
    expect(leaderboardDisplayName('Ñoño Álvarez', 'short')).toBe('Ñoño Á.');
    expect(leaderboardDisplayName('Cher', 'short')).toBe('Cher');
    expect(leaderboardDisplayName('Luis  Alberto Romero', 'full')).toBe('Luis Alberto Romero');
  });
});
