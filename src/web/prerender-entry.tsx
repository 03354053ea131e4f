import { type ReactNode, StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, StaticRouter } from 'react-router';
import { FORMAT_LOCALE, type Locale } from '../domain/locale';
import { ENTRY_PAGES } from './app/entry-pages';
import HomePage from './features/home/home-page';
import { switchLocale } from './i18n/catalogue-store';
import { provideSsrData } from './lib/ssr-data';

// As text: the same files are the catalogue store's lazy imports, and the SSR build would warn on each.
const catalogues = import.meta.glob<string>('./i18n/catalogues/*/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Every catalogue of one language, merged (the homepage is rendered once per language). */
function messagesFor(locale: Locale): Record<string, string> {
  return Object.assign(
    {},
    ...Object.entries(catalogues)
      .filter(([path]) => path.includes(`/catalogues/${locale}/`))
      .map(([, text]) => JSON.parse(text) as Record<string, string>),
  );
}

/**
 * Build-time only: the homepage as static HTML, per language and for signed-out or signed-in visitors
 * (scripts/prerender.ts writes each variant; the server picks one per request).
 */
export function renderHome(locale: Locale = 'en', signedIn = false): string {
  return renderToStaticMarkup(
    <IntlProvider locale={FORMAT_LOCALE[locale]} defaultLocale="en-US" messages={messagesFor(locale)}>
      <MemoryRouter>
        <HomePage signedIn={signedIn} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

/** The page's title and description in one language, for the prerendered file's <head>. */
export function renderHead(locale: Locale = 'en'): { title: string; description: string } {
  const messages = messagesFor(locale);
  const message = (id: string): string => {
    const text = messages[id];
    if (text === undefined) throw new Error(`The ${locale} catalogue has no '${id}' message`);
    return text;
  };
  return { title: message('home.meta.title'), description: message('home.meta.description') };
}

/** The server-rendered entry paths (ADR 0028), for scripts/prerender.ts. */
export const ENTRY_PATHS = Object.keys(ENTRY_PAGES);

/**
 * Build-time only: an entry page (`/sign-in`, `/free-test?…`) rendered by the app itself — the same providers,
 * routes and page as the browser's first render — for `hydrateRoot` to take over (src/web/main.tsx). `data`
 * is what the page reads through `ssrData` (the free test's questions, the plans); the page file carries it
 * too, so the hydration render has the same.
 */
export async function renderEntryPage(url: string, locale: Locale, data: Record<string, unknown>): Promise<string> {
  const path = new URL(url, 'http://localhost').pathname;
  const page = ENTRY_PAGES[path];
  if (!page) throw new Error(`${path} is not a server-rendered entry page`);
  // Loaded lazily: the homepage's unit test imports this file without the app and its build-only modules.
  const { App } = await import('./app/app');
  await switchLocale(locale);
  await page.preload();
  provideSsrData(data);
  // biome-ignore lint/correctness/noComponentHookFactories: one render per call, at build time
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  return renderToString(
    <StrictMode>
      <App Router={Router} />
    </StrictMode>,
  );
}
