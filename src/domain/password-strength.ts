import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import {
  changePasswordRequestSchemaWith,
  resetPasswordRequestSchemaWith,
  signUpRequestSchemaWith,
} from './contracts/auth';
import type { PasswordOwner, PasswordStrength } from './password-policy';

/**
 * zxcvbn's estimate of the guesses needed, below which a password counts as common: 10^4 refuses the
 * well-known passwords and keyboard runs ('123456', 'password', 'qwerty1', 'letmein') while a random
 * 6-character password (about 10^6) still passes, so the spec's minimum of 6 stays the minimum.
 */
export const MIN_GUESSES_LOG10 = 4;

let factory: ZxcvbnFactory | undefined;

/**
 * The dictionaries are large (about a megabyte): the server imports this module once; the browser only
 * imports it, lazily, on forms that set a password (ADR 0011).
 */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return factory;
}

/**
 * 'personal' when most of the password is one of the owner's details (even with a digit or two added,
 * 'tina.tech1'), 'common' when zxcvbn would guess it in under 10^4 tries, else null.
 */
export const passwordStrength: PasswordStrength = (password, userInputs) => {
  const result = zxcvbn().check(password, [...userInputs]);
  const personal = result.sequence.filter(
    (match) => match.pattern === 'dictionary' && (match as { dictionaryName?: string }).dictionaryName === 'userInputs',
  );
  if (personal.some((match) => match.token.length >= Math.max(4, password.length / 2))) return 'personal';
  if (result.guessesLog10 >= MIN_GUESSES_LOG10) return null;
  return personal.length > 0 ? 'personal' : 'common';
};

/** The contracts with the dictionary check: what the server validates with and the forms load lazily. */
export const strictAuthSchemas = {
  signUp: signUpRequestSchemaWith(passwordStrength),
  changePassword: (owner: PasswordOwner) => changePasswordRequestSchemaWith(passwordStrength, owner),
  resetPassword: (owner: PasswordOwner = {}) => resetPasswordRequestSchemaWith(passwordStrength, owner),
};
