import { FormattedDate } from 'react-intl';

/** A certification's calendar date (`YYYY-MM-DD`), in the reader's language, the same day in every time zone. */
export const day = (iso: string) => <FormattedDate value={`${iso}T12:00:00Z`} dateStyle="medium" timeZone="UTC" />;
