import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import type { MessageId } from './messages';

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
export function strengthProblem(verdict: ReturnType<PasswordStrength>): MessageId | null {
  if (verdict === 'personal') return 'messages.auth.passwordPersonal';
  if (verdict === 'common') return 'messages.auth.passwordCommon';
  return null;
}

/**
 * The first thing wrong with a new password (its `messages.auth.*` id; the "weak password" rules are ours,
 * ADR 0011), or null. `strength` is null only where the dictionaries are
 * not loaded (the browser before its lazy import finishes); the server always passes it.
 */
export function newPasswordProblem(
  password: string,
  owner: PasswordOwner,
  strength: PasswordStrength | null,
): MessageId | null {
  if (password.length === 0) return 'messages.auth.passwordRequired';
  if (password.trim() === '') return 'messages.auth.passwordBlank';
  if (CONTROL_CHARACTER.test(password)) return 'messages.auth.passwordControl';
  if (password.length < MIN_PASSWORD_LENGTH) return 'messages.auth.passwordTooShort';
  if (password.length > MAX_PASSWORD_LENGTH) return 'messages.auth.passwordTooLong';
  if (isPersonal(password, owner)) return 'messages.auth.passwordPersonal';
  return strengthProblem(strength?.(password, personalWords(owner)) ?? null);
}
