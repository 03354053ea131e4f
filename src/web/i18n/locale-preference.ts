import { isLocale, type Locale, localeCookie, localeFromCookie, negotiateLocale } from '../../domain/locale';

const STORAGE_KEY = 'tp.locale';

/**
 * The visitor's language: their latest choice (the cookie, which the static homepage's language links set
 * too, then this browser's storage), else the browser's first supported language.
 */
export function initialLocale(): Locale {
  const fromCookie = localeFromCookie(document.cookie);
  if (fromCookie) return fromCookie;
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // storage blocked: fall through to the browser's language
  }
  return negotiateLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** Remembers the choice here and in a cookie, so the server serves the prerendered homepage in it. */
export function rememberLocale(locale: Locale) {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // storage blocked: the cookie still carries it
  }
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie read by the server for the homepage
  document.cookie = localeCookie(locale, { secure: location.protocol === 'https:' });
  document.documentElement.lang = locale;
}
