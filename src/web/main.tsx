// First, before any module can build a schema (see the file).
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isBootstrappedRoute } from '../domain/app-bootstrap';
import { isLocale } from '../domain/locale';
import { App } from './app/app';
import { ENTRY_PAGES, SIGNED_IN_PAGES } from './app/entry-pages';
import { switchLocale } from './i18n/catalogue-store';
import { initialLocale } from './i18n/locale-preference';
import { holdEarlyActions } from './lib/early-actions';
import { pageHydration, startPageHydration } from './lib/page-hydration';
import './styles.css';

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * A server-rendered page (scripts/prerender.ts and the server mark its root with the path it was rendered for) is
 * hydrated, not rendered again: its first client render must equal the HTML, so it is rendered in the language
 * the server chose, with the page's code and catalogues already loaded (ADR 0028). Any other page is rendered
 * here from the loading placeholder.
 *
 * Not top-level await: the page's chunk imports shared code from this entry chunk, and a dynamic import of a
 * module that imports a module still suspended at a top-level await never settles.
 */
async function start(root: HTMLElement) {
  const rendered = root.dataset.ssr;
  // An entry page (rendered at build time) or a signed-in dashboard (per request, with the data its HTML carries).
  const entryPage =
    rendered !== location.pathname
      ? undefined
      : isBootstrappedRoute(rendered)
        ? SIGNED_IN_PAGES[rendered]
        : ENTRY_PAGES[rendered];
  const serverLocale = document.documentElement.lang;
  if (entryPage && isLocale(serverLocale)) {
    // Buttons pressed and forms sent from now until React hears them, done again then (a page that cannot load
    // lets its forms post as HTML).
    const actions = holdEarlyActions(root);
    // The HTML is the page: it is painted before the page's code is asked for, which then neither competes
    // with the first paint nor lengthens the task that runs this script.
    await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
    // What the visitor does to the forms while the page is plain HTML, told to React once it has hydrated them
    // (its own small chunk, outside the shell's budget: a change made before it loads still shows in the form).
    const [{ takeEarlyInput }] = await Promise.all([
      import('./lib/early-input'),
      switchLocale(serverLocale),
      entryPage.preload(),
    ]).catch((error: unknown) => {
      actions.release(false);
      throw error;
    });
    const replayEarlyInput = takeEarlyInput(root, actions);
    // This browser chose another language than the server saw (in its storage, no cookie yet): switched once
    // hydrated — a switch while React hydrates would change the words under it. A signed-in page is already in
    // the profile's language, which wins on every device (i18n/locale-sync.tsx).
    const preferred = rendered && isBootstrappedRoute(rendered) ? serverLocale : initialLocale();
    startPageHydration();
    void pageHydration().then(() => {
      replayEarlyInput();
      if (preferred === serverLocale) return;
      document.documentElement.lang = preferred;
      void switchLocale(preferred);
    });
    // In a transition React hydrates a few milliseconds at a time, not in one long task that blocks the page.
    startTransition(() => {
      hydrateRoot(root, app, {
        // A mismatch is a bug (tests/e2e/hydration.e2e.ts fails on it): said in the console, in production too.
        onRecoverableError: (error, info) => console.error('Hydration error:', error, info.componentStack ?? ''),
      });
    });
    return;
  }
  const locale = initialLocale();
  document.documentElement.lang = locale;
  await switchLocale(locale);
  createRoot(root).render(app);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
void start(root);
