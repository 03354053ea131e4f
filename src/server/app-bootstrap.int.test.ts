import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { managerOnTrial } from '../../tests/fixtures/billing';
import { createTestApp, signUpTech, TEST_ORIGIN, type TestApp } from '../../tests/fixtures/test-app';
import { BOOTSTRAP_ELEMENT_ID } from '../domain/app-bootstrap';
import { DASHBOARD_SKELETONS } from './app-shell-skeleton';

/**
 * `/app` and `/manager` through the real app with a built client (ADR 0054): a signed-in visitor's HTML holds
 * the same JSON the API answers them and preloads the page's code; nobody else ever gets it.
 */
let app: FastifyInstance;
let testApp: TestApp;
let clientDir: string;

const SHELL = [
  '<!doctype html><html><head><title>TorquePrep</title>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/shared-1.js"></head>',
  '<body><div id="root"></div></body></html>',
].join('');

/** A build manifest of the shape Vite writes: the entry, the two dashboards and their catalogues. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_shared-1.js'] },
  'features/tech/tech-dashboard-page.tsx': {
    file: 'assets/tech-dashboard-page-1.js',
    isDynamicEntry: true,
    imports: ['_shared-1.js', '_cards-1.js'],
  },
  'features/manager/manager-dashboard-page.tsx': {
    file: 'assets/manager-dashboard-page-1.js',
    isDynamicEntry: true,
    imports: ['_shared-1.js'],
  },
  'i18n/catalogues/en/tech.json': { file: 'assets/tech-en-1.js', isDynamicEntry: true },
  'i18n/catalogues/es/tech.json': { file: 'assets/tech-es-1.js', isDynamicEntry: true },
};

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'tp-client-'));
  writeFileSync(join(clientDir, 'index.html'), SHELL);
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(join(clientDir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  testApp = await createTestApp({}, undefined, { clientDir });
  app = testApp.app;
});

afterAll(async () => {
  await testApp.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The JSON the page carries, or null when it carries none. */
function bootstrapOf(html: string): Record<string, unknown> | null {
  const match = new RegExp(`<script type="application/json" id="${BOOTSTRAP_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : null;
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

async function get(url: string, cookie?: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

async function saveLanguage(cookie: string, locale: 'en' | 'es', timeZone = 'America/Chicago') {
  const saved = await app.inject({
    method: 'PATCH',
    url: '/api/v1/me/preferences',
    headers: { cookie, origin: TEST_ORIGIN },
    payload: { locale, timeZone },
  });
  expect(saved.statusCode).toBe(200);
}

function expectPrivate(response: { headers: Record<string, unknown> }) {
  expect(response.headers['cache-control']).toBe('private, no-store');
  expect(String(response.headers.vary)).toMatch(/\bcookie\b/i);
}

describe('the signed-in dashboards carry their first data (ADR 0054)', () => {
  it("puts a technician's session and dashboard in /app, exactly as the API answers them, and preloads the page", async () => {
    const tech = await signUpTech(app, { fullName: 'Dana Diaz' });
    const page = await get('/app', tech.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expectPrivate(page);
    const data = bootstrapOf(page.body);
    expect(data).not.toBeNull();
    const session = await get('/api/v1/session', tech.cookie);
    const dashboard = await get('/api/v1/me/practice-dashboard', tech.cookie);
    expect(dashboard.statusCode).toBe(200);
    expect(data).toEqual({
      '/api/v1/session': session.json(),
      '/api/v1/me/practice-dashboard': dashboard.json(),
      '/api/v1/categories': (await get('/api/v1/categories')).json(),
      '/api/v1/me/practice-streak': (await get('/api/v1/me/practice-streak', tech.cookie)).json(),
      '/api/v1/me/review': (await get('/api/v1/me/review', tech.cookie)).json(),
      '/api/v1/me/certifications': (await get('/api/v1/me/certifications', tech.cookie)).json(),
    });
    // The page's own chunk and what it imports, and its catalogues; never the shell's files again.
    expect(preloads(page.body)).toEqual(
      expect.arrayContaining(['/assets/tech-dashboard-page-1.js', '/assets/cards-1.js', '/assets/tech-en-1.js']),
    );
    expect(preloads(page.body).filter((href) => href === '/assets/shared-1.js')).toHaveLength(1);
    expect(preloads(page.body)).not.toContain('/assets/tech-es-1.js');
    // The dashboard's skeleton paints before any script runs.
    expect(page.body).toContain(`<div id="root">${DASHBOARD_SKELETONS['/app']}</div>`);
    // The catalogues follow the profile's language, which wins over this browser's choice, as in the app.
    expect(preloads((await get('/app', `${tech.cookie}; tp_locale=es`)).body)).toContain('/assets/tech-en-1.js');
    await saveLanguage(tech.cookie, 'es');
    expect(preloads((await get('/app', `${tech.cookie}; tp_locale=en`)).body)).toContain('/assets/tech-es-1.js');
  });

  it("puts a manager's session and shop overview in /manager; /app gets a manager only the session", async () => {
    const manager = await managerOnTrial(app);
    const page = await get('/manager', manager.cookie);
    expectPrivate(page);
    const overview = await get('/api/v1/manager/overview', manager.cookie);
    expect(overview.statusCode).toBe(200);
    expect(bootstrapOf(page.body)).toEqual({
      '/api/v1/session': (await get('/api/v1/session', manager.cookie)).json(),
      '/api/v1/manager/overview': overview.json(),
      '/api/v1/shop/subscription': (await get('/api/v1/shop/subscription', manager.cookie)).json(),
    });
    expect(preloads(page.body)).toContain('/assets/manager-dashboard-page-1.js');
    // Not their dashboard: the gate sends them on, so only who they are is sent.
    const wrongRoute = bootstrapOf((await get('/app', manager.cookie)).body);
    expect(Object.keys(wrongRoute ?? {})).toEqual(['/api/v1/session']);
  });

  it('sends a signed-out visitor, or one with a forged cookie, the plain shell', async () => {
    for (const cookie of [undefined, 'better-auth.session_token=forged.value']) {
      for (const url of ['/app', '/manager']) {
        const page = await get(url, cookie);
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toBe(SHELL);
        expectPrivate(page);
      }
    }
  });

  it("never shows one user's data to another", async () => {
    const first = await signUpTech(app, { fullName: 'Avery First' });
    const second = await signUpTech(app, { fullName: 'Blake Second' });
    const firstPage = await get('/app', first.cookie);
    const secondPage = await get('/app', second.cookie);
    expect(firstPage.body).toContain(first.email);
    expect(firstPage.body).not.toContain(second.email);
    expect(secondPage.body).toContain(second.email);
    expect(secondPage.body).not.toContain(first.email);
    expect(secondPage.body).not.toContain('Avery First');
  });

  it('cannot be broken out of: a name with </script> stays inside the JSON', async () => {
    const name = '</script><script>alert(1)</script><!--';
    const tech = await signUpTech(app, { fullName: name });
    expect(tech.response.statusCode).toBe(201);
    const page = await get('/app', tech.cookie);
    // Only the shell's own script and the JSON element close a script.
    expect(page.body.match(/<\/script>/g)).toHaveLength(2);
    expect(page.body).not.toContain('<!--');
    const data = bootstrapOf(page.body) as { '/api/v1/session': { session: { user: { fullName: string } } } };
    expect(data['/api/v1/session'].session.user.fullName).toBe(name);
  });

  it('falls back to the plain shell, not a 500, when the database fails while reading the data', async () => {
    const tech = await signUpTech(app);
    const failure = Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    const select = vi.spyOn(app.db, 'select').mockImplementation(() => {
      throw failure;
    });
    try {
      const page = await get('/app', tech.cookie);
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(SHELL);
      expectPrivate(page);
    } finally {
      select.mockRestore();
    }
    expect(bootstrapOf((await get('/app', tech.cookie)).body)).not.toBeNull();
  });

  it('compresses the page for a browser that accepts brotli', async () => {
    const tech = await signUpTech(app);
    const page = await app.inject({
      method: 'GET',
      url: '/app',
      headers: { cookie: tech.cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(String(page.headers.vary)).toMatch(/accept-encoding/i);
    expect(bootstrapOf(brotliDecompressSync(page.rawPayload).toString('utf8'))).not.toBeNull();
  });

  it('keeps the other client routes and HEAD on the plain file', async () => {
    const tech = await signUpTech(app);
    for (const url of ['/app/practice', '/manager/analytics']) {
      const page = await get(url, tech.cookie);
      expect(page.statusCode, url).toBe(200);
      expect(bootstrapOf(page.body), url).toBeNull();
    }
    const head = await app.inject({ method: 'HEAD', url: '/app', headers: { cookie: tech.cookie } });
    expect(head.statusCode).toBe(200);
  });
});
