import { useIntl } from 'react-intl';

/** The eight ASE areas' names by code (SPEC §1), in `common` so every page has them. */
const CATEGORY_KEYS: Record<string, string> = {
  A1: 'common.area.A1',
  A2: 'common.area.A2',
  A3: 'common.area.A3',
  A4: 'common.area.A4',
  A5: 'common.area.A5',
  A6: 'common.area.A6',
  A7: 'common.area.A7',
  A8: 'common.area.A8',
};

/**
 * An ASE area's name in the reader's language. Category names arrive from the API in English (the data is
 * language-neutral, ADR 0009); a code we do not know keeps the name it came with.
 */
export function useCategoryName(): (code: string, englishName: string) => string {
  const intl = useIntl();
  return (code, englishName) => {
    const key = CATEGORY_KEYS[code];
    return key && intl.messages[key] ? intl.formatMessage({ id: key }) : englishName;
  };
}
