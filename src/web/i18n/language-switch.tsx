import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../domain/locale';
import { useAuth } from '../app/auth-context';
import { useSavePreferences } from '../features/auth';
import { useLocale } from './i18n-provider';

/**
 * The language picker (header, account menu, sign-in and sign-up forms); signed in, the choice is saved on
 * the profile. On a form its label shows (`showLabel`); in a header it is for screen readers only.
 * A choice made on a server-rendered page before React hydrated it reaches `onChange` afterwards
 * (`takeEarlyInput`, ADR 0028).
 */
export function LanguageSwitch({ className = '', showLabel = false }: { className?: string; showLabel?: boolean }) {
  const id = useId();
  const { locale, setLocale } = useLocale();
  const { me } = useAuth();
  const save = useSavePreferences();
  const choose = async (next: string) => {
    if (!isLocale(next) || next === locale) return;
    await setLocale(next);
    if (me) save.mutate({ locale: next });
  };
  return (
    <div className={showLabel ? `space-y-1 ${className}` : `flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className={showLabel ? 'block text-sm font-medium text-slate-800' : 'sr-only'}>
        <FormattedMessage id="common.language" />
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => void choose(event.target.value)}
        className={`${showLabel ? 'block min-h-12 w-full text-base' : 'min-h-11 text-sm'} rounded-lg border border-slate-300 bg-white px-2 font-medium text-slate-800 focus:border-blue-600 focus:ring-2 focus:ring-blue-600/30 focus:outline-none`}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
