/** What the card fields keep of what is typed or pasted (SPEC §5: digits only). */

/** Digits only, at most 16, shown in groups of four while typing (SPEC §5). */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** CVV: digits only, at most 4 (SPEC §5), as typed or pasted. */
export function formatCvv(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
