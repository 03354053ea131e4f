import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ManagerDashboardSkeleton } from '../web/features/manager/dashboard-skeleton';
import { TechDashboardSkeleton } from '../web/features/tech/dashboard/dashboard-skeleton';
import { DASHBOARD_SKELETONS, withRenderedPage, withSkeleton } from './app-shell-skeleton';

/** What the app renders while a dashboard loads, without the words for screen readers the server leaves out. */
function appMarkup(component: () => React.ReactNode) {
  const html = renderToStaticMarkup(
    createElement(IntlProvider, { locale: 'en', messages: { 'common.loading': 'Loading…' } }, createElement(component)),
  );
  return html.replace('<span class="sr-only">Loading…</span>', '');
}

describe('the dashboards’ skeletons in the HTML (ADR 0054)', () => {
  it('are the markup the app renders in their place, so nothing moves when it takes over', () => {
    expect(DASHBOARD_SKELETONS['/app']).toBe(appMarkup(TechDashboardSkeleton));
    expect(DASHBOARD_SKELETONS['/manager']).toBe(appMarkup(ManagerDashboardSkeleton));
  });

  it("replace the shell's placeholder in #root and keep its noscript words", () => {
    const shell =
      '<body><div id="root">\n<main class="x"><span class="animate-spin"></span><noscript><p>Needs JS</p></noscript></main>\n</div><script></script></body>';
    const html = withSkeleton(shell, '/app');
    expect(html).not.toContain('animate-spin');
    expect(html).toContain(`<div id="root">${DASHBOARD_SKELETONS['/app']}<noscript><p>Needs JS</p></noscript></div>`);
    expect(html.endsWith('<script></script></body>')).toBe(true);
  });

  it('leave a #root it does not recognise as it is', () => {
    const shell = '<div id="root"><div class="server-rendered">Hello</div></div>';
    expect(withSkeleton(shell, '/manager')).toBe(shell);
    expect(withSkeleton('<p>no root</p>', '/app')).toBe('<p>no root</p>');
  });
});

describe('a dashboard rendered on the server', () => {
  const shell =
    '<html lang="en"><body><div id="root">\n<main><span class="animate-spin"></span><noscript><p>Needs JS</p></noscript></main>\n</div><script></script></body></html>';

  it('goes into #root marked with its route, in its language, the noscript words kept outside it', () => {
    const html = withRenderedPage(shell, '/manager', '<main>Shop $& $1 $` words</main>', 'es');
    expect(html).toBe(
      '<html lang="es"><body><noscript><p>Needs JS</p></noscript><div id="root" data-ssr="/manager"><main>Shop $& $1 $` words</main></div><script></script></body></html>',
    );
  });

  it('is not placed in a #root it does not recognise', () => {
    expect(withRenderedPage('<div id="root"><div>Hello</div></div>', '/app', '<main></main>', 'en')).toBeNull();
  });
});
