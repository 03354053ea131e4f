import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvv, formatZip } from './card-format';

describe('card fields take digits only', () => {
  it('groups the card number in fours and keeps at most 16 digits', () => {
    expect(formatCardNumber('4242a4242-4242 42424')).toBe('4242 4242 4242 4242');
    // Pasted with a label and spaces, longer than the field shows: nothing is cut before the letters go.
    expect(formatCardNumber('Visa: 4242 4242 4242 4242')).toBe('4242 4242 4242 4242');
  });
  it('drops letters and anything else from the CVV and keeps at most 4 digits', () => {
    expect(formatCvv('1a2b3')).toBe('123');
    expect(formatCvv('abc')).toBe('');
    expect(formatCvv('12 345')).toBe('1234');
  });
  it('keeps digits and the ZIP+4 hyphen of a ZIP code, at most 10 characters', () => {
    expect(formatZip('9021O')).toBe('9021');
    expect(formatZip('90210-1234')).toBe('90210-1234');
    expect(formatZip('ZIP 90210 1234 56')).toBe('9021012345');
  });
});
