import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENT_CODES, ACHIEVEMENT_NAMES_ES } from '../../../domain/achievements';
import { ACHIEVEMENT_TEXT_KEYS } from './achievement-text';

const root = resolve(import.meta.dirname, '../../../..');
const content = JSON.parse(readFileSync(resolve(root, 'content/achievements.json'), 'utf8')) as {
  code: (typeof ACHIEVEMENT_CODES)[number];
  name: string;
  description: string;
}[];
const english = JSON.parse(
  readFileSync(resolve(root, 'src/web/i18n/catalogues/en/achievements.json'), 'utf8'),
) as Record<string, string>;

describe('achievement names and descriptions in the catalogue', () => {
  it('has keys for every achievement, and English word for word as content/achievements.json', () => {
    expect(Object.keys(ACHIEVEMENT_TEXT_KEYS).sort()).toEqual([...ACHIEVEMENT_CODES].sort());
    for (const item of content) {
      const keys = ACHIEVEMENT_TEXT_KEYS[item.code];
      expect(english[keys.name], item.code).toBe(item.name);
      expect(english[keys.description], item.code).toBe(item.description);
    }
  });

  it('names each achievement in Spanish as the server does (ACHIEVEMENT_NAMES_ES, its notifications)', () => {
    const spanish = JSON.parse(
      readFileSync(resolve(root, 'src/web/i18n/catalogues/es/achievements.json'), 'utf8'),
    ) as Record<string, string>;
    for (const code of ACHIEVEMENT_CODES) {
      expect(spanish[ACHIEVEMENT_TEXT_KEYS[code].name], code).toBe(ACHIEVEMENT_NAMES_ES[code]);
    }
  });
});
