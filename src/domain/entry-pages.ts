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
 * itself is never in the HTML).
 */
export const ENTRY_PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/reset-password': ['lang', 'token'],
};
const DEFAULT_PARAMS = ['lang'];

export function entryPageParams(path: string): readonly string[] {
  return ENTRY_PAGE_PARAMS[path] ?? DEFAULT_PARAMS;
}

/** The variants of an entry page: the reset page has one with a link's token (the form) and one without. */
export type EntryVariant = 'default' | 'with-token';

export function entryPageVariants(path: string): EntryVariant[] {
  return path === '/reset-password' ? ['default', 'with-token'] : ['default'];
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
