import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, ROLES, SHOP_CODE_INPUT_MAX } from '../constants';
import { EXPERIENCE_LEVEL_VALUES } from '../experience';
import { GATE_STEPS } from '../gate';
import { LOCALES } from '../locale';
import { isShopCode, normaliseShopCode } from '../shop-code';

export const AUTH_MESSAGES = {
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  fullNameRequired: 'Please enter your full name',
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
} as const;

const email = z
  .string({ message: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

const password = z
  .string({ message: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooLong);

export const signInRequestSchema = z.object({ email, password });
export type SignInRequest = z.input<typeof signInRequestSchema>;

/**
 * Sign-up payload of SPEC §3 with the SPEC §5 rules. The form and the server both parse with it.
 * Role is optional in the shape so that a missing role gets our message, not zod's.
 */
const always = { when: () => true };
type RawSignUp = { role?: unknown; shopCode?: unknown; yearsOfExperience?: unknown };
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const signUpRequestSchema = z
  .object({
    email,
    password,
    fullName: z
      .string({ message: AUTH_MESSAGES.fullNameRequired })
      .trim()
      .min(1, AUTH_MESSAGES.fullNameRequired)
      .max(120),
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
  // The role-dependent rules run even while other fields are invalid, so the form shows every message at once.
  .refine((v: RawSignUp) => !(v.role === 'manager' && blank(v.shopCode)), {
    path: ['shopCode'],
    message: AUTH_MESSAGES.managerShopCode,
    ...always,
  })
  .refine((v: RawSignUp) => !(v.role === 'tech' && blank(v.yearsOfExperience)), {
    path: ['yearsOfExperience'],
    message: AUTH_MESSAGES.yearsRequired,
    ...always,
  })
  .refine((v: RawSignUp) => blank(v.shopCode) || isShopCode(normaliseShopCode(String(v.shopCode))), {
    path: ['shopCode'],
    message: AUTH_MESSAGES.shopCodeFormat,
    ...always,
  });
export type SignUpRequest = z.input<typeof signUpRequestSchema>;
export type SignUpPayload = z.output<typeof signUpRequestSchema>;

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

/** A valid IANA time zone name, as `Intl.DateTimeFormat().resolvedOptions().timeZone` reports it. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The user's preferences that follow them to every device: language and time zone. */
export const preferencesRequestSchema = z
  .object({
    locale: z.enum(LOCALES).optional(),
    timeZone: z.string().max(64).refine(isTimeZone, 'Unknown time zone').optional(),
  })
  .strict();
export type PreferencesRequest = z.input<typeof preferencesRequestSchema>;
