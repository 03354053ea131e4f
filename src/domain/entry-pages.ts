import type { Role } from './constants';
import type { Locale } from './locale';

/**
 * The entry pages rendered to HTML at build time and hydrated in the browser (ADR 0028): scripts/prerender.ts
 * writes one file per page, variant and language, and the server (src/server/http/client-pages.ts) sends the
 * right one. The same for every visitor of a language, so nothing about the visitor is in them.
 */
export const ENTRY_PAGE_PATHS = ['/free-test', '/sign-in', '/sign-up', '/forgot-password', '/reset-password', '/plans'];

/**
 * Query parameters an entry page renders the same with. Any other (`/sign-in?next=…`, `/sign-up?shop=…`)
 * changes what the page shows, so that request gets the app shell, rendered in the browser as before.
 * `lang` picks the file's language; the reset link's `token` picks the variant with the form (the token
 * itself is never in the HTML); sign-up's `role` picks the variant with Shop Manager chosen.
 */
export const ENTRY_PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/reset-password': ['lang', 'token'],
  '/sign-up': ['lang', 'role'],
};
const DEFAULT_PARAMS = ['lang'];

export function entryPageParams(path: string): readonly string[] {
  return ENTRY_PAGE_PARAMS[path] ?? DEFAULT_PARAMS;
}

/**
 * The role the sign-up form opens on: Shop Manager for `?role=manager` (the shop trial's buttons), else
 * Technician. An invite link (`?shop=…`) is a technician's, whatever else the address says. The server picks
 * the prerendered file by the same rule, so the HTML and the browser's first render agree (ADR 0028).
 */
export function signUpRoleFromQuery(role: unknown, invited = false): Role {
  return role === 'manager' && !invited ? 'manager' : 'tech';
}

/**
 * The variants of an entry page: the reset page has one with a link's token (the form) and one without; the
 * sign-up page one with Technician chosen and one with Shop Manager chosen.
 */
export type EntryVariant = 'default' | 'with-token' | 'manager';

export function entryPageVariants(path: string): EntryVariant[] {
  if (path === '/reset-password') return ['default', 'with-token'];
  if (path === '/sign-up') return ['default', 'manager'];
  return ['default'];
}

/** The variant a request's query asks for (its parameters being among `entryPageParams(path)`). */
export function entryPageVariant(path: string, query: Readonly<Record<string, unknown>>): EntryVariant {
  if (path === '/reset-password') {
    return typeof query.token === 'string' && query.token !== '' ? 'with-token' : 'default';
  }
  if (path === '/sign-up') return signUpRoleFromQuery(query.role) === 'manager' ? 'manager' : 'default';
  return 'default';
}

/** The address a variant is rendered from at build time (the reset link's token is never in the HTML). */
export function entryPageVariantUrl(path: string, variant: EntryVariant): string {
  if (variant === 'with-token') return `${path}?token=link`;
  if (variant === 'manager') return `${path}?role=manager`;
  return path;
}

/** `/sign-in`, `es` → `page.sign-in.es.html`; the reset link's form → `page.reset-password.with-token.es.html`. */
export function entryPageFile(path: string, locale: Locale, variant: EntryVariant = 'default'): string {
  return `page.${path.slice(1)}${variant === 'default' ? '' : `.${variant}`}.${locale}.html`;
}

/**
 * The id of the `<script type="application/json">` that carries a page's data (src/web/lib/ssr-data.ts). JSON
 * is data, not script, so the CSP (scripts from 'self' only) allows it.
 */
export const SSR_DATA_ELEMENT_ID = 'ssr-data';
