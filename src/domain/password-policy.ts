import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';

/**
 * Rules for a new password (required, at least 6; the "weak password" rules are ours, ADR 0011).
 * The spec gives no wording for them, so these are our words; the form and the server show the same ones.
 */
export const PASSWORD_MESSAGES = {
  passwordRequired: 'Please enter your password',
  passwordTooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`,
  passwordBlank: 'Your password cannot be only spaces',
  passwordControl: 'Your password cannot contain control characters such as tabs or line breaks',
  passwordPersonal: 'Your password cannot be your email address or your name',
  passwordCommon: 'This password is too common and easy to guess. Add more words or characters.',
} as const;

/**
 * How guessable a password is, given the user's own details: 'personal' when it is (close to) one of
 * them, 'common' when it is a well-known or trivially guessed password, null when it is fine.
 * `password-strength.ts` implements it with zxcvbn's dictionaries, which the browser loads lazily.
 */
export type PasswordStrength = (password: string, userInputs: readonly string[]) => 'common' | 'personal' | null;

export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

const CONTROL_CHARACTER = /\p{Cc}/u;

/** Lower-case letters and digits only, so 'Tina Tech' and 'tina.tech' compare equal. */
function plain(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The user's details a password must not be: the e-mail, its part before the @, the name. */
export function personalWords(owner: PasswordOwner): string[] {
  const words: string[] = [];
  const email = owner.email?.trim().toLowerCase();
  const [local = ''] = email?.split('@') ?? [];
  if (email) words.push(email, local);
  const name = owner.name?.trim();
  if (name) words.push(name, ...name.split(/\s+/).filter((part) => part.length >= 3));
  return words.filter(Boolean);
}

function isPersonal(password: string, owner: PasswordOwner): boolean {
  const candidate = plain(password);
  if (candidate === '') return false;
  const email = owner.email?.trim().toLowerCase();
  if (email && password.toLowerCase().includes(email)) return true;
  const whole = [email, email?.split('@')[0], owner.name].filter((v): v is string => Boolean(v)).map(plain);
  return whole.some((word) => word !== '' && word === candidate);
}

/** The message for zxcvbn's verdict on a password, or null when it is fine. */
export function strengthProblem(verdict: ReturnType<PasswordStrength>): string | null {
  if (verdict === 'personal') return PASSWORD_MESSAGES.passwordPersonal;
  if (verdict === 'common') return PASSWORD_MESSAGES.passwordCommon;
  return null;
}

/**
 * The first thing wrong with a new password, or null. `strength` is null only where the dictionaries are
 * not loaded (the browser before its lazy import finishes); the server always passes it.
 */
export function newPasswordProblem(
  password: string,
  owner: PasswordOwner,
  strength: PasswordStrength | null,
): string | null {
  if (password.length === 0) return PASSWORD_MESSAGES.passwordRequired;
  if (password.trim() === '') return PASSWORD_MESSAGES.passwordBlank;
  if (CONTROL_CHARACTER.test(password)) return PASSWORD_MESSAGES.passwordControl;
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return PASSWORD_MESSAGES.passwordTooLong;
  if (isPersonal(password, owner)) return PASSWORD_MESSAGES.passwordPersonal;
  return strengthProblem(strength?.(password, personalWords(owner)) ?? null);
}
