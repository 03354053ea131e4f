import { describe, expect, it } from 'vitest';
import { isDecoratedWord } from './password-words';

const words = new Set(['summer', 'password', 'secret', 'dragon']);

describe('isDecoratedWord', () => {
  it.each([
    'summer',
    'Summer2024!',
    'Passw0rd!',
    'P@ssw0rd',
    'secret123',
    '!!Dragon99',
    'brakes123', // a trade word, not in the given list
    'TORQUEPREP',
  ])('finds a known word under its decoration: %j', (password) => {
    expect(isDecoratedWord(password, words)).toBe(true);
  });

  it.each([
    'summer12345', // five digits: beyond a year, left to zxcvbn
    'summer!!!!', // four symbols
    'summertime', // not a listed word
    'summer dragon', // two words
    'k8#qPz',
    'ab1', // too short a core to call a word
  ])('leaves the rest to zxcvbn: %j', (password) => {
    expect(isDecoratedWord(password, words)).toBe(false);
  });
});
