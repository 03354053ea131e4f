import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isShopCode, normaliseShopCode, SHOP_CODE_ALPHABET, shopCodeFromRandom } from './shop-code';

describe('shop codes', () => {
  it('are SHOP followed by 6 uppercase alphanumerics for any random input', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 64, maxLength: 64 }), (bytes) => {
        let i = 0;
        const code = shopCodeFromRandom(() => bytes[i++ % bytes.length]);
        expect(code).toMatch(/^SHOP[A-Z0-9]{6}$/);
      }),
    );
  });
  it('skip bytes that would bias the alphabet (rejection sampling)', () => {
    const limit = 256 - (256 % SHOP_CODE_ALPHABET.length); // 252
    const bytes = [limit, 255, 0, 1, 2, 3, 4, 5];
    let i = 0;
    expect(shopCodeFromRandom(() => bytes[i++])).toBe('SHOPABCDEF');
  });
  it('validate format at its boundaries', () => {
    expect(isShopCode('SHOPAB12CD')).toBe(true);
    expect(isShopCode('SHOPAB12C')).toBe(false);
    expect(isShopCode('SHOPAB12CDE')).toBe(false);
    expect(isShopCode('shopab12cd')).toBe(false);
    expect(isShopCode(normaliseShopCode('  shopab12cd '))).toBe(true);
  });
});
