import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  achievementsFileSchema,
  type CategoryContent,
  categoriesFileSchema,
  freeTestFileSchema,
  masterChallengeFileSchema,
  plansFileSchema,
  type QuestionItem,
  questionFileSchema,
} from '../../domain/content/schemas';
import { type ParsedChapter, parseStudyGuide } from '../../domain/content/study-guide';

export const CONTENT_DIR = resolve(import.meta.dirname, '../../../content');

export interface ContentBundle {
  categories: CategoryContent[];
  questions: QuestionItem[];
  freeTest: QuestionItem[];
  masterChallenge: QuestionItem[];
  guides: { code: string; chapters: ParsedChapter[] }[];
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

function parseFile<T>(path: string, schema: { parse(value: unknown): T }): T {
  try {
    return schema.parse(readJson(path));
  } catch (error) {
    throw new Error(`Invalid content in ${path}: ${(error as Error).message}`);
  }
}

/** A per-category item file, which must hold only that category's items. */
function parseCategoryFile(path: string, schema: { parse(value: unknown): QuestionItem[] }, code: string) {
  const items = parseFile(path, schema);
  const stray = items.find((q) => q.category !== code);
  if (stray) throw new Error(`Invalid content in ${path}: ${stray.id} is ${stray.category}, this file holds ${code}`);
  return items;
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
  for (const category of categories) {
    const code = category.code.toLowerCase();
    const questionsPath = resolve(dir, 'questions', `${code}.json`);
    if (existsSync(questionsPath))
      questions.push(...parseCategoryFile(questionsPath, questionFileSchema, category.code));
    const mcPath = resolve(dir, 'master-challenge', `${code}.json`);
    if (existsSync(mcPath))
      masterChallenge.push(...parseCategoryFile(mcPath, masterChallengeFileSchema, category.code));
    const guidePath = resolve(dir, 'study-guides', `${code}.md`);
    if (existsSync(guidePath)) {
      try {
        guides.push({ code: category.code, chapters: parseStudyGuide(readFileSync(guidePath, 'utf8')) });
      } catch (error) {
        throw new Error(`Invalid study guide ${guidePath}: ${(error as Error).message}`);
      }
    }
  }
  return {
    categories,
    questions,
    freeTest: parseFile(resolve(dir, 'free-test.json'), freeTestFileSchema),
    masterChallenge,
    guides,
    achievements: parseFile(resolve(dir, 'achievements.json'), achievementsFileSchema),
    plans: parseFile(resolve(dir, 'plans.json'), plansFileSchema),
  };
}
