import type { Locale } from '../../../domain/locale';
import { greeting, linkMail } from '../../mail/link-mail';
import type { Mail } from '../../mail/mailer';

/** The client page that takes the token and the new password (src/web/features/account/reset-password-page.tsx). */
export function passwordResetLink(baseUrl: string, token: string): string {
  return `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** The mail's words in each language: the server writes to the user directly here, so in their profile's language. */
const WORDS: Record<Locale, { subject: string; ask: string; expiry: (minutes: number) => string }> = {
  en: {
    subject: 'Reset your TorquePrep password',
    ask: 'Someone asked to reset the password of your TorquePrep account. To choose a new password, open this link:',
    expiry: (minutes) =>
      `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
  },
  es: {
    subject: 'Restablece tu contraseña de TorquePrep',
    ask: 'Alguien pidió restablecer la contraseña de tu cuenta de TorquePrep. Para elegir una contraseña nueva, abre este enlace:',
    expiry: (minutes) =>
      `El enlace funciona una sola vez y vence en ${minutes} minutos. Si no lo pediste, ignora este correo: tu contraseña no cambia.`,
  },
};

/** The e-mail better-auth's reset flow sends: one link, how long it works, and what to do if it was not you. */
export function passwordResetMail(input: {
  baseUrl: string;
  ttlSeconds: number;
  email: string;
  name: string;
  token: string;
  locale: Locale;
}): Mail {
  const words = WORDS[input.locale];
  return linkMail({
    to: input.email,
    subject: words.subject,
    greeting: greeting(input.locale, input.name),
    ask: words.ask,
    link: passwordResetLink(input.baseUrl, input.token),
    expiry: words.expiry(Math.round(input.ttlSeconds / 60)),
  });
}
