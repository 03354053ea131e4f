import { useCallback, useSyncExternalStore } from 'react';
import { useLocale } from '../../i18n/i18n-provider';

/**
 * Which language a content item (question, options, explanation) shows in (ADR 0024): a
 * technician who reads Spanish sees a translated item in Spanish, and may turn any one item to English
 * with one tap (the real test may be taken in English); untranslated items show in English. The choice
 * holds for the item wherever it appears in this visit (runner, results), so the review matches the test.
 */
const shownInEnglish = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type ItemLanguage = 'en' | 'es';

export interface ItemLanguageState {
  /** The language the item's words are shown in. */
  language: ItemLanguage;
  /** The reader's language is Spanish and the item has Spanish words: offer the toggle. */
  canToggle: boolean;
  /** The reader's language is Spanish but the item is not translated yet: say so. */
  untranslated: boolean;
  toggle: () => void;
}

export function useItemLanguage(itemId: string, translated: boolean): ItemLanguageState {
  const { locale } = useLocale();
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const toggle = useCallback(() => {
    if (shownInEnglish.has(itemId)) shownInEnglish.delete(itemId);
    else shownInEnglish.add(itemId);
    version++;
    for (const listener of listeners) listener();
  }, [itemId]);
  const spanishReader = locale === 'es';
  return {
    language: spanishReader && translated && !shownInEnglish.has(itemId) ? 'es' : 'en',
    canToggle: spanishReader && translated,
    untranslated: spanishReader && !translated,
    toggle,
  };
}

/** An item's words in the language chosen: the Spanish where shown in Spanish, else the English. */
export function pick<T>(language: ItemLanguage, english: T, spanish: T | null | undefined): T {
  return language === 'es' && spanish != null ? spanish : english;
}
