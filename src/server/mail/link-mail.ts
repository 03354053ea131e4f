import type { Locale } from '../../domain/locale';
import type { Mail } from './mailer';

/** How a mail to the user greets them, in their profile's language. */
export function greeting(locale: Locale, name: string): string {
  if (locale === 'es') return name ? `Hola, ${name}:` : 'Hola:';
  return name ? `Hi ${name},` : 'Hi,';
}

/**
 * A mail of one link (password reset, e-mail verification): the greeting, why it was sent, the link, how
 * long it works and what to do if it was not you, signed TorquePrep. Plain text, so every client shows it.
 */
export function linkMail(parts: {
  to: string;
  subject: string;
  greeting: string;
  ask: string;
  link: string;
  expiry: string;
}): Mail {
  const text = [parts.greeting, '', parts.ask, '', parts.link, '', parts.expiry, '', 'TorquePrep'].join('\n');
  return { to: parts.to, subject: parts.subject, text, link: parts.link };
}
