import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { type IntlConfig, IntlProvider, useIntl } from 'react-intl';
import { FORMAT_LOCALE, type Locale } from '../../domain/locale';
import { ApiError } from '../lib/api-client';
import { getSnapshot, type Messages, subscribe, switchLocale } from './catalogue-store';
import { rememberLocale } from './locale-preference';

interface LocaleState {
  locale: Locale;
  /** Switches the language now and remembers it (and, signed in, the profile keeps it: see LocaleSync). */
  setLocale: (locale: Locale) => Promise<void>;
}

type IntlMessages = IntlConfig['messages'];

const LocaleContext = createContext<LocaleState | null>(null);

/** One language's messages, fixed for a render on the server (src/web/prerender-entry.tsx). */
export interface FixedCatalogue {
  locale: Locale;
  messages: Messages;
}

/**
 * react-intl's provider fed by the catalogue store (ADR 0009), or by `fixed` on the server. Dates and times are
 * shown in `timeZone` when given (the signed-in user's, which the server renders with too), else the browser's.
 */
export function I18nProvider({
  children,
  fixed,
  timeZone,
}: {
  children: ReactNode;
  fixed?: FixedCatalogue | undefined;
  timeZone?: string | undefined;
}) {
  const stored = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const { locale, messages } = fixed ?? stored;
  const setLocale = useCallback(async (next: Locale) => {
    await switchLocale(next);
    rememberLocale(next);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext.Provider value={value}>
      {/* One kind of message per build: all strings (dev, tests) or all ASTs (the build, vite.config.ts). */}
      <IntlProvider
        locale={FORMAT_LOCALE[locale]}
        defaultLocale="en-US"
        messages={messages as IntlMessages}
        timeZone={timeZone}
      >
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
 * The words for a message id — a contract's zod message (`messages.auth.emailRequired`) or any catalogue key —
 * in the user's language (ADR 0050). Text that is not an id passes through: words already translated (a server
 * error shown by a field) or zod's own English where a schema names no id. `catalogues.test.ts` fails when an
 * id named in code lacks an entry, so an id never shows raw.
 */
export function useMessage(): (
  id: string | null | undefined,
  values?: Record<string, string | number>,
) => string | undefined {
  const intl = useIntl();
  return useCallback(
    (id, values) => {
      if (!id) return undefined;
      return id in intl.messages ? intl.formatMessage({ id }, values) : id;
    },
    [intl],
  );
}

/**
 * The words to show for a failed call, in the user's language: the catalogue's `errors.<key>` (the server's
 * code, or the more precise id it named) or, for a broken contract, its `messages.*` id, with the error's
 * details as arguments — never its English text (ADR 0050). An id the catalogue does not know shows the
 * generic UNEXPECTED message.
 */
export function useErrorText(): (error: unknown) => string {
  const intl = useIntl();
  return useCallback(
    (error) => {
      // A contract's message (`messages.…`, a 400 VALIDATION_FAILED) is named in full; a server error by its id.
      const key = error instanceof ApiError ? error.key : '';
      const id = key.startsWith('messages.') ? key : `errors.${key}`;
      if (!(id in intl.messages)) return intl.formatMessage({ id: 'errors.UNEXPECTED' });
      const { details } = error as ApiError;
      const values = details && typeof details === 'object' && !Array.isArray(details) ? details : undefined;
      return intl.formatMessage({ id }, values as Record<string, string> | undefined);
    },
    [intl],
  );
}
