/** How an assignment shows on the technician's list (SPEC §4). */
export const DUE_SOON_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export type AssignmentDisplayStatus = 'Not Started' | 'In Progress' | 'Overdue' | 'Completed';

export function assignmentDisplayStatus(
  status: 'pending' | 'in_progress' | 'completed' | 'overdue',
  dueDate: Date,
  now: Date,
): AssignmentDisplayStatus {
  if (status === 'completed') return 'Completed';
  if (status === 'overdue' || dueDate.getTime() < now.getTime()) return 'Overdue';
  return status === 'in_progress' ? 'In Progress' : 'Not Started';
}

/** Due soon: not overdue and due in 3 days or fewer. */
export function isDueSoon(dueDate: Date, now: Date): boolean {
  const left = dueDate.getTime() - now.getTime();
  return left >= 0 && left <= DUE_SOON_DAYS * DAY_MS;
}
