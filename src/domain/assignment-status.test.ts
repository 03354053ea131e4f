import { describe, expect, it } from 'vitest';
import { assignmentDisplayStatus, isDueSoon } from './assignment-status';

const now = new Date('2026-03-10T12:00:00Z');
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);

describe('assignment status', () => {
  it('shows pending as Not Started, in_progress as In Progress, and past due as Overdue', () => {
    expect(assignmentDisplayStatus('pending', inDays(5), now)).toBe('Not Started');
    expect(assignmentDisplayStatus('in_progress', inDays(5), now)).toBe('In Progress');
    expect(assignmentDisplayStatus('in_progress', inDays(-0.001), now)).toBe('Overdue');
    expect(assignmentDisplayStatus('overdue', inDays(1), now)).toBe('Overdue');
    expect(assignmentDisplayStatus('completed', inDays(-3), now)).toBe('Completed');
  });
  it('is due soon at 3 days or fewer, not at 3 days and a minute, not once overdue', () => {
    expect(isDueSoon(inDays(3), now)).toBe(true);
    expect(isDueSoon(inDays(3 + 1 / 1440), now)).toBe(false);
    expect(isDueSoon(inDays(0), now)).toBe(true);
    expect(isDueSoon(inDays(-1), now)).toBe(false);
  });
});
