import type { Letter } from './content/letters';
import type { ItemTranslation } from './content/schemas';

/**
 * What of an item's Spanish text may be sent, by the same rules as its English (ADR 0024): before an
 * answer, the stem and options; with a reveal, the explanation and the reason the chosen option is wrong.
 */
export function spanishQuestion(es: ItemTranslation | null | undefined) {
  return es ? { question: es.question, options: es.options, exhibit: es.exhibit ?? null } : null;
}

/** Why the chosen option is wrong, in either language: only for a wrong choice, never for a right or blank one. */
export function shownReason(
  whyWrong: Partial<Record<Letter, string>>,
  selected: Letter | null,
  correct: boolean,
): string | null {
  return correct || !selected ? null : (whyWrong[selected] ?? null);
}

export function spanishReveal(es: ItemTranslation | null | undefined, selected: Letter | null, correct: boolean) {
  if (!es) return null;
  return { explanation: es.explanation, whyWrong: shownReason(es.whyWrong, selected, correct) };
}
