import { describe, expect, it } from 'vitest';
import { assignmentDisplayStatus, isDueSoon } from './assignment-status';
import { endOfDay } from './calendar-day';

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

  it('shows a submitted attempt below the pass mark as Not Passed Yet until the next one starts', () => {
    const failedOnce = { submitted: 1, open: false };
    expect(assignmentDisplayStatus('in_progress', inDays(5), now, failedOnce)).toBe('Not Passed Yet');
    expect(assignmentDisplayStatus('in_progress', inDays(5), now, { submitted: 1, open: true })).toBe('In Progress');
    expect(assignmentDisplayStatus('in_progress', inDays(5), now, { submitted: 0, open: true })).toBe('In Progress');
    expect(assignmentDisplayStatus('in_progress', inDays(-1), now, failedOnce)).toBe('Overdue');
    expect(assignmentDisplayStatus('completed', inDays(5), now, { submitted: 2, open: false })).toBe('Completed');
  });

  it('is overdue only once the end of the due day has passed', () => {
    const due = endOfDay('2026-03-10', 'America/Chicago');
    expect(assignmentDisplayStatus('pending', due, new Date(due.getTime()))).toBe('Not Started');
    expect(assignmentDisplayStatus('pending', due, new Date(due.getTime() + 1))).toBe('Overdue');
    expect(assignmentDisplayStatus('completed', due, new Date(due.getTime() + 1))).toBe('Completed');
  });

  it('is due soon at 3 calendar days or fewer, not at 4, whatever the hour today', () => {
    const zone = 'America/New_York';
    for (const hour of ['00:30', '12:00', '23:30']) {
      const at = new Date(`2026-06-10T${hour}:00-04:00`);
      expect(isDueSoon(endOfDay('2026-06-10', zone), at, zone), `due today at ${hour}`).toBe(true);
      expect(isDueSoon(endOfDay('2026-06-13', zone), at, zone), `3 days at ${hour}`).toBe(true);
      expect(isDueSoon(endOfDay('2026-06-14', zone), at, zone), `4 days at ${hour}`).toBe(false);
    }
  });

  it('counts days across a DST change in the reader zone', () => {
    const zone = 'America/New_York';
    // Clocks go forward on 8 March 2026: 7 → 10 March is 3 days though only 71 hours apart at midnight.
    const lateOn7th = new Date('2026-03-07T23:30:00-05:00');
    expect(isDueSoon(endOfDay('2026-03-10', zone), lateOn7th, zone)).toBe(true);
    expect(isDueSoon(endOfDay('2026-03-11', zone), lateOn7th, zone)).toBe(false);
  });

  it('is never due soon once overdue', () => {
    expect(isDueSoon(inDays(-1), now)).toBe(false);
    expect(isDueSoon(inDays(-0.0001), now)).toBe(false);
    expect(isDueSoon(inDays(0), now)).toBe(true);
  });
});
