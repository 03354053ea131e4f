import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_DIR, loadContent } from '../../src/server/db/content';
import { spanishCoverage } from '../../src/server/db/content-spanish';

/** Spanish content (ADR 0024): content/es/ files attach to their items and are validated with them. */
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A copy of content/ with the given files written over it. */
function contentWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tp-content-'));
  dirs.push(dir);
  cpSync(CONTENT_DIR, dir, { recursive: true });
  rmSync(join(dir, 'es'), { recursive: true, force: true });
  rmSync(join(dir, 'study-guides', 'es'), { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(resolve(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const english = JSON.parse(readFileSync(join(CONTENT_DIR, 'questions', 'a5.json'), 'utf8'));
const first = english[0];
const translation = {
  id: first.id,
  question: 'El líquido de frenos con años de uso hierve a menor temperatura, sobre todo porque:',
  options: { A: 'se oxidó', B: 'se espesó', C: 'absorbió humedad del aire', D: 'se diluyó con vapor' },
  explanation: 'Los líquidos a base de glicol son higroscópicos.',
  whyWrong: Object.fromEntries(Object.keys(first.whyWrong).map((l) => [l, `No es ${l}.`])),
};

describe('Spanish content', () => {
  it.runIf(!process.env.CONTENT_DIR)(
    'has every bank, every guide section, the free test and every chapter description in Spanish',
    () => {
      const content = loadContent();
      for (const row of spanishCoverage(content)) {
        expect(row.questions.total, row.code).toBeGreaterThanOrEqual(300);
        expect(row.questions.translated, row.code).toBe(row.questions.total);
        expect(row.sections.translated, row.code).toBe(row.sections.total);
        expect(row.chapters.translated, row.code).toBe(row.chapters.total);
      }
      expect(content.freeTest.every((q) => q.es)).toBe(true);
    },
  );

  it('attaches a translation to its item by id, keeping the English and the key', () => {
    const dir = contentWith({ 'es/questions/a5.json': JSON.stringify([translation]) });
    const content = loadContent(dir);
    const item = content.questions.find((q) => q.id === first.id);
    expect(item?.question).toBe(first.question);
    expect(item?.answer).toBe(first.answer);
    expect(item?.es?.question).toBe(translation.question);
    const a5 = spanishCoverage(content).find((r) => r.code === 'A5');
    expect(a5?.questions).toEqual({ translated: 1, total: english.length });
  });

  it('refuses a translation of an item that does not exist, naming the file', () => {
    const dir = contentWith({ 'es/questions/a5.json': JSON.stringify([{ ...translation, id: 'a5-9999' }]) });
    expect(() => loadContent(dir)).toThrow(/es\/questions\/a5\.json: a5-9999 is not an item/);
  });

  it('refuses a translation whose reasons name other letters than the English wrong options', () => {
    const whyWrong = { ...translation.whyWrong, [first.answer]: 'La clave no lleva razón.' };
    const dir = contentWith({ 'es/questions/a5.json': JSON.stringify([{ ...translation, whyWrong }]) });
    expect(() => loadContent(dir)).toThrow(/es.*whyWrong must have exactly the wrong letters/s);
  });

  it('refuses stray keys and empty text in a translation', () => {
    const dir = contentWith({ 'es/questions/a5.json': JSON.stringify([{ ...translation, answer: 'A' }]) });
    expect(() => loadContent(dir)).toThrow(/Invalid content/);
    const empty = contentWith({ 'es/questions/a5.json': JSON.stringify([{ ...translation, question: ' ' }]) });
    expect(() => loadContent(empty)).toThrow(/Invalid content/);
  });

  it('pairs a Spanish guide section by section and refuses one shaped differently', () => {
    const guide = readFileSync(join(CONTENT_DIR, 'study-guides', 'a5.md'), 'utf8');
    const spanish = guide.replace(
      '# 1. Hydraulic System and Brake Fluid',
      '# 1. Sistema hidráulico y líquido de frenos',
    );
    const content = loadContent(contentWith({ 'study-guides/es/a5.md': spanish }));
    const chapter = content.guides.find((g) => g.code === 'A5')?.chapters[0];
    expect(chapter?.title).toBe('Hydraulic System and Brake Fluid');
    expect(chapter?.es?.title).toBe('Sistema hidráulico y líquido de frenos');
    expect(chapter?.sections.every((s) => s.es !== null)).toBe(true);

    // Chapter 1 without its last section: still a well-formed guide, but not the English one's shape.
    const chapterTwo = guide.indexOf('\n# 2. ');
    const lastOfOne = guide.lastIndexOf('\n## 1.', chapterTwo);
    const missing = guide.slice(0, lastOfOne) + guide.slice(chapterTwo);
    expect(() => loadContent(contentWith({ 'study-guides/es/a5.md': missing }))).toThrow(/differ from the English/);
  });

  it('takes chapter descriptions from content/es/chapters.json, and refuses a chapter the guide lacks', () => {
    const chapters = { A1: [{ number: 1, title: 'Diagnóstico general', description: 'Cómo empezar.' }] };
    const content = loadContent(contentWith({ 'es/chapters.json': JSON.stringify(chapters) }));
    const a1 = content.guides.find((g) => g.code === 'A1')?.chapters;
    expect(a1?.[0]?.es).toEqual({ title: 'Diagnóstico general', description: 'Cómo empezar.' });
    expect(a1?.[0]?.sections[0]?.es).toBeNull();
    const stray = { A1: [{ number: 99, title: 'x', description: 'y' }] };
    expect(() => loadContent(contentWith({ 'es/chapters.json': JSON.stringify(stray) }))).toThrow(/chapter 99/);
  });
});
