import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/locale';
import { MESSAGE_GROUPS } from '../../domain/messages';

/**
 * The catalogues (ADR 0009): every namespace exists in every language with the same keys and the same
 * ICU arguments; every key is used by the code and every key the code uses exists; `messages.*` is the
 * domain's English word for word; `errors.*` has one entry per error id the server or the client names.
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
      expect(Object.keys(english[file]).filter((key) => !key.startsWith(`${prefix}.`))).toEqual([]);
    });
    it.each(LOCALES.filter((l) => l !== 'en'))('has the same keys and ICU arguments in %s', (locale) => {
      const other = read(locale, file);
      expect(Object.keys(other).sort()).toEqual(Object.keys(english[file]).sort());
      for (const [key, text] of Object.entries(english[file])) {
        expect([...argumentsOf(parse(other[key]))].sort(), `${locale} ${key}`).toEqual(
          [...argumentsOf(parse(text))].sort(),
        );
        expect(other[key].trim(), `${locale} ${key} is empty`).not.toBe('');
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
        .map((m) => m[1])
        .filter((key) => !(key in allEnglish))
        .map((key) => `${file.path}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it("keeps messages.* identical to the domain's English, so contract messages can be translated", () => {
    const expected: Catalogue = {};
    for (const [group, messages] of Object.entries(MESSAGE_GROUPS)) {
      for (const [key, value] of Object.entries(messages)) {
        const id = `messages.${group}.${key}`;
        if (typeof value === 'string') expected[id] = value;
        else {
          // A message with arguments: called with `{name}` for each ICU argument, it must give the catalogue text.
          const names = [...argumentsOf(parse(english['messages.json'][id] ?? ''))].map((a) => `{${a.split(':')[1]}}`);
          expected[id] = (value as (...args: string[]) => string)(...names);
        }
      }
    }
    expect(english['messages.json']).toEqual(expected);
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
      for (const m of text.matchAll(calls)) serverIds.add(m[1]);
      // Tables of ids (the router's refusals) and ternaries pick an id without a call around it.
      for (const m of text.matchAll(ids)) if (`errors.${m[1]}` in english['errors.json']) serverIds.add(m[1]);
    }
    for (const m of readFileSync(join(root, 'src/domain/adaptive-mastery.ts'), 'utf8').matchAll(ids))
      serverIds.add(m[1]);
    // Codes the client gives a failure itself (api-client.ts, useErrorText).
    const clientIds = ['UNEXPECTED', 'NETWORK', 'OFFLINE'];

    it.each(LOCALES)('%s has a message for every error the server or the client names', (locale) => {
      const catalogue = read(locale, 'errors.json');
      expect([...serverIds, ...clientIds].filter((id) => !(`errors.${id}` in catalogue))).toEqual([]);
      expect(serverIds.size).toBeGreaterThan(60);
    });

    it('has no message nobody names', () => {
      const named = new Set([...serverIds, ...clientIds]);
      const unnamed = Object.keys(english['errors.json'])
        .map((key) => key.slice('errors.'.length))
        .filter((id) => !named.has(id) && !codeText.includes(`'errors.${id}'`));
      expect(unnamed).toEqual([]);
    });

    it('uses only plain {arguments} in English, which the server fills in without a parser', () => {
      for (const [key, text] of Object.entries(english['errors.json'])) {
        const kinds = [...argumentsOf(parse(text))].map((a) => a.split(':')[0]);
        expect(
          kinds.every((kind) => kind === String(TYPE.argument)),
          key,
        ).toBe(true);
      }
    });
  });
});
