/**
 * What the card fields keep of what is typed or pasted (digits only). Each caps its own length, so the
 * inputs have no `maxLength`: that would cut a pasted value before its spaces, dashes or labels are dropped.
 */

/** Digits only, at most 16, shown in groups of four while typing. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** CVV: digits only, at most 4, as typed or pasted. */
export function formatCvv(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

/** ZIP code: digits and the ZIP+4 hyphen only, at most 10 (the contract's `^[0-9-]{5,10}$`), as typed or pasted. */
export function formatZip(value: string): string {
  return value.replace(/[^0-9-]/g, '').slice(0, 10);
}
