import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { HomePage } from './features/home/home-page';

/** Build-time only: the homepage as static HTML (scripts/prerender.ts writes it to dist/client/home.html). */
export function renderHome(): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}
