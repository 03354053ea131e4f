import { type IntlShape, useIntl } from 'react-intl';

/** An ASE area's words by code, in the reader's language, from the English the API sent. */
export type CategoryText = (code: string, english: string) => string;

/** The eight ASE areas' names by code, in `common` so every page has them. */
export const CATEGORY_NAME_KEYS: Readonly<Record<string, string>> = {
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
 * The eight areas' descriptions by code, in `tech`: only the category cards of the technician's dashboard
 * and Practice page show them, and both load that namespace (the entry's English `common` stays small).
 */
export const CATEGORY_DESCRIPTION_KEYS: Readonly<Record<string, string>> = {
  A1: 'tech.categories.description.A1',
  A2: 'tech.categories.description.A2',
  A3: 'tech.categories.description.A3',
  A4: 'tech.categories.description.A4',
  A5: 'tech.categories.description.A5',
  A6: 'tech.categories.description.A6',
  A7: 'tech.categories.description.A7',
  A8: 'tech.categories.description.A8',
};

/**
 * Category names and descriptions arrive from the API in English (the data is language-neutral, ADR 0009):
 * the message of the code's key, or the English it came with for a code we do not know or a namespace
 * that is not loaded.
 */
export function categoryText(intl: IntlShape, keys: Readonly<Record<string, string>>): CategoryText {
  return (code, english) => {
    const key = keys[code];
    return key && intl.messages[key] ? intl.formatMessage({ id: key }) : english;
  };
}

/** An ASE area's name in the reader's language. */
export function useCategoryName(): CategoryText {
  return categoryText(useIntl(), CATEGORY_NAME_KEYS);
}

/** An ASE area's description in the reader's language (a page that shows it loads `tech`). */
export function useCategoryDescription(): CategoryText {
  return categoryText(useIntl(), CATEGORY_DESCRIPTION_KEYS);
}
