import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { FORMAT_LOCALE, type Locale } from '../../domain/locale';
import { CATEGORY_DESCRIPTION_KEYS, CATEGORY_NAME_KEYS, categoryText } from './category-name';

/** ASE area names and descriptions from the API's English, in the reader's language (ADR 0009). */
const root = resolve(import.meta.dirname, '../../..');
const categories: { code: string; name: string; description: string }[] = JSON.parse(
  readFileSync(join(root, 'content/categories.json'), 'utf8'),
);
const catalogue = (locale: Locale, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(join(root, 'src/web/i18n/catalogues', locale, `${namespace}.json`), 'utf8'));
const intlFor = (locale: Locale, namespaces: string[]) =>
  createIntl({
    locale: FORMAT_LOCALE[locale],
    defaultLocale: 'en-US',
    messages: Object.assign({}, ...namespaces.map((ns) => catalogue(locale, ns))),
  });

describe('category names and descriptions', () => {
  it('has a name and a description key for every category of the content', () => {
    expect(Object.keys(CATEGORY_NAME_KEYS).sort()).toEqual(categories.map((c) => c.code).sort());
    expect(Object.keys(CATEGORY_DESCRIPTION_KEYS).sort()).toEqual(categories.map((c) => c.code).sort());
  });

  it('repeats the content English word for word in the English catalogues', () => {
    const name = categoryText(intlFor('en', ['common']), CATEGORY_NAME_KEYS);
    const description = categoryText(intlFor('en', ['tech']), CATEGORY_DESCRIPTION_KEYS);
    for (const c of categories) {
      expect(name(c.code, 'x'), c.code).toBe(c.name);
      expect(description(c.code, 'x'), c.code).toBe(c.description);
    }
  });

  it('gives every category its Spanish name and description', () => {
    const name = categoryText(intlFor('es', ['common']), CATEGORY_NAME_KEYS);
    const description = categoryText(intlFor('es', ['tech']), CATEGORY_DESCRIPTION_KEYS);
    expect(name('A5', 'Brakes')).toBe('Frenos');
    expect(description('A5', 'Hydraulic systems…')).toMatch(/^Sistemas hidráulicos, frenos de tambor y de disco/);
    for (const c of categories) {
      expect(name(c.code, c.name), c.code).not.toBe(c.name);
      expect(description(c.code, c.description), c.code).not.toBe(c.description);
    }
  });

  it('keeps the English it came with for an unknown code or a namespace not loaded', () => {
    const intl = intlFor('es', ['common']);
    expect(categoryText(intl, CATEGORY_NAME_KEYS)('B9', 'Some New Area')).toBe('Some New Area');
    expect(categoryText(intl, CATEGORY_DESCRIPTION_KEYS)('A5', 'Hydraulic systems')).toBe('Hydraulic systems');
  });
});
