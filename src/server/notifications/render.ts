import { MANAGER_NOTIFICATION_KINDS } from '../../domain/contracts/notifications';
import type { Locale } from '../../domain/locale';
import { templateOf } from './templates/index';
import { renderEmail } from './templates/layout';
import type { MessageParts, TemplateContext } from './templates/template';

const FALLBACK: Record<Locale, MessageParts> = {
  en: {
    subject: 'News from TorquePrep',
    title: 'News from TorquePrep',
    body: 'Open TorquePrep to see what changed.',
    action: 'Open TorquePrep',
    reason: 'you have a TorquePrep account',
  },
  es: {
    subject: 'Novedades de TorquePrep',
    title: 'Novedades de TorquePrep',
    body: 'Abre TorquePrep para ver qué cambió.',
    action: 'Abrir TorquePrep',
    reason: 'tienes una cuenta de TorquePrep',
  },
};

/**
 * A stored message's words for one reader. Params were checked when it was made; a row whose kind or
 * params a later version no longer reads shows a neutral line rather than failing the whole list.
 */
export function renderMessage(row: { kind: string; params: unknown }, context: TemplateContext): MessageParts {
  const template = templateOf(row.kind);
  const params = template?.params.safeParse(row.params);
  if (!template || !params?.success) return FALLBACK[context.locale];
  return template.render(params.data, context);
}

/** The e-mail of a stored message: subject, and text and HTML from the same parts. */
export function renderMessageEmail(
  row: { kind: string; params: unknown; link: string },
  context: TemplateContext & { baseUrl: string; unsubscribeUrl: string },
) {
  const parts = renderMessage(row, context);
  const { text, html } = renderEmail(parts, context.locale, {
    link: absoluteLink(context.baseUrl, row.link),
    unsubscribeUrl: context.unsubscribeUrl,
    preferencesUrl: `${context.baseUrl}${preferencesPath(row.kind)}`,
  });
  return { subject: parts.subject, text, html };
}

/** BASE_URL + an app path; a stored link is always a path (`/app/...`), never another site. */
export function absoluteLink(baseUrl: string, path: string): string {
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

const MANAGER_KINDS: ReadonlySet<string> = new Set(MANAGER_NOTIFICATION_KINDS);

/** The profile screen that holds the notification choices, the manager's or the technician's. */
export function preferencesPath(kind: string): string {
  return MANAGER_KINDS.has(kind) ? '/manager/profile' : '/app/profile';
}
