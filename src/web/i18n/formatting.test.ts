import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { FORMAT_LOCALE, type Locale } from '../../domain/locale';

/**
 * ICU plurals and `Intl` dates, numbers and money in both languages (ADR 0023): real catalogue
 * messages, formatted the way the app's IntlProvider formats them (US English, US Spanish).
 */
const catalogues = resolve(import.meta.dirname, 'catalogues');
const messages = (locale: Locale, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(join(catalogues, locale, `${namespace}.json`), 'utf8'));
const intlFor = (locale: Locale, namespace: string) =>
  createIntl({ locale: FORMAT_LOCALE[locale], defaultLocale: 'en-US', messages: messages(locale, namespace) });

describe('ICU plurals', () => {
  it.each([
    ['en', 0, 'ends today'],
    ['en', 1, '1 day left'],
    ['en', 14, '14 days left'],
    ['es', 0, 'terminan hoy'],
    ['es', 1, 'queda 1 día'],
    ['es', 14, 'quedan 14 días'],
  ] as const)('%s: the trial banner with %i days', (locale, days, expected) => {
    const text = intlFor(locale, 'billing').formatMessage({ id: 'billing.banner.trialLeft' }, { days, date: 'D' });
    expect(text.startsWith(expected)).toBe(true);
  });

  it.each([
    ['en', 1, '1 answered'],
    ['en', 3, '3 answered'],
    ['es', 1, '1 respondida'],
    ['es', 3, '3 respondidas'],
  ] as const)('%s: the free test counts %i answered', (locale, count, expected) => {
    expect(intlFor(locale, 'free-test').formatMessage({ id: 'freeTest.answered' }, { count })).toBe(expected);
  });
});

describe('dates, numbers and money by locale', () => {
  const date = new Date(Date.UTC(2026, 2, 5, 12));
  it.each([
    ['en', 'March 5, 2026'],
    ['es', '5 de marzo de 2026'],
  ] as const)('%s: a long date', (locale, expected) => {
    expect(intlFor(locale, 'billing').formatDate(date, { dateStyle: 'long', timeZone: 'UTC' })).toBe(expected);
  });

  it.each([
    ['en', 'Your 14-day free trial has started — no charge until March 5, 2026.'],
    ['es', 'Tus 14 días gratis ya empezaron: no se te cobra nada hasta el 5 de marzo de 2026.'],
  ] as const)('%s: the trial-started message with its date', (locale, expected) => {
    const intl = intlFor(locale, 'billing');
    const when = intl.formatDate(date, { dateStyle: 'long', timeZone: 'UTC' });
    expect(intl.formatMessage({ id: 'billing.banner.trialStarted' }, { date: when })).toBe(expected);
  });

  it.each(['en', 'es'] as const)('%s: US money, percentages and thousands as a US technician reads them', (locale) => {
    const intl = intlFor(locale, 'billing');
    expect(intl.formatNumber(99, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })).toBe('$99');
    expect(intl.formatNumber(19.99, { style: 'currency', currency: 'USD' })).toBe('$19.99');
    expect(intl.formatNumber(0.95, { style: 'percent' })).toBe('95%');
    expect(intl.formatNumber(10000, { useGrouping: 'min2' })).toBe('10,000');
    expect(intl.formatNumber(1000, { useGrouping: 'min2' })).toBe('1000');
  });

  it('prices per month read naturally in each language', () => {
    expect(intlFor('en', 'billing').formatMessage({ id: 'billing.price.perMonthPlain' }, { price: '$99' })).toBe(
      '$99/month',
    );
    expect(intlFor('es', 'billing').formatMessage({ id: 'billing.price.perMonthPlain' }, { price: '$99' })).toBe(
      '$99 al mes',
    );
  });
});
