import { describe, expect, it } from 'vitest';
import { assembleFullExam, drawWithCopies, formatClock, isBeforeDeadline, timerLevel } from './exam-assembly';

const pool = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const countBy = (ids: string[], prefix: string) => ids.filter((id) => id.startsWith(prefix)).length;

describe('exam assembly', () => {
  it('a category with fewer than 60 questions repeats them as copies up to 60', () => {
    const ids = drawWithCopies(pool('a', 25), 60);
    expect(ids).toHaveLength(60);
    // Every question appears before any appears a third time.
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect(Math.max(...counts.values()) - Math.min(...counts.values())).toBeLessThanOrEqual(1);
    expect(counts.size).toBe(25);
  });
  it('a category with 60 or more questions uses each once', () => {
    expect(new Set(drawWithCopies(pool('a', 60), 60)).size).toBe(60);
    expect(new Set(drawWithCopies(pool('a', 61), 60)).size).toBe(60);
    expect(drawWithCopies([], 60)).toEqual([]);
  });
  it('the full mix takes floor(60 / 8) = 7 from each category, then fills to 60', () => {
    const pools = 'abcdefgh'.split('').map((p) => pool(p, 20));
    const ids = assembleFullExam(pools);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    for (const p of 'abcdefgh') expect(countBy(ids, p)).toBeGreaterThanOrEqual(7);
  });
  it('fills from other categories when some are empty, and copies only when all are used', () => {
    const pools = [pool('a', 30), [], pool('c', 10), [], [], [], [], []];
    const ids = assembleFullExam(pools);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(40);
  });
});

describe('timer', () => {
  it('warns below 900 s and turns critical below 300 s', () => {
    expect(timerLevel(900)).toBe('normal');
    expect(timerLevel(899)).toBe('warning');
    expect(timerLevel(300)).toBe('warning');
    expect(timerLevel(299)).toBe('critical');
    expect(timerLevel(0)).toBe('critical');
  });
  it('formats the clock', () => {
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(899)).toBe('14:59');
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(-3)).toBe('0:00');
  });
  it('accepts writes up to the deadline plus 5 s grace, not after', () => {
    const deadline = new Date('2026-01-01T10:00:00Z');
    expect(isBeforeDeadline(new Date('2026-01-01T10:00:05Z'), deadline)).toBe(true);
    expect(isBeforeDeadline(new Date('2026-01-01T10:00:05.001Z'), deadline)).toBe(false);
    expect(isBeforeDeadline(new Date(), null)).toBe(true);
  });
});
