import { type CategoryContent, LETTERS, normaliseText, type QuestionItem } from './schemas';
import type { ParsedChapter } from './study-guide';

/** shared/CONTENT.md standards for one category's bank. */
export const BANK_RULES = {
  minQuestions: 150,
  letterShareMin: 0.2,
  letterShareMax: 0.3,
  longestCorrectMax: 0.35,
  areaTolerancePoints: 5,
  difficultyTarget: { easy: 0.3, medium: 0.45, hard: 0.25 },
  difficultyTolerancePoints: 7,
  minChapters: 5,
  minSectionsPerChapter: 3,
  minMasterChallengePerCategory: 12,
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

function pct(n: number, total: number): string {
  return `${((100 * n) / total).toFixed(1)}%`;
}

/** Checks one category's bank against the balance standards of shared/CONTENT.md. */
export function checkCategoryBank(category: CategoryContent, items: QuestionItem[]): string[] {
  const problems = checkItems(items);
  const total = items.length;
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
    const n = items.filter((q) => q.answer === letter).length;
    const share = n / total;
    if (share < BANK_RULES.letterShareMin || share > BANK_RULES.letterShareMax) {
      problems.push(`${category.code}: answer ${letter} is correct in ${pct(n, total)} (need 20–30%)`);
    }
  }

  const longestCorrect = items.filter((q) => {
    const correctLength = q.options[q.answer].length;
    return LETTERS.every((l) => l === q.answer || q.options[l].length < correctLength);
  }).length;
  if (longestCorrect / total > BANK_RULES.longestCorrectMax) {
    problems.push(`${category.code}: correct option is the longest in ${pct(longestCorrect, total)} (max 35%)`);
  }

  for (const area of category.areas) {
    const n = items.filter((q) => q.area === area.name).length;
    const points = (100 * n) / total;
    if (Math.abs(points - area.share) > BANK_RULES.areaTolerancePoints) {
      problems.push(`${category.code}: area "${area.name}" is ${pct(n, total)} (target ${area.share}% ±5)`);
    }
  }

  for (const [level, target] of Object.entries(BANK_RULES.difficultyTarget)) {
    const n = items.filter((q) => q.difficulty === level).length;
    if (Math.abs((100 * n) / total - 100 * target) > BANK_RULES.difficultyTolerancePoints) {
      problems.push(
        `${category.code}: ${level} is ${pct(n, total)} (target ${100 * target}% ±${BANK_RULES.difficultyTolerancePoints})`,
      );
    }
  }
  return problems;
}

/** Checks a parsed study guide: chapter and section counts, and that every area has a section. */
export function checkStudyGuide(category: CategoryContent, chapters: ParsedChapter[]): string[] {
  const problems: string[] = [];
  if (chapters.length < BANK_RULES.minChapters) {
    problems.push(`${category.code} guide: ${chapters.length} chapters, need ${BANK_RULES.minChapters}`);
  }
  for (const ch of chapters) {
    if (!ch.description) problems.push(`${category.code} guide: chapter ${ch.number} has no description`);
    if (ch.sections.length < BANK_RULES.minSectionsPerChapter) {
      problems.push(`${category.code} guide: chapter ${ch.number} has ${ch.sections.length} sections, need 3`);
    }
    for (const s of ch.sections) {
      if (!s.content) problems.push(`${category.code} guide: section ${ch.number}.${s.number} is empty`);
    }
  }
  for (const area of category.areas) {
    const covered = chapters.some((ch) =>
      ch.sections.some((s) => {
        const title = `${ch.title} ${s.title}`.toLowerCase();
        return area.keywords.some((k) => title.includes(k.toLowerCase()));
      }),
    );
    if (!covered) {
      problems.push(
        `${category.code} guide: no chapter/section title covers "${area.name}" (use one of: ${area.keywords.join(', ')})`,
      );
    }
  }
  return problems;
}
