import type { ParsedChapter, ParsedSection } from '../../domain/content/study-guide';

/** A study guide with its Spanish text, where it has one (ADR 0024). */
export interface GuideWithSpanish {
  code: string;
  chapters: (Omit<ParsedChapter, 'sections'> & {
    es: { title: string; description: string } | null;
    sections: (ParsedSection & { es: { title: string; content: string } | null })[];
  })[];
}

type SpanishChapter = { number: number; title: string; description: string };

/**
 * Pairs an English guide with its Spanish guide (content/study-guides/es/) and the Spanish chapter
 * descriptions (content/es/chapters.json). The Spanish guide must have the English one's chapters and
 * sections, numbered alike, so each section shows in either language; a chapter description list must
 * name only chapters the guide has. The Spanish guide's own chapter text wins over the list's.
 */
export function withSpanishGuide(
  code: string,
  english: ParsedChapter[],
  spanish: ParsedChapter[] | null,
  chapterList: SpanishChapter[] | null,
): GuideWithSpanish {
  const outline = (chapters: ParsedChapter[]) =>
    chapters.map((c) => `${c.number}:${c.sections.map((s) => s.number).join(',')}`).join(' ');
  if (spanish && outline(spanish) !== outline(english)) {
    throw new Error(
      `the Spanish guide's chapters and sections (${outline(spanish)}) differ from the English (${outline(english)})`,
    );
  }
  const listed = new Map((chapterList ?? []).map((c) => [c.number, c]));
  for (const number of listed.keys()) {
    if (!english.some((c) => c.number === number))
      throw new Error(`content/es/chapters.json names chapter ${number}, which the guide lacks`);
  }
  return {
    code,
    chapters: english.map((chapter, i) => {
      const translated = spanish?.[i];
      const es = translated ?? listed.get(chapter.number) ?? null;
      return {
        ...chapter,
        es: es ? { title: es.title, description: es.description } : null,
        sections: chapter.sections.map((section, j) => {
          const s = translated?.sections[j];
          return { ...section, es: s ? { title: s.title, content: s.content } : null };
        }),
      };
    }),
  };
}

export interface SpanishCoverage {
  code: string;
  questions: { translated: number; total: number };
  chapters: { translated: number; total: number };
  sections: { translated: number; total: number };
}

/** How much of each category is in Spanish: the content check prints it. */
export function spanishCoverage(content: {
  categories: { code: string }[];
  questions: { category: string; es?: unknown }[];
  guides: GuideWithSpanish[];
}): SpanishCoverage[] {
  return content.categories.map(({ code }) => {
    const questions = content.questions.filter((q) => q.category === code);
    const chapters = content.guides.find((g) => g.code === code)?.chapters ?? [];
    const sections = chapters.flatMap((c) => c.sections);
    return {
      code,
      questions: { translated: questions.filter((q) => q.es).length, total: questions.length },
      chapters: { translated: chapters.filter((c) => c.es).length, total: chapters.length },
      sections: { translated: sections.filter((s) => s.es).length, total: sections.length },
    };
  });
}
