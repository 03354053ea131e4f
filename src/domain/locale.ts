/** The languages TorquePrep speaks (ADR 0009). English is the source; the spec's English words stay exact. */
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/**
 * The tag numbers, dates and money are formatted with (ADR 0023): our readers are technicians in the US,
 * so Spanish is US Spanish — "$19.99", "10,000", "95%" as on every US invoice, with Spanish month names.
 */
export const FORMAT_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** Remembers a visitor's choice before sign-up, so the server can serve the prerendered homepage in it. */
export const LOCALE_COOKIE = 'tp_locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The first supported language among the user's preferences ('es-MX' → 'es'), else English. */
export function negotiateLocale(preferences: readonly string[]): Locale {
  for (const tag of preferences) {
    const base = tag.trim().toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

/** Language tags of an Accept-Language header, most preferred first (q=0 dropped). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The `tp_locale` cookie for a language choice, kept a year. `Secure` when the site is served over https
 * (every cookie of an https site is Secure, so none travels over plain http).
 */
export function localeCookie(locale: Locale, options: { secure: boolean }): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** The locale named by a `tp_locale` cookie in a Cookie header, if any. */
export function localeFromCookie(cookieHeader: string | undefined): Locale | null {
  const match = cookieHeader ? new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]{2})`).exec(cookieHeader) : null;
  return match && isLocale(match[1]) ? match[1] : null;
}
