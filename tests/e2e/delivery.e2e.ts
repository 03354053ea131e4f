import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gzipBytes, htmlScripts } from '../../scripts/route-weight';
import { baseUrl, launchBrowser } from './browser';

/**
 * How the built client is delivered (ADR 0022): precompressed, cached by kind, HEAD like GET. The script used
 * is the shell's largest (its entry is a few hundred bytes, below the size worth compressing), read from the
 * build the test server serves.
 */
function mainScript(): string {
  const dist = resolve(import.meta.dirname, '../../dist/client');
  const [largest] = htmlScripts(dist, 'index.html').sort((a, b) => gzipBytes(dist, b) - gzipBytes(dist, a));
  if (!largest) throw new Error('no module script in the app shell');
  return `/${largest}`;
}

describe('client delivery', () => {
  it('sends brotli or gzip to clients that accept them, with Vary, and the same bytes uncompressed otherwise', async () => {
    const script = mainScript();
    const br = await fetch(`${baseUrl()}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const gz = await fetch(`${baseUrl()}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes both; the text must be the same script as the uncompressed one.
    const plain = await fetch(`${baseUrl()}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(await br.text()).toBe(text);
    expect(await gz.text()).toBe(text);
  });

  it('compresses the prerendered homepage and the app shell, which are never cached without revalidation', async () => {
    for (const path of ['/', '/free-test', '/sign-in']) {
      const response = await fetch(`${baseUrl()}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('etag')).toBeTruthy();
    }
  });

  it('answers HEAD like GET on client routes, and 404 on unknown API paths', async () => {
    for (const path of ['/', '/free-test', '/sign-in', '/app/exams']) {
      const head = await fetch(`${baseUrl()}${path}`, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      expect(head.headers.get('content-type')).toMatch(/text\/html/);
    }
    expect((await fetch(`${baseUrl()}/api/v1/nothing-here`, { method: 'HEAD' })).status).toBe(404);
  });

  it('paints a loading placeholder before the app runs, and says without JavaScript that it needs it', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
      const page = await context.newPage();
      // A page the browser renders shows the placeholder; a server-rendered entry page shows itself (ADR 0028).
      await page.goto('/terms');
      await page.locator('#root main img[src="/favicon.svg"]').waitFor();
      await page.goto('/free-test');
      await page.getByText('Question 1 of 5').waitFor();
      // Chromium's script switch does not render <noscript>, so the message is read from the page's source.
      const html = await (await fetch(`${baseUrl()}/free-test`)).text();
      expect(html).toMatch(
        /<noscript>[\s\S]*TorquePrep needs JavaScript for its tests and study guides\.[\s\S]*<\/noscript>/,
      );
      // The prerendered homepage needs no JavaScript and carries no placeholder.
      const home = await (await fetch(`${baseUrl()}/`)).text();
      expect(home).not.toContain('TorquePrep needs JavaScript');
      expect(home).not.toContain('animate-spin');
    } finally {
      await browser.close();
    }
  });
});

describe('Content-Security-Policy', () => {
  it('the entry pages run without a single CSP violation (Chrome’s Issues panel stays empty)', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ baseURL: baseUrl(), serviceWorkers: 'block' });
      await context.addInitScript(() => {
        (window as unknown as { violations: string[] }).violations = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      const page = await context.newPage();
      for (const [path, ready] of [
        ['/free-test', 'Question 1 of 5'],
        ['/sign-in', 'Welcome back'],
      ] as const) {
        await page.goto(path);
        await page.getByText(ready, { exact: false }).first().waitFor();
        expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
      }
    } finally {
      await browser.close();
    }
  });
});
