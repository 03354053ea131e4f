import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { isLocale, LOCALES, type Locale } from '../../domain/locale';
import { useAuth } from '../app/auth-context';
import { useSavePreferences } from '../features/auth/api';
import { useLocale } from './i18n-provider';

/** Each language named in itself, so a reader finds theirs whatever the page's language. */
const NATIVE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

/** The language picker (header, sign-up form); signed in, the choice is saved on the profile. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const id = useId();
  const { locale, setLocale } = useLocale();
  const { me } = useAuth();
  const save = useSavePreferences();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        <FormattedMessage id="common.language" />
      </label>
      <select
        id={id}
        value={locale}
        onChange={async (event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          await setLocale(next);
          if (me) save.mutate({ locale: next });
        }}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-800 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {NATIVE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
