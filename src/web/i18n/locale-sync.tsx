import { useEffect } from 'react';
import { useAuth } from '../app/auth-context';
import { useSavePreferences } from '../features/auth';
import { useLocale } from './i18n-provider';

/**
 * Signed in, the profile's language wins on every device, and the profile learns the browser's
 * time zone (day boundaries for streaks and due dates are the user's own).
 */
export function LocaleSync() {
  const { me } = useAuth();
  const { locale, setLocale } = useLocale();
  const save = useSavePreferences();
  const userId = me?.user.id;
  const profileLocale = me?.user.locale;
  const profileTimeZone = me?.user.timeZone;

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the profile when it (or the user) changes, not the local choice
  useEffect(() => {
    if (profileLocale && profileLocale !== locale) void setLocale(profileLocale);
  }, [userId, profileLocale]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per user and reported zone
  useEffect(() => {
    if (!userId) return;
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (timeZone && timeZone !== profileTimeZone) save.mutate({ timeZone });
  }, [userId, profileTimeZone]);

  return null;
}
