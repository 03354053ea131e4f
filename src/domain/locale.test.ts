import { describe, expect, it } from 'vitest';
import { localeCookie, localeFromCookie, negotiateLocale, parseAcceptLanguage } from './locale';

describe('negotiateLocale', () => {
  it('takes the first supported base language', () => {
    expect(negotiateLocale(['es-MX', 'en-US'])).toBe('es');
    expect(negotiateLocale(['fr-FR', 'es'])).toBe('es');
    expect(negotiateLocale(['EN-gb'])).toBe('en');
  });
  it('falls back to English', () => {
    expect(negotiateLocale([])).toBe('en');
    expect(negotiateLocale(['fr', 'de'])).toBe('en');
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by weight, keeping header order on ties, and drops q=0 and *', () => {
    expect(parseAcceptLanguage('en;q=0.5, es-MX, fr;q=0, *;q=0.1, de;q=0.5')).toEqual(['es-MX', 'en', 'de']);
  });
  it('is empty without a header', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });
});

describe('localeFromCookie', () => {
  it('reads a supported locale and ignores others', () => {
    expect(localeFromCookie('a=1; tp_locale=es; b=2')).toBe('es');
    expect(localeFromCookie('tp_locale=fr')).toBeNull();
    expect(localeFromCookie(undefined)).toBeNull();
  });
});

describe('localeCookie', () => {
  it('is Secure on an https site only, and reads back as the locale', () => {
    expect(localeCookie('es', { secure: true })).toBe('tp_locale=es; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(localeCookie('en', { secure: false })).not.toMatch(/secure/i);
    expect(localeFromCookie(localeCookie('es', { secure: true }).split(';')[0])).toBe('es');
  });
});
