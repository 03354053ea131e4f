import type { MessageFormatElement } from 'react-intl';
import { DEFAULT_LOCALE, type Locale } from '../../domain/locale';

/**
 * The message catalogues the client has loaded, per locale. Catalogues are split by namespace
 * (`catalogues/<locale>/<namespace>.json`, keys `namespace.key`) and loaded with the route that
 * needs them, so a page ships only its own words (ADR 0009).
 */
export type Messages = Record<string, Message>;
/** A message as its catalogue has it (dev server, tests) or compiled to react-intl's AST (the build: vite.config.ts). */
export type Message = string | MessageFormatElement[];

// Not the preloaded ones: they are in the entry already.
const loaders = import.meta.glob<{ default: Messages }>(['./catalogues/*/*.json', '!./catalogues/en/common.json']);
/**
 * The words every page needs, in the source language, ship with the entry: no round trip before first paint.
 * `errors` (one message per server error) and `messages` (the contracts' form and success messages, ADR 0050)
 * come with every route's own namespaces instead.
 */
const preloaded = import.meta.glob<{ default: Messages }>('./catalogues/en/common.json', { eager: true });

/** Namespaces every page uses; a route adds its own through `lazyPage`. */
export const BASE_NAMESPACES = ['common', 'errors', 'messages'] as const;
const loaded = new Set<string>(['en/common']);
const requested = new Set<string>(BASE_NAMESPACES);
const messages: Record<Locale, Messages> = {
  en: Object.assign({}, ...Object.values(preloaded).map((m) => m.default)),
  es: {},
};
let current: Locale = DEFAULT_LOCALE;
let snapshot = { locale: current, messages: messages[current] };
const listeners = new Set<() => void>();

function publish() {
  snapshot = { locale: current, messages: messages[current] };
  for (const listener of listeners) listener();
}

async function loadOne(locale: Locale, namespace: string) {
  const id = `${locale}/${namespace}`;
  if (loaded.has(id)) return;
  const loader = loaders[`./catalogues/${id}.json`];
  if (!loader) throw new Error(`Missing message catalogue ${id}`);
  const catalogue = (await loader()).default;
  loaded.add(id);
  messages[locale] = { ...messages[locale], ...catalogue };
}

/**
 * Loads namespaces for the current locale (and remembers them, so a language switch loads them in
 * the new one), with `errors` and `messages`: any page may show a failed call or a form's message.
 */
export async function loadNamespaces(namespaces: readonly string[], locale: Locale = current) {
  for (const ns of namespaces) requested.add(ns);
  const wanted = new Set([...namespaces, 'errors', 'messages']);
  await Promise.all([...wanted].map((ns) => loadOne(locale, ns)));
  if (locale === current) publish();
}

/**
 * Switches language once every namespace seen so far is loaded in it — including those a page asked for
 * while the switch was loading (signing in on a new device switches to the profile's language while the
 * dashboard's namespaces are still loading in the old one).
 */
export async function switchLocale(locale: Locale) {
  let wanted: string[];
  do {
    wanted = [...requested];
    await loadNamespaces(wanted, locale);
  } while (requested.size > wanted.length);
  current = locale;
  publish();
}

/**
 * Every message of one language once the given namespaces (and the base ones) are loaded in it, without
 * switching the app's language: for a render on the server, where requests in different languages interleave.
 */
export async function cataloguesIn(locale: Locale, namespaces: readonly string[]): Promise<Messages> {
  await Promise.all([...new Set([...BASE_NAMESPACES, ...namespaces])].map((ns) => loadOne(locale, ns)));
  return messages[locale];
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSnapshot() {
  return snapshot;
}
