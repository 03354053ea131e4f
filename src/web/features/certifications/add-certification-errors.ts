import { EARLIEST_OBTAINED_DATE } from '../../../domain/certifications';

/** The add form's message ids: `both` when the two required fields are empty, else each field's own. */
export interface AddCertificationErrors {
  category?: string;
  obtained?: string;
  /**
   * The spec's one message names both fields ('Please select a certification and enter the date obtained'):
   * with both empty it is said once, for the pair, rather than twice under each.
   */
  both?: string;
}

const REQUIRED = 'messages.certifications.required';

/** What is wrong with the add form (`today` is the browser's calendar day, YYYY-MM-DD like the date input). */
export function addCertificationErrors({
  categoryId,
  obtainedDate,
  today,
}: {
  categoryId: string;
  obtainedDate: string;
  today: string;
}): AddCertificationErrors {
  if (!categoryId && !obtainedDate) return { both: REQUIRED };
  return {
    category: categoryId ? undefined : REQUIRED,
    obtained: !obtainedDate
      ? REQUIRED
      : obtainedDate > today
        ? 'messages.certifications.futureDate'
        : obtainedDate < EARLIEST_OBTAINED_DATE
          ? 'messages.certifications.tooEarly'
          : undefined,
  };
}

export const hasAddCertificationErrors = (errors: AddCertificationErrors) =>
  Boolean(errors.both || errors.category || errors.obtained);
