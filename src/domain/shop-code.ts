import { SHOP_CODE_PREFIX, SHOP_CODE_RANDOM_LENGTH } from './constants';

export const SHOP_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const SHOP_CODE_PATTERN = /^SHOP[A-Z0-9]{6}$/;

/**
 * Builds a shop code from random bytes: 'SHOP' + 6 uppercase alphanumerics (docs/PRODUCT.md#shops).
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

/**
 * Characters that read alike on a phone screen or a handwritten note: a code typed with 0 for O,
 * or 1 for I or L, still finds its shop. Both sides of a comparison go through the same fold; the server
 * uses the pair in SQL `translate(shop_code, FROM, TO)`.
 */
export const SHOP_CODE_LOOKALIKES = { from: 'OIL', to: '011' } as const;

const LOOKALIKE = new Map([...SHOP_CODE_LOOKALIKES.from].map((c, i) => [c, SHOP_CODE_LOOKALIKES.to[i]]));
const PREFIX_KEY = foldLookalikes(SHOP_CODE_PREFIX);

function foldLookalikes(code: string): string {
  return [...code].map((c) => LOOKALIKE.get(c) ?? c).join('');
}

/**
 * Upper case without spaces or dashes, and 'SH0P' read as 'SHOP' (the prefix is always the same word),
 * so a code typed from a phone keeps the format check's meaning.
 */
export function normaliseShopCode(input: string): string {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  const prefix = code.slice(0, SHOP_CODE_PREFIX.length);
  return foldLookalikes(prefix) === PREFIX_KEY ? SHOP_CODE_PREFIX + code.slice(SHOP_CODE_PREFIX.length) : code;
}

/** The form of a code two codes are compared by: 0/O and 1/I/L are one character. */
export function shopCodeKey(input: string): string {
  return foldLookalikes(normaliseShopCode(input));
}

export function isShopCode(value: string): boolean {
  return SHOP_CODE_PATTERN.test(value);
}
