/**
 * A formatted value placed right before a message's own full stop ("… disponible el {time}."). US Spanish
 * times end in a period ("9:37 a.m.", ADR 0023), so the sentence would read "9:37 a.m..": the value's
 * period becomes the sentence's, as in written Spanish. English times ("9:37 AM") pass through unchanged.
 */
export function beforeFullStop(value: string): string {
  return value.endsWith('.') ? value.slice(0, -1) : value;
}
