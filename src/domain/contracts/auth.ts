import { z } from 'zod';
import { FULL_NAME_MAX, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, ROLES, SHOP_CODE_INPUT_MAX } from '../constants';
import { EXPERIENCE_LEVEL_VALUES } from '../experience';
import { GATE_STEPS } from '../gate';
import { LOCALES } from '../locale';
import { newPasswordProblem, PASSWORD_MESSAGES, type PasswordOwner, type PasswordStrength } from '../password-policy';
import { isShopCode, normaliseShopCode } from '../shop-code';

export const AUTH_MESSAGES = {
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  ...PASSWORD_MESSAGES,
  fullNameRequired: 'Please enter your full name',
  fullNameTooLong: `A full name has at most ${FULL_NAME_MAX} characters`,
  roleRequired: 'Please choose whether you are a technician or a manager',
  managerShopCode: 'Managers must enter a shop code',
  shopCodeFormat: 'A shop code is SHOP followed by 6 letters or digits',
  shopCodeTooLong: `A shop code has at most ${SHOP_CODE_INPUT_MAX} characters`,
  yearsRequired: 'Please select your years of experience',
  userCreationFailed: 'User creation failed',
  sessionNotEstablished: 'Session not established after signup',
  unexpected: 'An unexpected error occurred',
  invalidCredentials: 'Invalid email or password',
  signUpRejected: 'We could not create an account with these details. If you already have an account, sign in instead.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is incorrect',
  samePassword: 'Choose a new password that is different from your current one',
  passwordChanged: 'Your password has been changed. You have been signed out on your other devices.',
  resetLinkSent:
    'If an account exists for that email, we have sent it a link to reset your password. Check your inbox.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  passwordReset: 'Your password has been reset. Sign in with your new password.',
} as const;

const email = z
  .string({ message: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

/** An existing password (sign-in, the current one on a change): the sign-in form's rules only, never the new-password rules. */
const password = z
  .string({ message: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong);

export const signInRequestSchema = z.object({ email, password });
export type SignInRequest = z.input<typeof signInRequestSchema>;

/**
 * A new password's field is only "a string": every rule, including those that need the owner's e-mail
 * and name, runs in `newPasswordRule` so that each message comes from `newPasswordProblem`.
 */
const newPassword = z.string({ message: AUTH_MESSAGES.passwordRequired });

/**
 * Refinements below run even while other fields are invalid (so the form shows every message at once),
 * which means on whatever JSON arrived: they read it through `fields`, which never throws.
 */
const always = { when: () => true };
type Raw = Record<string, unknown>;
function fields(value: unknown): Raw {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {};
}
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const text = (v: unknown) => (typeof v === 'string' ? v : null);

/** The new-password rules for the field `key`; the owner is read from the same payload or given. */
function newPasswordRule(strength: PasswordStrength | null, key: string, owner: (raw: Raw) => PasswordOwner) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    const raw = fields(value);
    const candidate = raw[key];
    if (typeof candidate !== 'string') return; // the field's own schema reports it
    const problem = newPasswordProblem(candidate, owner(raw), strength);
    if (problem) ctx.addIssue({ code: 'custom', path: [key], message: problem });
  };
}

/**
 * Sign-up payload with the form's rules and the new-password rules (ADR 0011). The form and
 * the server both parse with it. `strength` is zxcvbn's check (`password-strength.ts`): the server always
 * passes it (`strictAuthSchemas`), the browser once its lazy import is done. Role is optional in the shape
 * so that a missing role gets our message, not zod's.
 */
export function signUpRequestSchemaWith(strength: PasswordStrength | null) {
  return z
    .object({
      email,
      password: newPassword,
      fullName: z
        .string({ message: AUTH_MESSAGES.fullNameRequired })
        .trim()
        .min(1, AUTH_MESSAGES.fullNameRequired)
        .max(FULL_NAME_MAX, AUTH_MESSAGES.fullNameTooLong),
      role: z.enum(ROLES, { message: AUTH_MESSAGES.roleRequired }),
      yearsOfExperience: z
        .union([z.enum(EXPERIENCE_LEVEL_VALUES), z.literal('')], { message: AUTH_MESSAGES.yearsRequired })
        .nullish()
        .transform((v) => (v ? v : null)),
      shopCode: z
        .string()
        .max(SHOP_CODE_INPUT_MAX, AUTH_MESSAGES.shopCodeTooLong)
        .transform(normaliseShopCode)
        .nullish()
        .transform((v) => (v ? v : null)),
      /** The language chosen on the sign-up form (ADR 0009). */
      locale: z.enum(LOCALES).optional(),
    })
    .superRefine(
      newPasswordRule(strength, 'password', (raw) => ({ email: text(raw.email), name: text(raw.fullName) })),
      always,
    )
    .refine((v: unknown) => !(fields(v).role === 'manager' && blank(fields(v).shopCode)), {
      path: ['shopCode'],
      message: AUTH_MESSAGES.managerShopCode,
      ...always,
    })
    .refine((v: unknown) => !(fields(v).role === 'tech' && blank(fields(v).yearsOfExperience)), {
      path: ['yearsOfExperience'],
      message: AUTH_MESSAGES.yearsRequired,
      ...always,
    })
    .refine(
      (v: unknown) => {
        const code = fields(v).shopCode;
        return blank(code) || typeof code !== 'string' || isShopCode(normaliseShopCode(code));
      },
      { path: ['shopCode'], message: AUTH_MESSAGES.shopCodeFormat, ...always },
    );
}
type SignUpSchema = ReturnType<typeof signUpRequestSchemaWith>;
export type SignUpRequest = z.input<SignUpSchema>;
export type SignUpPayload = z.output<SignUpSchema>;

/** Change password (signed in): the current password, and a new one that follows the rules for its owner. */
export function changePasswordRequestSchemaWith(strength: PasswordStrength | null, owner: PasswordOwner) {
  return z
    .object({
      currentPassword: z
        .string({ message: AUTH_MESSAGES.currentPasswordRequired })
        .min(1, AUTH_MESSAGES.currentPasswordRequired)
        .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.currentPasswordWrong),
      newPassword,
    })
    .superRefine(
      newPasswordRule(strength, 'newPassword', () => owner),
      always,
    )
    .refine((v: unknown) => fields(v).newPassword !== fields(v).currentPassword || blank(fields(v).newPassword), {
      path: ['newPassword'],
      message: AUTH_MESSAGES.samePassword,
      ...always,
    });
}
export type ChangePasswordRequest = z.input<ReturnType<typeof changePasswordRequestSchemaWith>>;

/** Forgot password: where to send the link. */
export const forgotPasswordRequestSchema = z.object({ email });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/**
 * Reset with the e-mailed token. The owner is known only from the token, so the form checks the rules
 * that need no owner and the server adds the e-mail and name check once it has read the token.
 */
export function resetPasswordRequestSchemaWith(strength: PasswordStrength | null, owner: PasswordOwner = {}) {
  return z
    .object({
      token: z
        .string({ message: AUTH_MESSAGES.resetLinkInvalid })
        .min(1, AUTH_MESSAGES.resetLinkInvalid)
        .max(200, AUTH_MESSAGES.resetLinkInvalid),
      newPassword,
    })
    .superRefine(
      newPasswordRule(strength, 'newPassword', () => owner),
      always,
    );
}
export type ResetPasswordRequest = z.input<ReturnType<typeof resetPasswordRequestSchemaWith>>;

export const messageResponseSchema = z.object({ message: z.string() });

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES).nullable(),
  experienceLevel: z.enum(EXPERIENCE_LEVEL_VALUES).nullable(),
  yearsOfExperience: z.enum(EXPERIENCE_LEVEL_VALUES).nullable(),
  shop: z.object({ id: z.string(), name: z.string(), shopCode: z.string() }).nullable(),
  subscriptionStatus: z.enum(['trial', 'active', 'past_due', 'cancelled']).nullable(),
  pendingShopRequest: z.object({ requestedShopCode: z.string() }).nullable(),
  locale: z.enum(LOCALES),
  timeZone: z.string().nullable(),
  /** Self-started category tests show each answer's explanation as it is chosen. */
  instantFeedback: z.boolean(),
  /** The address was confirmed through a mailed link; until then the global leaderboard leaves them out. */
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({
  user: sessionUserSchema,
  gate: z.enum(GATE_STEPS),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const EXPERIENCE_MESSAGES = {
  required: 'Please select your experience level',
} as const;

export const experienceRequestSchema = z.object({
  experienceLevel: z.enum(EXPERIENCE_LEVEL_VALUES, { message: EXPERIENCE_MESSAGES.required }),
});
export type ExperienceRequest = z.input<typeof experienceRequestSchema>;
