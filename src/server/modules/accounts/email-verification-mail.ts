import type { Locale } from '../../../domain/locale';
import { greeting, linkMail } from '../../mail/link-mail';
import type { Mail } from '../../mail/mailer';

/** The client page that takes the token (src/web/features/account/verify-email-page.tsx). */
export function emailVerificationLink(baseUrl: string, token: string): string {
  return `${baseUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

/** The mail's words in each language: written to the user directly, so in their profile's language. */
const WORDS: Record<Locale, { subject: string; ask: string; expiry: (hours: number) => string }> = {
  en: {
    subject: 'Verify your TorquePrep e-mail address',
    ask: 'To confirm this is your e-mail address, open this link. Once it is verified, your Master Challenge results appear on the global leaderboard.',
    expiry: (hours) =>
      `The link works once and expires in ${hours} hours. If you did not create a TorquePrep account, ignore this e-mail.`,
  },
  es: {
    subject: 'Verifica tu correo de TorquePrep',
    ask: 'Para confirmar que este correo es tuyo, abre este enlace. Una vez verificado, tus resultados del Master Challenge aparecen en la clasificación global.',
    expiry: (hours) =>
      `El enlace funciona una sola vez y vence en ${hours} horas. Si no creaste una cuenta de TorquePrep, ignora este correo.`,
  },
};

/** The e-mail sent after sign-up and on "Resend": one link, how long it works, and what to do if it was not you. */
export function emailVerificationMail(input: {
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
    link: emailVerificationLink(input.baseUrl, input.token),
    expiry: words.expiry(Math.round(input.ttlSeconds / 3600)),
  });
}
