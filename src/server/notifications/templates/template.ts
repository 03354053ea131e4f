import type { z } from 'zod';
import type { Locale } from '../../../domain/locale';

/** Who reads it, for their words, dates and day boundaries. */
export interface TemplateContext {
  locale: Locale;
  timeZone: string;
}

/**
 * One message's words in one language. The in-app entry shows `title` and `body`; the e-mail has `subject`,
 * the title as its heading, the body, `details` (lines the mail lists), a button of `action` to the
 * message's link, and a footer that says `reason` ("you are this shop's manager") and how to stop it.
 */
export interface MessageParts {
  subject: string;
  title: string;
  body: string;
  details?: string[];
  action: string;
  reason: string;
}

/**
 * A kind of message: the params `notify()` stores (checked when it is made) and its words in each language.
 * Adding a kind is a file that exports one of these and a line in `index.ts`.
 */
export interface NotificationTemplate<S extends z.ZodType = z.ZodType> {
  params: S;
  render(params: z.output<S>, context: TemplateContext): MessageParts;
}

export function defineTemplate<S extends z.ZodType>(template: NotificationTemplate<S>): NotificationTemplate<S> {
  return template;
}
