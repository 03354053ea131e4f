/**
 * Which study-guide chapters cover which content areas ("Read <the weakest chapter>",
 * "Quiz me on this chapter"). The content's own rule decides it: an area's keywords are the words a
 * chapter or section title uses when it covers that area (docs/PRODUCT.md#content-standards, `categories.json`).
 */

export interface AreaKeywords {
  name: string;
  keywords: readonly string[];
}

export interface ChapterTitles {
  number: number;
  title: string;
  sections: readonly { title: string }[];
}

/** A chapter title naming a keyword counts this much more than one section title naming it. */
const CHAPTER_TITLE_WEIGHT = 3;
/** Areas scoring at least this share of the chapter's best area are covered by it too. */
const SHARED_CHAPTER_RATIO = 0.6;

/** How strongly a chapter's titles speak of an area: keyword hits, the chapter title weighing most. */
export function areaScore(chapter: ChapterTitles, area: AreaKeywords): number {
  const keywords = area.keywords.map((k) => k.toLowerCase());
  const hits = (title: string) => keywords.filter((k) => title.toLowerCase().includes(k)).length;
  return CHAPTER_TITLE_WEIGHT * hits(chapter.title) + chapter.sections.reduce((sum, s) => sum + hits(s.title), 0);
}

/**
 * The areas a chapter covers: its best-scoring area, and any other scoring nearly as well (a chapter on
 * starting and charging systems covers both). None when no title names any area's keyword.
 */
export function chapterAreas(chapter: ChapterTitles, areas: readonly AreaKeywords[]): string[] {
  const scored = areas.map((a) => ({ name: a.name, score: areaScore(chapter, a) }));
  const best = Math.max(0, ...scored.map((s) => s.score));
  if (best === 0) return [];
  return scored.filter((s) => s.score >= best * SHARED_CHAPTER_RATIO).map((s) => s.name);
}

/**
 * The chapter to read for an area: among the chapters that cover it, the one whose titles speak of it
 * most (the lower number on a tie); else the chapter that names it at all the most; null if none does.
 */
export function chapterForArea(
  chapters: readonly ChapterTitles[],
  areas: readonly AreaKeywords[],
  areaName: string,
): number | null {
  const area = areas.find((a) => a.name === areaName);
  if (!area) return null;
  const ranked = chapters
    .map((c) => ({ number: c.number, score: areaScore(c, area), covers: chapterAreas(c, areas).includes(areaName) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => Number(b.covers) - Number(a.covers) || b.score - a.score || a.number - b.number);
  return ranked[0]?.number ?? null;
}

/**
 * The study-guide section a reviewed question sends its reader to (ADR 0031): in the chapter that
 * covers the question's own content area, the section whose title shares the most of the area's keywords with
 * the question (a question on brake fluid reads "1.2 Brake Fluid Types, Testing and Service"), then the one
 * whose title names the area most, then the first. Null when no chapter covers the area or it has no sections.
 */
export function sectionForQuestion<C extends ChapterTitles>(
  chapters: readonly C[],
  areas: readonly AreaKeywords[],
  areaName: string,
  questionText: string,
): { chapter: C; section: C['sections'][number] } | null {
  const area = areas.find((a) => a.name === areaName);
  const number = chapterForArea(chapters, areas, areaName);
  const chapter = chapters.find((c) => c.number === number);
  if (!area || !chapter) return null;
  const section = sectionInChapter(chapter, area, questionText);
  return section ? { chapter, section } : null;
}

/**
 * `sectionForQuestion` once the area's chapter is known (a caller that has ranked the chapters once, as the
 * results do for every question of a test): the section sharing the most of the area's keywords with the
 * question, then the one naming the area most, then the first. Null when the chapter has no sections.
 */
export function sectionInChapter<S extends { title: string }>(
  chapter: { sections: readonly S[] },
  area: AreaKeywords,
  questionText: string,
): S | null {
  const keywords = area.keywords.map((k) => k.toLowerCase());
  const question = questionText.toLowerCase();
  const score = (title: string) => {
    const named = keywords.filter((k) => title.toLowerCase().includes(k));
    return { shared: named.filter((k) => question.includes(k)).length, named: named.length };
  };
  const [first, ...others] = chapter.sections;
  if (first === undefined) return null;
  let best = { section: first, ...score(first.title) };
  for (const section of others) {
    const s = score(section.title);
    if (s.shared > best.shared || (s.shared === best.shared && s.named > best.named)) best = { section, ...s };
  }
  return best.section;
}
