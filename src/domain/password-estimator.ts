import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import type { PasswordStrength } from './password-policy';
import { isDecoratedWord, TRADE_WORDS } from './password-words';

/**
 * zxcvbn's estimate of the guesses needed, below which a password counts as common. 10^5 (it was 10^4)
 * refuses the well-known passwords, keyboard runs and their simple variants ('P@ssw0rd!' is
 * 10^4) while a random 6-character password (about 10^6) still passes, so the spec's minimum of 6 stays
 * the minimum. What zxcvbn scores higher but crackers try first — a word with a capital, a year and a
 * symbol ('Summer2024!') — is refused by `isDecoratedWord` instead.
 */
export const MIN_GUESSES_LOG10 = 5;

/**
 * How much of a password zxcvbn reads, and how many l33t substitutions it tries. Its matching grows much
 * faster than the length: 128 characters of l33t symbols cost 2.3 s of CPU with the defaults (256, 100),
 * under 0.1 s with these. A password whose first 64 characters are not guessable is not
 * guessable; these limits only make the estimate cheaper, never more lenient for the short passwords
 * people choose.
 */
export const ESTIMATOR_MAX_LENGTH = 64;
export const ESTIMATOR_MAX_L33T_SUBSTITUTIONS = 10;

let factory: ZxcvbnFactory | undefined;

/**
 * The dictionaries are large (about a megabyte): the server loads them once, in its password worker;
 * the browser only imports this module, lazily, on forms that set a password (ADR 0011). Besides
 * zxcvbn's own lists (49,233 passwords from public breach corpora, and English words and names), the
 * trade's and the product's words: a technician's 'brakes123' or 'torqueprep' is an attacker's first guess.
 */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary, trade: [...TRADE_WORDS] },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: ESTIMATOR_MAX_LENGTH,
    l33tMaxSubstitutions: ESTIMATOR_MAX_L33T_SUBSTITUTIONS,
  });
  return factory;
}

/** zxcvbn's dictionaries as one set of words, for the decorated-word rule. */
let knownWords: Set<string> | undefined;
function words(): Set<string> {
  knownWords ??= new Set(
    [common.dictionary, en.dictionary].flatMap((dictionary) => Object.values(dictionary).flat() as string[]),
  );
  return knownWords;
}

/**
 * 'personal' when most of the password is one of the owner's details (even with a digit or two added,
 * 'tina.tech1'), 'common' when it is a known word dressed up ('Summer2024!') or zxcvbn would guess it in
 * under 10^5 tries, else null.
 */
export const passwordStrength: PasswordStrength = (password, userInputs) => {
  const result = zxcvbn().check(password, [...userInputs]);
  const personal = result.sequence.filter(
    (match) => match.pattern === 'dictionary' && (match as { dictionaryName?: string }).dictionaryName === 'userInputs',
  );
  if (personal.some((match) => match.token.length >= Math.max(4, password.length / 2))) return 'personal';
  if (isDecoratedWord(password, words())) return 'common';
  if (result.guessesLog10 >= MIN_GUESSES_LOG10) return null;
  return personal.length > 0 ? 'personal' : 'common';
};
