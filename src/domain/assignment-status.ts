import { addCalendarDays, calendarDate, startOfDay } from './calendar-day';

/** How an assignment shows to the technician and the manager (docs/PRODUCT.md#assignments). */
export const DUE_SOON_DAYS = 3;

export type AssignmentDisplayStatus = 'Not Started' | 'In Progress' | 'Not Passed Yet' | 'Overdue' | 'Completed';

/** Where the assignment's attempts stand: how many were submitted, and whether one is under way now. */
export interface AssignmentAttempts {
  submitted: number;
  open: boolean;
}

/**
 * Overdue is derived from the due date at read time, never a stored flag that goes stale. An assignment whose
 * attempts were all submitted below the pass mark is Not Passed Yet, not In Progress (a failed
 * assigned test looked unfinished, and its Start Test silently began a new one).
 */
export function assignmentDisplayStatus(
  status: 'pending' | 'in_progress' | 'completed' | 'overdue',
  dueDate: Date,
  now: Date,
  attempts: AssignmentAttempts = { submitted: 0, open: false },
): AssignmentDisplayStatus {
  if (status === 'completed') return 'Completed';
  if (status === 'overdue' || dueDate.getTime() < now.getTime()) return 'Overdue';
  if (attempts.submitted > 0 && !attempts.open) return 'Not Passed Yet';
  return status === 'in_progress' ? 'In Progress' : 'Not Started';
}

/**
 * Due soon: not overdue and due in 3 calendar days or fewer in the reader's time zone. Due dates are
 * stored as the end of their day, so counting calendar days (not 72 hours) makes "due in 3 days" due
 * soon at any hour today and "due in 4 days" not.
 */
export function isDueSoon(dueDate: Date, now: Date, timeZone = 'UTC'): boolean {
  return dueSoonCheck(now, timeZone)(dueDate);
}

/**
 * The due-soon test for many assignments read at one moment: the time zone is consulted once, for
 * the start of the fourth day ahead; every due date before it (and not yet past) is due soon.
 */
export function dueSoonCheck(now: Date, timeZone = 'UTC'): (dueDate: Date) => boolean {
  const limit = startOfDay(addCalendarDays(calendarDate(now, timeZone), DUE_SOON_DAYS + 1), timeZone).getTime();
  return (dueDate) => dueDate.getTime() >= now.getTime() && dueDate.getTime() < limit;
}
