/**
 * ASE certifications (docs/PRODUCT.md#certification-expiry; ADR 0019): expiry, status bands, the expiring widget's
 * window, CSV export and Master Automobile Technician status.
 */

/** ASE certifications are valid for five years; then the technician recertifies. */
export const CERTIFICATION_VALID_YEARS = 5;
/** Days to expiry: 0–90 critical, 91–180 warning (docs/PRODUCT.md#certification-expiry). */
export const CRITICAL_DAYS = 90;
export const WARNING_DAYS = 180;
/** ASE began certifying technicians in 1972: no certification was obtained before. */
export const EARLIEST_OBTAINED_DATE = '1972-01-01';
/** The expiring widget looks 6 months ahead and shows 5 items (docs/PRODUCT.md#certification-expiry). */
export const EXPIRING_WIDGET_MONTHS = 6;
export const EXPIRING_WIDGET_ITEMS = 5;
/** The eight tests of Master Automobile Technician status. */
export const MASTER_CATEGORIES = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'] as const;

/** A calendar date as YYYY-MM-DD, the form certifications are stored and sent in. */
export type IsoDate = string;

/** Obtained + 5 years; a certification obtained on Feb 29 expires on Feb 28 five years later. */
export function expirationDate(obtained: IsoDate): IsoDate {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = obtained.split('-').map(Number);
  const year = y + CERTIFICATION_VALID_YEARS;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${year}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** Whole days from `today` to `date` (negative once past), both calendar dates. */
export function daysUntil(date: IsoDate, today: IsoDate): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export type CertificationBand = 'expired' | 'critical' | 'warning' | 'valid';

/** Expired below 0 days, critical 0–90, warning 91–180, valid above 180 (docs/PRODUCT.md#certification-expiry). */
export function certificationBand(daysToExpiry: number): CertificationBand {
  if (daysToExpiry < 0) return 'expired';
  if (daysToExpiry <= CRITICAL_DAYS) return 'critical';
  if (daysToExpiry <= WARNING_DAYS) return 'warning';
  return 'valid';
}

/** The 'expiring' filter: 0 to 180 days. */
export function isExpiring(daysToExpiry: number): boolean {
  return daysToExpiry >= 0 && daysToExpiry <= WARNING_DAYS;
}

/** How a valid certification's time left is said: months under two years, else whole years. */
export function timeLeft(daysToExpiry: number): { unit: 'months' | 'years'; count: number } {
  const months = Math.floor(daysToExpiry / 30.44);
  return months < 24 ? { unit: 'months', count: months } : { unit: 'years', count: Math.floor(months / 12) };
}

/** The English status word of the CSV and the audit trail. */
export function bandLabel(band: CertificationBand): string {
  return { expired: 'Expired', critical: 'Expiring soon', warning: 'Expiring', valid: 'Valid' }[band];
}

export interface MasterStatus {
  master: boolean;
  /** The Master certifications within 180 days of expiry (soonest first): renew these to keep the status. */
  atRisk: { code: string; expirationDate: IsoDate; daysToExpiry: number }[];
}

/**
 * ASE Master Automobile Technician: an active, unexpired certification in each of A1–A8. At risk when any
 * of those eight is within 180 days of expiry.
 */
export function masterStatus(
  certifications: readonly { code: string; active: boolean; expirationDate: IsoDate }[],
  today: IsoDate,
): MasterStatus {
  const best = new Map<string, { code: string; expirationDate: IsoDate; daysToExpiry: number }>();
  for (const c of certifications) {
    if (!c.active) continue;
    const days = daysUntil(c.expirationDate, today);
    if (days < 0) continue;
    const current = best.get(c.code);
    if (!current || days > current.daysToExpiry) best.set(c.code, { ...c, daysToExpiry: days });
  }
  const master = MASTER_CATEGORIES.every((code) => best.has(code));
  const atRisk = master
    ? [...best.values()].filter((c) => c.daysToExpiry <= WARNING_DAYS).sort((a, b) => a.daysToExpiry - b.daysToExpiry)
    : [];
  return { master, atRisk };
}

export const CSV_COLUMNS = [
  'Technician',
  'Email',
  'Certification',
  'Category',
  'Cert Number',
  'Obtained Date',
  'Expiration Date',
  'Days Until Expiration',
  'Status',
  'Active',
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled; a cell that
 * a spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a leading
 * apostrophe first.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvFile(rows: readonly (readonly (string | number | null)[])[]): string {
  return `${[CSV_COLUMNS, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** `certifications-YYYY-MM-DD.csv`. */
export function csvFileName(today: IsoDate): string {
  return `certifications-${today}.csv`;
}
