import type { z } from 'zod';
import type { NotificationKind } from '../../../domain/contracts/notifications';
import { achievementEarned } from './achievement-earned';
import { assignmentCompleted } from './assignment-completed';
import { assignmentCreated } from './assignment-created';
import { assignmentDailySummary } from './assignment-daily-summary';
import { assignmentDueTomorrow } from './assignment-due-tomorrow';
import { assignmentOverdue } from './assignment-overdue';
import { certificationExpiring } from './certification-expiring';
import { joinRequestReceived } from './join-request-received';
import { masterAtRisk } from './master-at-risk';
import { shopPaymentFailed } from './shop-payment-failed';
import { shopRequestDecided } from './shop-request-decided';
import { shopTrialEnding } from './shop-trial-ending';
import { studyNudge } from './study-nudge';
import { subscriptionProblem } from './subscription-problem';
import { technicianCertificationExpiring } from './technician-certification-expiring';
import type { NotificationTemplate } from './template';
import { weeklyDigest } from './weekly-digest';

/**
 * Every kind's template. A new kind: a file beside these exporting `defineTemplate({...})`, and one line here
 * (ADR 0042). `notify()` accepts only kinds listed here, with their params' type.
 */
export const TEMPLATES = {
  assignment_created: assignmentCreated,
  assignment_completed: assignmentCompleted,
  join_request_received: joinRequestReceived,
  shop_request_decided: shopRequestDecided,
  assignment_due_tomorrow: assignmentDueTomorrow,
  certification_expiring: certificationExpiring,
  achievement_earned: achievementEarned,
  subscription_problem: subscriptionProblem,
  study_nudge: studyNudge,
  assignment_daily_summary: assignmentDailySummary,
  assignment_overdue: assignmentOverdue,
  technician_certification_expiring: technicianCertificationExpiring,
  master_at_risk: masterAtRisk,
  shop_trial_ending: shopTrialEnding,
  shop_payment_failed: shopPaymentFailed,
  weekly_digest: weeklyDigest,
} satisfies { [K in NotificationKind]?: NotificationTemplate };

export type TemplatedKind = keyof typeof TEMPLATES;
export type NotificationParams<K extends TemplatedKind> = z.input<(typeof TEMPLATES)[K]['params']>;

export function templateOf(kind: string): NotificationTemplate | undefined {
  return (TEMPLATES as Partial<Record<string, NotificationTemplate>>)[kind];
}
