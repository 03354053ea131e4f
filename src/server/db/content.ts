import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXHIBIT_FILE } from '../../domain/content/exhibit';
import {
  achievementsFileSchema,
  type CategoryContent,
  categoriesFileSchema,
  freeTestFileSchema,
  masterChallengeFileSchema,
  plansFileSchema,
  type QuestionItem,
  questionFileSchema,
  spanishChaptersFileSchema,
  spanishItemsFileSchema,
} from '../../domain/content/schemas';
import { type ParsedChapter, parseStudyGuide } from '../../domain/content/study-guide';
import { type GuideWithSpanish, withSpanishGuide } from './content-spanish';

export const CONTENT_DIR = resolve(import.meta.dirname, '../../../content');

export interface ContentBundle {
  categories: CategoryContent[];
  questions: QuestionItem[];
  freeTest: QuestionItem[];
  masterChallenge: QuestionItem[];
  guides: GuideWithSpanish[];
  achievements: ReturnType<typeof achievementsFileSchema.parse>;
  plans: ReturnType<typeof plansFileSchema.parse>;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
}

function parseValue<T>(path: string, value: unknown, schema: { parse(value: unknown): T }): T {
  try {
    return schema.parse(value);
  } catch (error) {
    throw new Error(`Invalid content in ${path}: ${(error as Error).message}`);
  }
}

function parseFile<T>(path: string, schema: { parse(value: unknown): T }): T {
  return parseValue(path, readJson(path), schema);
}

/**
 * Puts a figure's SVG markup in place of its file name (`content/exhibits/…`, Spanish `content/es/exhibits/…`),
 * so the item is validated, seeded and served with the figure itself.
 */
function readExhibitFile(exhibitDir: string, item: Record<string, unknown>, where: string) {
  const exhibit = item.exhibit as { type?: unknown; svg?: unknown } | undefined;
  if (exhibit?.type !== 'figure' || typeof exhibit.svg !== 'string' || !EXHIBIT_FILE.test(exhibit.svg)) return;
  const path = resolve(exhibitDir, exhibit.svg);
  if (!existsSync(path))
    throw new Error(`Invalid content in ${where}: ${item.id ?? '?'} names ${path}, which is missing`);
  exhibit.svg = readFileSync(path, 'utf8').trim();
}

/** Every English figure of an item file's parsed JSON, read from `content/exhibits/`. */
export function resolveExhibitFiles(dir: string, items: unknown, where: string) {
  if (Array.isArray(items)) for (const item of items) readExhibitFile(resolve(dir, 'exhibits'), item, where);
}

/**
 * An item file with its Spanish file (the same name under content/es/, where it exists) attached: each
 * translation becomes its item's `es` field, validated with the item (ADR 0024).
 */
function parseItemsFile<T>(dir: string, relative: string, schema: { parse(value: unknown): T }): T {
  const path = resolve(dir, relative);
  const items = readJson(path);
  const spanishPath = resolve(dir, 'es', relative);
  if (Array.isArray(items) && existsSync(spanishPath)) {
    const byId = new Map(items.map((item) => [(item as { id?: unknown }).id, item as Record<string, unknown>]));
    const spanish = readJson(spanishPath);
    if (Array.isArray(spanish))
      for (const item of spanish) readExhibitFile(resolve(dir, 'es', 'exhibits'), item, spanishPath);
    for (const { id, ...es } of parseValue(spanishPath, spanish, spanishItemsFileSchema)) {
      const item = byId.get(id);
      if (!item) throw new Error(`Invalid content in ${spanishPath}: ${id} is not an item of ${relative}`);
      item.es = es;
    }
  }
  resolveExhibitFiles(dir, items, path);
  return parseValue(path, items, schema);
}

/** A per-category item file, which must hold only that category's items. */
function parseCategoryFile(
  dir: string,
  relative: string,
  schema: { parse(value: unknown): QuestionItem[] },
  code: string,
) {
  const path = resolve(dir, relative);
  const items = parseItemsFile(dir, relative, schema);
  const stray = items.find((q) => q.category !== code);
  if (stray) throw new Error(`Invalid content in ${path}: ${stray.id} is ${stray.category}, this file holds ${code}`);
  return items;
}

function readGuide(path: string): ParsedChapter[] {
  try {
    return parseStudyGuide(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Invalid study guide ${path}: ${(error as Error).message}`);
  }
}

/**
 * Reads and validates everything in content/. Per category, the question bank
 * (questions/a1.json), the Master Challenge items (master-challenge/a1.json) and the study guide
 * (study-guides/a1.md) are loaded where they exist.
 */
export function loadContent(dir: string = CONTENT_DIR): ContentBundle {
  const categories = parseFile(resolve(dir, 'categories.json'), categoriesFileSchema);
  const questions: QuestionItem[] = [];
  const masterChallenge: QuestionItem[] = [];
  const guides: ContentBundle['guides'] = [];
  const chaptersPath = resolve(dir, 'es', 'chapters.json');
  const spanishChapters = existsSync(chaptersPath) ? parseFile(chaptersPath, spanishChaptersFileSchema) : {};
  for (const category of categories) {
    const code = category.code.toLowerCase();
    const questionsFile = `questions/${code}.json`;
    if (existsSync(resolve(dir, questionsFile)))
      questions.push(...parseCategoryFile(dir, questionsFile, questionFileSchema, category.code));
    const mcFile = `master-challenge/${code}.json`;
    if (existsSync(resolve(dir, mcFile)))
      masterChallenge.push(...parseCategoryFile(dir, mcFile, masterChallengeFileSchema, category.code));
    const guidePath = resolve(dir, 'study-guides', `${code}.md`);
    if (existsSync(guidePath)) {
      const english = readGuide(guidePath);
      const spanishPath = resolve(dir, 'study-guides', 'es', `${code}.md`);
      const spanish = existsSync(spanishPath) ? readGuide(spanishPath) : null;
      try {
        guides.push(withSpanishGuide(category.code, english, spanish, spanishChapters[category.code] ?? null));
      } catch (error) {
        throw new Error(`Invalid Spanish study guide for ${category.code}: ${(error as Error).message}`);
      }
    }
  }
  return {
    categories,
    questions,
    freeTest: parseItemsFile(dir, 'free-test.json', freeTestFileSchema),
    masterChallenge,
    guides,
    achievements: parseFile(resolve(dir, 'achievements.json'), achievementsFileSchema),
    plans: parseFile(resolve(dir, 'plans.json'), plansFileSchema),
  };
}

/**
 * The code that turns content/ into rows, beside the files themselves in the fingerprint: a change to how
 * content is read or seeded seeds again even when no content file changed. The server's bundle keeps these
 * source paths (scripts/build-server.ts), so a start from source and one from the bundle agree.
 */
const LOADER_FILES = [
  fileURLToPath(import.meta.url),
  resolve(import.meta.dirname, 'content-spanish.ts'),
  resolve(import.meta.dirname, 'seed.ts'),
  resolve(import.meta.dirname, '../../domain/content/schemas.ts'),
  resolve(import.meta.dirname, '../../domain/content/exhibit.ts'),
  resolve(import.meta.dirname, '../../domain/content/study-guide.ts'),
  resolve(import.meta.dirname, '../../domain/achievements.ts'),
];

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = resolve(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/**
 * A SHA-256 over every file under `dir` (its path relative to `dir`, its length and its bytes, in path order)
 * and over the loader's code: what the start-up seed compares with the fingerprint of the last seed, so an
 * unchanged content folder is neither parsed nor seeded again (ADR 0056). Reading ~8 MB costs tens of ms.
 */
export function contentFingerprint(dir: string = CONTENT_DIR): string {
  const hash = createHash('sha256');
  const add = (name: string, path: string) => {
    const bytes = readFileSync(path);
    hash.update(`${name}\0${bytes.length}\0`);
    hash.update(bytes);
  };
  for (const path of filesUnder(dir).sort()) add(relative(dir, path), path);
  for (const path of [...new Set(LOADER_FILES)].filter((p) => existsSync(p)))
    add(`code:${relative(import.meta.dirname, path)}`, path);
  return hash.digest('hex');
}
