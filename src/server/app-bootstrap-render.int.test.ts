import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerOnTrial } from '../../tests/fixtures/billing';
import { createTestApp, signUpTech, type TestApp } from '../../tests/fixtures/test-app';
import { BOOTSTRAP_ELEMENT_ID } from '../domain/app-bootstrap';
import { DASHBOARD_SKELETONS } from './app-shell-skeleton';

/**
 * How the server uses a release's page renderer (`dist/ssr/prerender-entry.js` beside the client, ADR 0054):
 * the page it renders goes into `#root`, marked for hydration, in the profile's language, with the data the
 * browser seeds its cache from; a render that gives up or fails still sends the page, with its skeleton. The
 * renderer here is a stand-in with the bundle's signature (the real one renders the app: tests/e2e/
 * dashboard-hydration.e2e.ts checks its HTML and its hydration in Chromium).
 */
let app: FastifyInstance;
let testApp: TestApp;
let releaseDir: string;

const SHELL =
  '<!doctype html><html lang="en"><head><title>TorquePrep</title></head><body><div id="root"><main><span class="animate-spin"></span><noscript>Needs JavaScript</noscript></main></div></body></html>';

const RENDERER = `
export async function renderSignedInPage(url, locale, data) {
  const { user } = data['/api/v1/session'].session;
  if (user.fullName === 'Gives Up') return null;
  if (user.fullName === 'Breaks It') throw new Error('the render failed');
  return '<main><h1>' + user.fullName + '</h1><p>' + locale + ' ' + url + '</p></main>';
}
`;

beforeAll(async () => {
  releaseDir = mkdtempSync(join(tmpdir(), 'tp-release-'));
  mkdirSync(join(releaseDir, 'client'));
  mkdirSync(join(releaseDir, 'ssr'));
  writeFileSync(join(releaseDir, 'client/index.html'), SHELL);
  writeFileSync(join(releaseDir, 'ssr/prerender-entry.js'), RENDERER);
  testApp = await createTestApp({}, undefined, { clientDir: join(releaseDir, 'client') });
  app = testApp.app;
});

afterAll(async () => {
  await testApp.close();
  rmSync(releaseDir, { recursive: true, force: true });
});

const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

async function withTimeZone(cookie: string, locale: 'en' | 'es' = 'en') {
  const saved = await app.inject({
    method: 'PATCH',
    url: '/api/v1/me/preferences',
    headers: { cookie },
    payload: { locale, timeZone: 'America/Chicago' },
  });
  expect(saved.statusCode).toBe(200);
}

const hasData = (html: string) => html.includes(`<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">`);

describe('the signed-in dashboards rendered on the server (ADR 0054)', () => {
  it("puts the rendered page in #root for the browser to hydrate, in the profile's language, with its data", async () => {
    const tech = await signUpTech(app, { fullName: 'Lee $& Light' });
    await withTimeZone(tech.cookie, 'es');
    const page = await get('/app?from=email', tech.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    // The user's words as they are (a `$&` is not a replacement pattern here), the address with its query.
    expect(page.body).toContain(
      '<noscript>Needs JavaScript</noscript><div id="root" data-ssr="/app"><main><h1>Lee $& Light</h1><p>es /app?from=email</p></main></div>',
    );
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).not.toContain('animate-spin');
    expect(hasData(page.body)).toBe(true);
    // Its code is asked for once the page is painted, not preloaded beside the stylesheet.
    expect(page.body).not.toContain('modulepreload');
  });

  it('renders the manager dashboard for an entitled manager, and nobody their dashboard elsewhere', async () => {
    const manager = await managerOnTrial(app);
    await withTimeZone(manager.cookie);
    expect((await get('/manager', manager.cookie)).body).toContain('<div id="root" data-ssr="/manager">');
    // /app is not a manager's dashboard: the app sends them on, so nothing is rendered there.
    const elsewhere = await get('/app', manager.cookie);
    expect(elsewhere.body).not.toContain('data-ssr');
    expect(elsewhere.body).toContain('animate-spin');
  });

  it('sends the skeleton when the renderer gives up or fails: never a 500, never an empty page', async () => {
    for (const fullName of ['Gives Up', 'Breaks It']) {
      const tech = await signUpTech(app, { fullName });
      await withTimeZone(tech.cookie);
      const page = await get('/app', tech.cookie);
      expect(page.statusCode, fullName).toBe(200);
      expect(page.body, fullName).not.toContain('data-ssr');
      expect(page.body, fullName).toContain(DASHBOARD_SKELETONS['/app']);
      expect(hasData(page.body), fullName).toBe(true);
    }
  });
});
