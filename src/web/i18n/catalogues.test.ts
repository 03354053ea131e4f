import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { FULL_NAME_MAX, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, SHOP_CODE_INPUT_MAX } from '../../domain/constants';
import { NOTES_MAX } from '../../domain/contracts/manager';
import { LOCALES } from '../../domain/locale';

/**
 * The catalogues (ADR 0009): every namespace exists in every language with the same keys and the same
 * ICU arguments; every key is used by the code and every key the code uses exists; `messages.*` has one entry
 * per message id the contracts, the server or the web name, and `errors.*` one per error id (ADR 0050).
 */
const root = resolve(import.meta.dirname, '../../..');
const cataloguesDir = join(root, 'src/web/i18n/catalogues');
type Catalogue = Record<string, string>;

const read = (locale: string, file: string): Catalogue =>
  JSON.parse(readFileSync(join(cataloguesDir, locale, file), 'utf8'));
const namespaceFiles = (locale: string) => readdirSync(join(cataloguesDir, locale)).sort();
const prefixOf = (file: string) => file.replace(/\.json$/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function sourceFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, pattern);
    return pattern.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if ('value' in el && el.type !== TYPE.literal && typeof el.value === 'string') into.add(`${el.type}:${el.value}`);
    if ('options' in el) for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    if ('children' in el) argumentsOf(el.children, into);
  }
  return into;
}

const english = Object.fromEntries(namespaceFiles('en').map((file) => [file, read('en', file)]));
const allEnglish: Catalogue = Object.assign({}, ...Object.values(english));
const webSources = sourceFiles(join(root, 'src/web'), /\.tsx?$/).map((path) => ({
  path: relative(root, path),
  text: readFileSync(path, 'utf8'),
}));
const codeText = webSources.map((f) => f.text).join('\n');

describe('message catalogues', () => {
  it.each(LOCALES)('%s has every namespace English has', (locale) => {
    expect(namespaceFiles(locale)).toEqual(namespaceFiles('en'));
  });

  describe.each(namespaceFiles('en'))('%s', (file) => {
    const prefix = prefixOf(file);
    it('has keys of its own namespace only', () => {
      expect(Object.keys(english[file]!).filter((key) => !key.startsWith(`${prefix}.`))).toEqual([]);
    });
    it.each(LOCALES.filter((l) => l !== 'en'))('has the same keys and ICU arguments in %s', (locale) => {
      const other = read(locale, file);
      expect(Object.keys(other).sort()).toEqual(Object.keys(english[file]!).sort());
      for (const [key, text] of Object.entries(english[file]!)) {
        expect([...argumentsOf(parse(other[key]!))].sort(), `${locale} ${key}`).toEqual(
          [...argumentsOf(parse(text))].sort(),
        );
        expect(other[key]!.trim(), `${locale} ${key} is empty`).not.toBe('');
      }
    });
  });

  it('uses every key somewhere in the code (errors.* and messages.* are checked below)', () => {
    const unused = Object.keys(allEnglish).filter(
      (key) =>
        !key.startsWith('errors.') &&
        !key.startsWith('messages.') &&
        !codeText.includes(`'${key}'`) &&
        !codeText.includes(`"${key}"`),
    );
    expect(unused).toEqual([]);
  });

  it('has every key the code names', () => {
    const prefixes = namespaceFiles('en').map(prefixOf).join('|');
    const named = new RegExp(`['"]((?:${prefixes})\\.[A-Za-z0-9_.]+)['"]`, 'g');
    const missing = webSources.flatMap((file) =>
      [...file.text.matchAll(named)]
        .map((m) => m[1]!)
        .filter((key) => !(key in allEnglish))
        .map((key) => `${file.path}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  describe('messages.* (ADR 0050: contracts, forms and the server name a message by its id)', () => {
    // Every `messages.<group>.<name>` id quoted in domain, server or web code: zod issues, password verdicts,
    // success answers, the web's own form checks.
    const quoted = /['"`](messages\.\w+\.\w+)['"`]/g;
    const named = new Map<string, string>();
    for (const dir of ['src/domain', 'src/server', 'src/web']) {
      for (const path of sourceFiles(join(root, dir), /\.tsx?$/)) {
        for (const m of readFileSync(path, 'utf8').matchAll(quoted)) named.set(m[1]!, relative(root, path));
      }
    }

    it.each(LOCALES)('%s has a message for every id the code names', (locale) => {
      const catalogue = read(locale, 'messages.json');
      expect([...named].filter(([id]) => !(id in catalogue)).map(([id, path]) => `${path}: ${id}`)).toEqual([]);
      expect(named.size).toBeGreaterThan(60);
    });

    it('has no message nobody names', () => {
      expect(Object.keys(english['messages.json']!).filter((id) => !named.has(id))).toEqual([]);
    });

    it('uses only plain {arguments} in English, which the server fills in without a parser', () => {
      for (const [key, text] of Object.entries(english['messages.json']!)) {
        const kinds = [...argumentsOf(parse(text))].map((a) => a.split(':')[0]);
        expect(
          kinds.every((kind) => kind === String(TYPE.argument)),
          key,
        ).toBe(true);
      }
    });

    it("says the rules' own numbers", () => {
      const text = english['messages.json']!;
      expect(text['messages.auth.passwordTooShort']).toContain(` ${MIN_PASSWORD_LENGTH} `);
      expect(text['messages.auth.passwordTooLong']).toContain(` ${MAX_PASSWORD_LENGTH} `);
      expect(text['messages.auth.fullNameTooLong']).toBe(`A full name has at most ${FULL_NAME_MAX} characters`);
      expect(text['messages.auth.shopCodeTooLong']).toContain(` ${SHOP_CODE_INPUT_MAX} `);
      expect(text['messages.manager.notesTooLong']).toContain(` ${NOTES_MAX} `);
    });

    it('keeps English out of the shared contracts: their zod messages are ids', () => {
      const english = /(?:message:\s*|,\s*)'([^'\n]*\s[^'\n]*)'(?=\s*[,})])/g;
      const found = sourceFiles(join(root, 'src/domain/contracts'), /\.ts$/).flatMap((path) =>
        [...readFileSync(path, 'utf8').matchAll(english)]
          // Title Case values are an enum's ('In Progress'), not words for a person.
          .filter((m) => !/^(?:[A-Z]\w*\s?)+$/.test(m[1]!))
          .map((m) => `${relative(root, path)}: ${m[1]}`),
      );
      expect(found).toEqual([]);
    });
  });

  describe('errors.* (ADR 0050: the server names a message by id, the client shows errors.<id>)', () => {
    // Every id the server names: `AppError('X.y', …)`, `errorBody('X')`, `notFound('…')`, the router's and the
    // domain's ids… — any quoted `CODE` or `CODE.variant` handed to one of these in server or domain code.
    const calls =
      /(?:AppError|ServiceUnavailableError|errorBody|englishMessage|notFound|forbidden|validationFailed|notReady)\(\s*'([A-Z_]+(?:\.\w+)?)'/g;
    const ids = /'([A-Z][A-Z_]+(?:\.[a-z]\w*)?)'(?=[,;:)\s])/g;
    const serverIds = new Set<string>();
    for (const path of sourceFiles(join(root, 'src/server'), /\.ts$/)) {
      const text = readFileSync(path, 'utf8');
      for (const m of text.matchAll(calls)) serverIds.add(m[1]!);
      // Tables of ids (the router's refusals) and ternaries pick an id without a call around it.
      for (const m of text.matchAll(ids)) if (`errors.${m[1]}` in english['errors.json']!) serverIds.add(m[1]!);
    }
    for (const m of readFileSync(join(root, 'src/domain/adaptive-mastery.ts'), 'utf8').matchAll(ids))
      serverIds.add(m[1]!);
    // Codes the client gives a failure itself (api-client.ts, useErrorText).
    const clientIds = ['UNEXPECTED', 'NETWORK', 'OFFLINE'];

    it.each(LOCALES)('%s has a message for every error the server or the client names', (locale) => {
      const catalogue = read(locale, 'errors.json');
      expect([...serverIds, ...clientIds].filter((id) => !(`errors.${id}` in catalogue))).toEqual([]);
      expect(serverIds.size).toBeGreaterThan(60);
    });

    it('has no message nobody names', () => {
      const named = new Set([...serverIds, ...clientIds]);
      const unnamed = Object.keys(english['errors.json']!)
        .map((key) => key.slice('errors.'.length))
        .filter((id) => !named.has(id) && !codeText.includes(`'errors.${id}'`));
      expect(unnamed).toEqual([]);
    });

    it('uses only plain {arguments} in English, which the server fills in without a parser', () => {
      for (const [key, text] of Object.entries(english['errors.json']!)) {
        const kinds = [...argumentsOf(parse(text))].map((a) => a.split(':')[0]);
        expect(
          kinds.every((kind) => kind === String(TYPE.argument)),
          key,
        ).toBe(true);
      }
    });
  });
});
