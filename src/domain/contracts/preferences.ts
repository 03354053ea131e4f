import { z } from 'zod';
import { isTimeZone } from '../calendar-day';
import { LOCALES } from '../locale';

/**
 * The user's preferences that follow them to every device: language, time zone, instant feedback. Its own
 * contract, apart from auth.ts, so the sign-in and sign-up pages do not load the calendar helpers.
 */
export const preferencesRequestSchema = z
  .object({
    locale: z.enum(LOCALES).optional(),
    timeZone: z.string().max(64).refine(isTimeZone, 'messages.profile.unknownTimeZone').optional(),
    instantFeedback: z.boolean().optional(),
  })
  .strict();
export type PreferencesRequest = z.input<typeof preferencesRequestSchema>;
