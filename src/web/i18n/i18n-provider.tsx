import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { type IntlConfig, IntlProvider, useIntl } from 'react-intl';
import { FORMAT_LOCALE, type Locale } from '../../domain/locale';
import { ApiError } from '../lib/api-client';
import { getSnapshot, literalText, type Messages, subscribe, switchLocale } from './catalogue-store';
import { rememberLocale } from './locale-preference';

interface LocaleState {
  locale: Locale;
  /** Switches the language now and remembers it (and, signed in, the profile keeps it: see LocaleSync). */
  setLocale: (locale: Locale) => Promise<void>;
  /** English catalogue entries, to find the translation of a message that arrived in English. */
  english: Messages;
}

type IntlMessages = IntlConfig['messages'];

const LocaleContext = createContext<LocaleState | null>(null);

/** react-intl's provider fed by the catalogue store (ADR 0009). */
export function I18nProvider({ children }: { children: ReactNode }) {
  const { locale, messages, english } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const setLocale = useCallback(async (next: Locale) => {
    await switchLocale(next);
    rememberLocale(next);
  }, []);
  const value = useMemo(() => ({ locale, setLocale, english }), [locale, setLocale, english]);
  return (
    <LocaleContext.Provider value={value}>
      {/* One kind of message per build: all strings (dev, tests) or all ASTs (the build, vite.config.ts). */}
      <IntlProvider locale={FORMAT_LOCALE[locale]} defaultLocale="en-US" messages={messages as IntlMessages}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleState {
  const context = useContext(LocaleContext);
  if (!context) throw new Error('useLocale must be used within I18nProvider');
  return context;
}

/**
 * Translates a message that arrived in English — a form's zod message from a shared contract, or a
 * server error's message — through the `messages` catalogue, whose English entries are those texts
 * exactly (a test holds them equal). Unknown texts pass through unchanged.
 */
export function useMessageText(): (text: string | null | undefined) => string | undefined {
  const intl = useIntl();
  const { english, locale } = useLocale();
  const keyOf = useMemo(() => {
    const map = new Map<string, string>();
    for (const [key, message] of Object.entries(english)) {
      const text = literalText(message);
      if (key.startsWith('messages.') && text !== undefined) map.set(text, key);
    }
    return map;
  }, [english]);
  return useCallback(
    (text) => {
      if (!text) return undefined;
      if (locale === 'en') return text;
      const key = keyOf.get(text);
      return key && intl.messages[key] ? intl.formatMessage({ id: key }) : text;
    },
    [intl, keyOf, locale],
  );
}

/**
 * The words to show for a failed call, in the user's language: the catalogue's `errors.<key>` (the server's
 * code, or the more precise id it named) with the error's details as arguments — never its English text
 * (ADR 0050). A code the catalogue does not know shows the generic UNEXPECTED message.
 */
export function useErrorText(): (error: unknown) => string {
  const intl = useIntl();
  return useCallback(
    (error) => {
      const id = error instanceof ApiError ? `errors.${error.key}` : '';
      if (!(id in intl.messages)) return intl.formatMessage({ id: 'errors.UNEXPECTED' });
      const { details } = error as ApiError;
      const values = details && typeof details === 'object' && !Array.isArray(details) ? details : undefined;
      return intl.formatMessage({ id }, values as Record<string, string> | undefined);
    },
    [intl],
  );
}
