import { BILLING_MESSAGES } from './billing';
import { CERTIFICATION_MESSAGES } from './certifications';
import { ACCESS_MESSAGES } from './contracts/access';
import { AUTH_MESSAGES, EXPERIENCE_MESSAGES } from './contracts/auth';
import { EMAIL_VERIFICATION_MESSAGES } from './contracts/email-verification';
import { MANAGER_MESSAGES } from './contracts/manager';
import { PRACTICE_MESSAGES } from './contracts/practice';
import { PROFILE_MESSAGES } from './contracts/profile';
import { REVIEW_MESSAGES } from './contracts/review';
import { MASTER_CHALLENGE_MESSAGES } from './master-challenge';

/**
 * Every user-facing message the shared contracts define, by group. The client's `messages`
 * catalogue holds `messages.<group>.<key>` for each, its English identical to the text here (a test
 * holds them equal), so a message that arrives in English — from a form's zod schema or from the
 * server — can be shown in the user's language (ADR 0009). Register each new `*_MESSAGES` object here.
 */
export const MESSAGE_GROUPS = {
  auth: AUTH_MESSAGES,
  experience: EXPERIENCE_MESSAGES,
  practice: PRACTICE_MESSAGES,
  billing: BILLING_MESSAGES,
  masterChallenge: MASTER_CHALLENGE_MESSAGES,
  manager: MANAGER_MESSAGES,
  profile: PROFILE_MESSAGES,
  access: ACCESS_MESSAGES,
  review: REVIEW_MESSAGES,
  certifications: CERTIFICATION_MESSAGES,
  emailVerification: EMAIL_VERIFICATION_MESSAGES,
} as const;
