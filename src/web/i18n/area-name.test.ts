import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { FORMAT_LOCALE, type Locale } from '../../domain/locale';
import { AREA_NAME_KEYS, areaText } from './area-name';
import { categoryText } from './category-name';

/** Content area names from the API's English, in the reader's language (score reports in Spanish). */
const root = resolve(import.meta.dirname, '../../..');
const categories: { code: string; areas: { name: string }[] }[] = JSON.parse(
  readFileSync(join(root, 'content/categories.json'), 'utf8'),
);
const areas = categories.flatMap((c) => c.areas.map((a) => ({ code: c.code, name: a.name })));
const keyedText = (locale: Locale) => {
  const messages = JSON.parse(readFileSync(join(root, 'src/web/i18n/catalogues', locale, 'practice.json'), 'utf8'));
  return categoryText(createIntl({ locale: FORMAT_LOCALE[locale], messages }), AREA_NAME_KEYS);
};
const nameIn = (locale: Locale) => areaText(keyedText(locale));

describe('content area names', () => {
  it('has a key for every content area of every category, and no other', () => {
    expect(Object.keys(AREA_NAME_KEYS).sort()).toEqual(areas.map((a) => `${a.code} ${a.name}`).sort());
  });

  it('repeats the content English word for word in the English catalogue', () => {
    const text = keyedText('en');
    // 'x' comes back where a key or its message is missing.
    for (const a of areas) expect(text(`${a.code} ${a.name}`, 'x'), `${a.code} ${a.name}`).toBe(a.name);
  });

  it('gives every area a Spanish name', () => {
    const name = nameIn('es');
    expect(name('A5', 'Drum Brakes')).toBe('Frenos de tambor');
    expect(name('A8', 'Emissions Control')).toBe('Control de emisiones');
    for (const a of areas.filter((a) => a.name !== 'Clutch')) {
      expect(name(a.code, a.name), `${a.code} ${a.name}`).not.toBe(a.name);
    }
    // Shops say clutch (content/es/glossary.json).
    expect(name('A3', 'Clutch')).toBe('Clutch');
  });

  it('keeps the English it came with for an area it does not know', () => {
    expect(nameIn('es')('A5', 'Some New Area')).toBe('Some New Area');
    expect(nameIn('es')('A9', 'Drum Brakes')).toBe('Drum Brakes');
  });
});
