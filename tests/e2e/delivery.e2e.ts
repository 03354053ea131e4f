import { describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser } from './browser';

/** How the built client is delivered (issue 21, ADR 0022): precompressed, cached by kind, HEAD like GET. */
async function mainScript(): Promise<string> {
  const html = await (await fetch(`${baseUrl()}/free-test`)).text();
  const src = html.match(/<script type="module"[^>]*src="([^"]+)"/)?.[1];
  if (!src) throw new Error('no module script in the app shell');
  return src;
}

describe('client delivery', () => {
  it('sends brotli or gzip to clients that accept them, with Vary, and the same bytes uncompressed otherwise', async () => {
    const script = await mainScript();
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
      await page.goto('/free-test');
      await page.locator('#root main img[src="/favicon.svg"]').waitFor();
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
      ]) {
        await page.goto(path);
        await page.getByText(ready, { exact: false }).first().waitFor();
        expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
      }
    } finally {
      await browser.close();
    }
  });
});
