import { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, StaticRouter } from 'react-router';
import { BOOTSTRAPPED_ROUTES, isBootstrappedRoute } from '../domain/app-bootstrap';
import { FORMAT_LOCALE, type Locale } from '../domain/locale';
import { ENTRY_PAGES, SIGNED_IN_PAGES } from './app/entry-pages';
import HomePage from './features/home/home-page';
import { cataloguesIn, switchLocale } from './i18n/catalogue-store';
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

/** React's mark of a Suspense boundary the server could not finish, left for the browser to render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * Per request, on the server: a signed-in dashboard (`/app`, `/manager`) rendered with its visitor's first data
 * (the bootstrap the same HTML carries, which the browser seeds its cache from before it hydrates: ADR 0054),
 * in the language the server chose. Nothing here is shared between requests: the query client is this
 * render's own, the language is fixed for it, and the render itself is synchronous, so requests cannot
 * interleave inside it. Null when the page cannot be rendered whole (a part still waiting for its code):
 * the server then sends the skeleton, and the browser renders the page.
 */
export async function renderSignedInPage(
  url: string,
  locale: Locale,
  data: Record<string, unknown>,
): Promise<string | null> {
  const path = new URL(url, 'http://localhost').pathname;
  if (!isBootstrappedRoute(path)) throw new Error(`${path} is not a server-rendered signed-in page`);
  const [{ App }, { bootstrapSession, seedQueries }] = await Promise.all([
    import('./app/app'),
    import('./app/route-data'),
  ]);
  // Dates are shown in the profile's time zone, which the browser saves there on its first visit; before that
  // the server cannot know the browser's, and the page would not hydrate as rendered.
  if (!bootstrapSession(data)?.user.timeZone) return null;
  const [messages] = await Promise.all([
    cataloguesIn(locale, BOOTSTRAPPED_ROUTES[path].namespaces),
    SIGNED_IN_PAGES[path].preload(),
  ]);
  // Nothing is fetched on the server (queries fetch from effects, which a server render does not run): what the
  // page has no data for renders as loading, as the browser's first render does.
  const client = new QueryClient();
  seedQueries(client, data);
  // biome-ignore lint/correctness/noComponentHookFactories: one render per call
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const html = renderToString(
    <StrictMode>
      <App Router={Router} client={client} language={{ locale, messages }} />
    </StrictMode>,
  );
  client.clear();
  return html.includes(CLIENT_RENDERED_BOUNDARY) ? null : html;
}
