/** Business constants; the rules they set are in docs/PRODUCT.md. */
export const PASS_MARK = 70;
export const HIGH_ACHIEVER_MARK = 90;
export const PERFECT_SCORE = 100;
export const TRIAL_DAYS = 14;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const SHOP_CODE_PREFIX = 'SHOP';
export const SHOP_CODE_RANDOM_LENGTH = 6;
export const SHOP_CODE_INPUT_MAX = 20;
/** The longest full name a user can give (sign-up, profile). */
export const FULL_NAME_MAX = 120;

export const ROLES = ['tech', 'manager'] as const;
export type Role = (typeof ROLES)[number];

export const SHOP_TYPES = ['independent', 'dealership'] as const;

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** docs/PRODUCT.md#plans-and-billing: statuses that entitle a shop. */
export const ENTITLED_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['trial', 'active'];

export function isPassingScore(score: number): boolean {
  return score >= PASS_MARK;
}

/**
 * Whole-number percentage, as every score in the product is shown, rounded half up. Integer
 * arithmetic, so it is exact (no 17.499… for 7 of 40) and the submit statement can compute the very
 * same number in SQL: `(200 * correct + total) / (2 * total)` with integer division.
 */
export function percentScore(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((200 * correct + total) / (2 * total));
}

/** Questions in a chapter quiz and in the first-visit warm-up. */
export const CHAPTER_QUIZ_QUESTIONS = 5;
export const WARM_UP_QUESTIONS = 5;

/** Why a technician reports a question. */
export const REPORT_REASONS = ['wrong_answer_key', 'unclear', 'outdated', 'typo', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
