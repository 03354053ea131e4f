/**
 * The kinds of notification, by role, in the order the preferences list them. Kept apart from the zod
 * contract (`contracts/notifications.ts`, which re-exports them) so the web can read the lists without
 * loading zod's record schema into every page that has a form.
 */

/** The kinds a technician receives, in the order the preferences list them. */
export const TECHNICIAN_NOTIFICATION_KINDS = [
  'assignment_created',
  'assignment_due_tomorrow',
  'shop_request_decided',
  'certification_expiring',
  'achievement_earned',
  'subscription_problem',
  'study_nudge',
] as const;

/** The kinds a manager receives, in the order the preferences list them. */
export const MANAGER_NOTIFICATION_KINDS = [
  'join_request_received',
  'assignment_completed',
  'assignment_daily_summary',
  'assignment_overdue',
  'technician_certification_expiring',
  'master_at_risk',
  'shop_trial_ending',
  'shop_payment_failed',
  'weekly_digest',
] as const;

/** Every kind of message, technician's and manager's. */
export const NOTIFICATION_KINDS = [...TECHNICIAN_NOTIFICATION_KINDS, ...MANAGER_NOTIFICATION_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Kinds a person can receive by e-mail (achievements are in-app only). */
export const EMAIL_NOTIFICATION_KINDS = NOTIFICATION_KINDS.filter(
  (kind): kind is Exclude<NotificationKind, 'achievement_earned'> => kind !== 'achievement_earned',
);
