import { sectionForQuestion } from '../study-areas';
import { CUE_RULES, type CueFlag, checkCues, isTwoTechnician } from './cues';
import { LETTERS, type Letter } from './letters';
import { type CategoryContent, normaliseText, type QuestionItem } from './schemas';
import type { ParsedChapter } from './study-guide';

export { CUE_RULES, type CueFlag, checkCues, isTwoTechnician };

/** The standards of docs/PRODUCT.md#content-standards for one category's bank, Master Challenge pool and guide. */
export const BANK_RULES = {
  minQuestions: 300,
  letterShareMin: 0.2,
  letterShareMax: 0.3,
  longestCorrectMax: 0.35,
  areaTolerancePoints: 5,
  difficultyTarget: { easy: 0.3, medium: 0.45, hard: 0.25 },
  difficultyTolerancePoints: 7,
  minChapters: 5,
  minSectionsPerChapter: 3,
  /** The last chapter of every guide is a short shop-floor diagnostic strategy. */
  strategyChapterTitle: 'Diagnostic Strategy',
  strategyChapterMaxWords: 1500,
  minMasterChallengePerCategory: 25,
  minMasterChallengeTotal: 200,
} as const;

const BANNED = /\b(all|none) of the above\b/i;

/** Problems shared by every bank (ids, stems, banned options), across any list of items. */
export function checkItems(items: QuestionItem[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const stems = new Set<string>();
  for (const q of items) {
    if (ids.has(q.id)) problems.push(`${q.id}: duplicate id`);
    ids.add(q.id);
    const stem = normaliseText(q.question);
    if (stems.has(stem)) problems.push(`${q.id}: duplicate question stem`);
    stems.add(stem);
    for (const l of LETTERS) {
      if (BANNED.test(q.options[l])) problems.push(`${q.id}: option ${l} uses "all/none of the above"`);
    }
  }
  return problems;
}

export function pct(n: number, total: number): string {
  return `${total === 0 ? '0.0' : ((100 * n) / total).toFixed(1)}%`;
}

/** The counts a category's bank is judged by. */
export interface BankStats {
  total: number;
  difficulty: Record<'easy' | 'medium' | 'hard', number>;
  areas: { name: string; target: number; count: number }[];
  letters: Record<Letter, number>;
  longestCorrect: number;
  twoTechnician: number;
}

export function bankStats(category: CategoryContent, items: QuestionItem[]): BankStats {
  const count = (test: (q: QuestionItem) => boolean) => items.filter(test).length;
  return {
    total: items.length,
    difficulty: {
      easy: count((q) => q.difficulty === 'easy'),
      medium: count((q) => q.difficulty === 'medium'),
      hard: count((q) => q.difficulty === 'hard'),
    },
    areas: category.areas.map((a) => ({ name: a.name, target: a.share, count: count((q) => q.area === a.name) })),
    letters: {
      A: count((q) => q.answer === 'A'),
      B: count((q) => q.answer === 'B'),
      C: count((q) => q.answer === 'C'),
      D: count((q) => q.answer === 'D'),
    },
    longestCorrect: count((q) => {
      const correctLength = q.options[q.answer].length;
      return LETTERS.every((l) => l === q.answer || q.options[l].length < correctLength);
    }),
    twoTechnician: count(isTwoTechnician),
  };
}

/** Checks one category's bank against the balance standards of docs/PRODUCT.md#content-standards. */
export function checkCategoryBank(category: CategoryContent, items: QuestionItem[]): string[] {
  const problems = checkItems(items);
  const stats = bankStats(category, items);
  const { total } = stats;
  if (total < BANK_RULES.minQuestions) {
    problems.push(`${category.code}: ${total} questions, need at least ${BANK_RULES.minQuestions}`);
  }
  if (total === 0) return problems;

  for (const q of items) {
    if (q.category !== category.code) problems.push(`${q.id}: category ${q.category} in the ${category.code} bank`);
    if (!q.id.startsWith(`${category.code.toLowerCase()}-`))
      problems.push(`${q.id}: id must start with ${category.code.toLowerCase()}-`);
    if (!category.areas.some((a) => a.name === q.area)) problems.push(`${q.id}: unknown area "${q.area}"`);
  }

  for (const letter of LETTERS) {
    const share = stats.letters[letter] / total;
    if (share < BANK_RULES.letterShareMin || share > BANK_RULES.letterShareMax) {
      problems.push(
        `${category.code}: answer ${letter} is correct in ${pct(stats.letters[letter], total)} (need 20–30%)`,
      );
    }
  }

  if (stats.longestCorrect / total > BANK_RULES.longestCorrectMax) {
    problems.push(`${category.code}: correct option is the longest in ${pct(stats.longestCorrect, total)} (max 35%)`);
  }

  for (const area of stats.areas) {
    if (Math.abs((100 * area.count) / total - area.target) > BANK_RULES.areaTolerancePoints) {
      problems.push(`${category.code}: area "${area.name}" is ${pct(area.count, total)} (target ${area.target}% ±5)`);
    }
  }

  for (const [level, target] of Object.entries(BANK_RULES.difficultyTarget)) {
    const n = stats.difficulty[level as keyof BankStats['difficulty']];
    if (Math.abs((100 * n) / total - 100 * target) > BANK_RULES.difficultyTolerancePoints) {
      problems.push(
        `${category.code}: ${level} is ${pct(n, total)} (target ${100 * target}% ±${BANK_RULES.difficultyTolerancePoints})`,
      );
    }
  }
  // The format shares (two-technician, negative) are checked by formats.ts.
  return problems;
}

/**
 * The cue flags of one category's items, and a problem when 5% or more of them are flagged.
 * `vocabulary` decides which words are common to the category (see checkCues).
 */
export function checkCategoryCues(
  code: string,
  items: QuestionItem[],
  vocabulary: QuestionItem[] = items,
): { flags: CueFlag[]; flagged: number; problems: string[] } {
  const flags = checkCues(items, vocabulary);
  const flagged = new Set(flags.map((f) => f.id)).size;
  const problems =
    items.length > 0 && flagged / items.length >= CUE_RULES.maxFlaggedShare
      ? [`${code}: ${flagged} items (${pct(flagged, items.length)}) have an answer cue (need under 5%)`]
      : [];
  return { flags, flagged, problems };
}

/**
 * Checks one category's share of the Master Challenge pool (at least 25; 200 in all is checked over the
 * whole pool). Hard-only is the schema's rule; a stem reused in practice is found by checkItems.
 */
export function checkMasterChallenge(code: string, items: QuestionItem[]): string[] {
  const stray = items.filter((q) => q.category !== code).map((q) => `${q.id}: category ${q.category} in ${code}`);
  const n = items.length - stray.length;
  return n < BANK_RULES.minMasterChallengePerCategory
    ? [...stray, `${code} Master Challenge: ${n} items, need at least ${BANK_RULES.minMasterChallengePerCategory}`]
    : stray;
}

function wordCount(chapter: ParsedChapter): number {
  const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
  return words(chapter.description) + chapter.sections.reduce((n, s) => n + words(s.title) + words(s.content), 0);
}

/**
 * Checks a parsed study guide: chapter and section counts, a section for every content area (by the
 * area's keywords in a chapter or section title, outside the strategy chapter, whose "Diagnostic" would
 * otherwise cover any diagnosis area), and a short closing "Diagnostic Strategy" chapter.
 */
export function checkStudyGuide(category: CategoryContent, chapters: ParsedChapter[]): string[] {
  const problems: string[] = [];
  const code = category.code;
  if (chapters.length < BANK_RULES.minChapters) {
    problems.push(`${code} guide: ${chapters.length} chapters, need ${BANK_RULES.minChapters}`);
  }
  for (const ch of chapters) {
    if (!ch.description) problems.push(`${code} guide: chapter ${ch.number} has no description`);
    if (ch.sections.length < BANK_RULES.minSectionsPerChapter) {
      problems.push(`${code} guide: chapter ${ch.number} has ${ch.sections.length} sections, need 3`);
    }
    for (const s of ch.sections) {
      if (!s.content) problems.push(`${code} guide: section ${ch.number}.${s.number} is empty`);
    }
  }

  const last = chapters.at(-1);
  const isStrategy = (ch: ParsedChapter) =>
    ch.title.toLowerCase().includes(BANK_RULES.strategyChapterTitle.toLowerCase());
  if (!last || !isStrategy(last)) {
    problems.push(`${code} guide: the last chapter's title must contain "${BANK_RULES.strategyChapterTitle}"`);
  } else if (wordCount(last) > BANK_RULES.strategyChapterMaxWords) {
    problems.push(
      `${code} guide: the "${last.title}" chapter has ${wordCount(last)} words, keep it short (≤ ${BANK_RULES.strategyChapterMaxWords})`,
    );
  }

  const topical = chapters.filter((ch) => !isStrategy(ch));
  for (const area of category.areas) {
    const covered = topical.some((ch) =>
      ch.sections.some((s) => {
        const title = `${ch.title} ${s.title}`.toLowerCase();
        return area.keywords.some((k) => title.includes(k.toLowerCase()));
      }),
    );
    if (!covered) {
      problems.push(
        `${code} guide: no chapter/section title covers "${area.name}" (use one of: ${area.keywords.join(', ')})`,
      );
    }
  }
  return problems;
}

/**
 * Every question's "Read <section>" link resolves (ADR 0031): its area has a chapter and a section by
 * the rule the results use, and that section is in the guide. One problem per area, naming its questions.
 */
export function checkStudyLinks(category: CategoryContent, items: QuestionItem[], chapters: ParsedChapter[]): string[] {
  const unlinked = new Map<string, string[]>();
  for (const q of items) {
    const found = sectionForQuestion(chapters, category.areas, q.area, q.question);
    const resolves = found?.chapter.sections.some((s) => s.number === found.section.number) ?? false;
    if (!resolves) unlinked.set(q.area, [...(unlinked.get(q.area) ?? []), q.id]);
  }
  return [...unlinked].map(
    ([area, ids]) =>
      `${category.code} guide: no section to link for "${area}" (${ids.length} questions, e.g. ${ids.slice(0, 3).join(', ')})`,
  );
}

/** The word count of a guide's closing strategy chapter, for the report (undefined when it has none). */
export function strategyChapterWords(chapters: ParsedChapter[]): number | undefined {
  const last = chapters.at(-1);
  if (!last?.title.toLowerCase().includes(BANK_RULES.strategyChapterTitle.toLowerCase())) return undefined;
  return wordCount(last);
}
