import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvv } from './card-format';

describe('card fields take digits only (SPEC §5)', () => {
  it('groups the card number in fours and keeps at most 16 digits', () => {
    expect(formatCardNumber('4242a4242-4242 42424')).toBe('4242 4242 4242 4242');
  });
  it('drops letters and anything else from the CVV and keeps at most 4 digits (issue 14)', () => {
    expect(formatCvv('1a2b3')).toBe('123');
    expect(formatCvv('abc')).toBe('');
    expect(formatCvv('12 345')).toBe('1234');
  });
});
