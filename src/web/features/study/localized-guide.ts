import type { StudyGuide } from '../../../domain/contracts/practice';
import type { ItemLanguage } from '../item-language';

/** Whether any of the guide's words are in Spanish (then a Spanish reader gets the guide in Spanish). */
export function hasSpanish(guide: StudyGuide): boolean {
  return guide.chapters.some((c) => c.es !== null || c.sections.some((s) => s.es !== null));
}

/**
 * The guide in the language chosen (ADR 0024): each chapter and section in Spanish where it has Spanish
 * words, else in English; `es` is kept so the page can say which sections are still English.
 */
export function localizedGuide(guide: StudyGuide, language: ItemLanguage): StudyGuide {
  if (language === 'en') return guide;
  return {
    ...guide,
    chapters: guide.chapters.map((c) => ({
      ...c,
      ...(c.es ?? {}),
      sections: c.sections.map((s) => ({ ...s, ...(s.es ?? {}) })),
    })),
  };
}
