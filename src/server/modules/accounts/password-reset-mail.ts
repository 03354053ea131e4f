import type { Mail } from '../../mail/mailer';

/** The client page that takes the token and the new password (src/web/features/account/reset-password-page.tsx). */
export function passwordResetLink(baseUrl: string, token: string): string {
  return `${baseUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** The e-mail better-auth's reset flow sends: one link, how long it works, and what to do if it was not you. */
export function passwordResetMail(input: {
  baseUrl: string;
  ttlSeconds: number;
  email: string;
  name: string;
  token: string;
}): Mail {
  const link = passwordResetLink(input.baseUrl, input.token);
  const minutes = Math.round(input.ttlSeconds / 60);
  const greeting = input.name ? `Hi ${input.name},` : 'Hi,';
  const text = [
    greeting,
    '',
    'Someone asked to reset the password of your TorquePrep account. To choose a new password, open this link:',
    '',
    link,
    '',
    `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    '',
    'TorquePrep',
  ].join('\n');
  return { to: input.email, subject: 'Reset your TorquePrep password', text, link };
}
