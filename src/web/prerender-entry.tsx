import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { FORMAT_LOCALE, type Locale } from '../domain/locale';
import HomePage from './features/home/home-page';

const catalogues = import.meta.glob<{ default: Record<string, string> }>('./i18n/catalogues/*/*.json', {
  eager: true,
});

/** Every catalogue of one language, merged (the homepage is rendered once per language). */
function messagesFor(locale: Locale): Record<string, string> {
  return Object.assign(
    {},
    ...Object.entries(catalogues)
      .filter(([path]) => path.includes(`/catalogues/${locale}/`))
      .map(([, module]) => module.default),
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
