import { z } from 'zod';
import { FULL_NAME_MAX, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, ROLES, SHOP_CODE_INPUT_MAX } from '../constants';
import { EXPERIENCE_LEVEL_VALUES } from '../experience';
import { GATE_STEPS } from '../gate';
import { LOCALES } from '../locale';
import { newPasswordProblem, type PasswordOwner, type PasswordStrength } from '../password-policy';
import { isShopCode, normaliseShopCode } from '../shop-code';

const email = z
  .string({ message: 'messages.auth.emailRequired' })
  .trim()
  .min(1, 'messages.auth.emailRequired')
  .max(254, 'messages.auth.emailInvalid')
  .pipe(z.email('messages.auth.emailInvalid'))
  .transform((value) => value.toLowerCase());

/** An existing password (sign-in, the current one on a change): the sign-in form's rules only, never the new-password rules. */
const password = z
  .string({ message: 'messages.auth.passwordRequired' })
  .min(1, 'messages.auth.passwordRequired')
  .min(MIN_PASSWORD_LENGTH, 'messages.auth.passwordTooShort')
  .max(MAX_PASSWORD_LENGTH, 'messages.auth.passwordTooLong');

export const signInRequestSchema = z.object({ email, password });
export type SignInRequest = z.input<typeof signInRequestSchema>;

/**
 * A new password's field is only "a string": every rule, including those that need the owner's e-mail
 * and name, runs in `newPasswordRule` so that each message comes from `newPasswordProblem`.
 */
const newPassword = z.string({ message: 'messages.auth.passwordRequired' });

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
        .string({ message: 'messages.auth.fullNameRequired' })
        .trim()
        .min(1, 'messages.auth.fullNameRequired')
        .max(FULL_NAME_MAX, 'messages.auth.fullNameTooLong'),
      role: z.enum(ROLES, { message: 'messages.auth.roleRequired' }),
      yearsOfExperience: z
        .union([z.enum(EXPERIENCE_LEVEL_VALUES), z.literal('')], { message: 'messages.auth.yearsRequired' })
        .nullish()
        .transform((v) => (v ? v : null)),
      shopCode: z
        .string()
        .max(SHOP_CODE_INPUT_MAX, 'messages.auth.shopCodeTooLong')
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
      message: 'messages.auth.managerShopCode',
      ...always,
    })
    .refine((v: unknown) => !(fields(v).role === 'tech' && blank(fields(v).yearsOfExperience)), {
      path: ['yearsOfExperience'],
      message: 'messages.auth.yearsRequired',
      ...always,
    })
    .refine(
      (v: unknown) => {
        const code = fields(v).shopCode;
        return blank(code) || typeof code !== 'string' || isShopCode(normaliseShopCode(code));
      },
      { path: ['shopCode'], message: 'messages.auth.shopCodeFormat', ...always },
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
        .string({ message: 'messages.auth.currentPasswordRequired' })
        .min(1, 'messages.auth.currentPasswordRequired')
        .max(MAX_PASSWORD_LENGTH, 'messages.auth.currentPasswordWrong'),
      newPassword,
    })
    .superRefine(
      newPasswordRule(strength, 'newPassword', () => owner),
      always,
    )
    .refine((v: unknown) => fields(v).newPassword !== fields(v).currentPassword || blank(fields(v).newPassword), {
      path: ['newPassword'],
      message: 'messages.auth.samePassword',
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
        .string({ message: 'messages.auth.resetLinkInvalid' })
        .min(1, 'messages.auth.resetLinkInvalid')
        .max(200, 'messages.auth.resetLinkInvalid'),
      newPassword,
    })
    .superRefine(
      newPasswordRule(strength, 'newPassword', () => owner),
      always,
    );
}
export type ResetPasswordRequest = z.input<ReturnType<typeof resetPasswordRequestSchemaWith>>;

/** A success answer: English for API clients, and its `messages.*` id, which the web shows in the user's language. */
export const messageResponseSchema = z.object({ message: z.string(), key: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES).nullable(),
  experienceLevel: z.enum(EXPERIENCE_LEVEL_VALUES).nullable(),
  yearsOfExperience: z.enum(EXPERIENCE_LEVEL_VALUES).nullable(),
  shop: z.object({ id: z.string(), name: z.string(), shopCode: z.string() }).nullable(),
  subscriptionStatus: z.enum(['trial', 'active', 'past_due', 'cancelled']).nullable(),
  /** `shopName`: the requested shop's name, which the dashboard shows (null for a request without a shop row). */
  pendingShopRequest: z.object({ requestedShopCode: z.string(), shopName: z.string().nullable() }).nullable(),
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

export const experienceRequestSchema = z.object({
  experienceLevel: z.enum(EXPERIENCE_LEVEL_VALUES, { message: 'messages.experience.required' }),
});
export type ExperienceRequest = z.input<typeof experienceRequestSchema>;
