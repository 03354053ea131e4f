import type { Role } from '../../../domain/constants';
import {
  MANAGER_NOTIFICATION_KINDS,
  type NotificationKind,
  TECHNICIAN_NOTIFICATION_KINDS,
} from '../../../domain/notification-kinds';

/** The kinds each role receives, in the order the preferences list them (one source: the contract). */
export const KINDS_BY_ROLE = {
  tech: TECHNICIAN_NOTIFICATION_KINDS,
  manager: MANAGER_NOTIFICATION_KINDS,
} as const;

/** A kind with its own e-mail switch on the preferences card. */
export type SwitchableKind = Exclude<NotificationKind, 'achievement_earned' | 'assignment_daily_summary'>;

/**
 * The e-mail switches a person sees: their role's kinds, less achievements (in-app only) and the manager's
 * daily summary, which is not a kind of its own to the manager but the other way of hearing about completed
 * tests ("each completed test / one daily summary"): one switch governs both.
 */
export function emailSwitches(role: Role | null | undefined): SwitchableKind[] {
  if (role !== 'tech' && role !== 'manager') return [];
  return KINDS_BY_ROLE[role].filter(
    (kind): kind is SwitchableKind => kind !== 'achievement_earned' && kind !== 'assignment_daily_summary',
  );
}

/** The kinds one switch writes: completed tests reach a manager either one by one or in the daily summary. */
export function kindsOfSwitch(kind: SwitchableKind): NotificationKind[] {
  return kind === 'assignment_completed' ? ['assignment_completed', 'assignment_daily_summary'] : [kind];
}

/** Catalogue keys of the kinds' names (the preferences' switches, the unsubscribe page). */
export const KIND_NAME: Record<NotificationKind, string> = {
  assignment_created: 'notifications.kind.assignmentCreated',
  assignment_due_tomorrow: 'notifications.kind.assignmentDueTomorrow',
  shop_request_decided: 'notifications.kind.shopRequestDecided',
  certification_expiring: 'notifications.kind.certificationExpiring',
  achievement_earned: 'notifications.kind.achievementEarned',
  subscription_problem: 'notifications.kind.subscriptionProblem',
  study_nudge: 'notifications.kind.studyNudge',
  join_request_received: 'notifications.kind.joinRequestReceived',
  assignment_completed: 'notifications.kind.assignmentCompleted',
  assignment_daily_summary: 'notifications.kind.assignmentDailySummary',
  assignment_overdue: 'notifications.kind.assignmentOverdue',
  technician_certification_expiring: 'notifications.kind.technicianCertificationExpiring',
  master_at_risk: 'notifications.kind.masterAtRisk',
  shop_trial_ending: 'notifications.kind.shopTrialEnding',
  shop_payment_failed: 'notifications.kind.shopPaymentFailed',
  weekly_digest: 'notifications.kind.weeklyDigest',
};
