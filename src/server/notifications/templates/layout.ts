import type { Locale } from '../../../domain/locale';
import type { MessageParts } from './template';

export interface EmailLinks {
  /** The message's link, absolute (BASE_URL + the app path). */
  link: string;
  /** The web page that turns this kind's e-mails off with one click (no sign-in). */
  unsubscribeUrl: string;
  /** The profile screen where every choice is. */
  preferencesUrl: string;
}

const FOOTER = {
  en: {
    because: (reason: string) => `You received this e-mail because ${reason}.`,
    stop: 'Stop e-mails like this one',
    choose: 'Choose which e-mails you get',
  },
  es: {
    because: (reason: string) => `Recibiste este correo porque ${reason}.`,
    stop: 'No recibir más correos como este',
    choose: 'Elegir qué correos recibes',
  },
} as const;

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The e-mail's plain-text and HTML bodies, from the same parts: the same words, links and footer in both. */
export function renderEmail(parts: MessageParts, locale: Locale, links: EmailLinks): { text: string; html: string } {
  const footer = FOOTER[locale];
  const details = parts.details ?? [];
  const text = [
    parts.title,
    '',
    parts.body,
    ...(details.length > 0 ? ['', ...details.map((line) => `- ${line}`)] : []),
    '',
    `${parts.action}: ${links.link}`,
    '',
    '--',
    footer.because(parts.reason),
    `${footer.stop}: ${links.unsubscribeUrl}`,
    `${footer.choose}: ${links.preferencesUrl}`,
    'TorquePrep',
  ].join('\n');

  const e = escapeHtml;
  const list =
    details.length > 0
      ? `<ul style="padding-left:20px">${details.map((line) => `<li>${e(line)}</li>`).join('')}</ul>`
      : '';
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${e(parts.title)}</h1>
<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${e(parts.body)}</p>
${list}
<p style="margin:24px 0"><a href="${e(links.link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-size:16px">${e(parts.action)}</a></p>
<hr style="border:none;border-top:1px solid #e4e7eb;margin:24px 0">
<p style="font-size:13px;color:#52606d;line-height:1.5;margin:0">${e(footer.because(parts.reason))}<br>
<a href="${e(links.unsubscribeUrl)}" style="color:#52606d">${e(footer.stop)}</a> · <a href="${e(links.preferencesUrl)}" style="color:#52606d">${e(footer.choose)}</a></p>
<p style="font-size:13px;color:#52606d;margin:8px 0 0">TorquePrep</p>
</div></body></html>`;
  return { text, html };
}
