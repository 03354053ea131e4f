import { SHOP_CODE_PREFIX, SHOP_CODE_RANDOM_LENGTH } from './constants';

export const SHOP_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const SHOP_CODE_PATTERN = /^SHOP[A-Z0-9]{6}$/;

/**
 * Builds a shop code from random bytes: 'SHOP' + 6 uppercase alphanumerics (SPEC §3).
 * Rejection sampling keeps every character equally likely.
 */
export function shopCodeFromRandom(nextByte: () => number): string {
  let code = SHOP_CODE_PREFIX;
  const limit = 256 - (256 % SHOP_CODE_ALPHABET.length);
  while (code.length < SHOP_CODE_PREFIX.length + SHOP_CODE_RANDOM_LENGTH) {
    const byte = nextByte();
    if (byte < limit) code += SHOP_CODE_ALPHABET[byte % SHOP_CODE_ALPHABET.length];
  }
  return code;
}

export function normaliseShopCode(input: string): string {
  return input.trim().toUpperCase();
}

export function isShopCode(value: string): boolean {
  return SHOP_CODE_PATTERN.test(value);
}
