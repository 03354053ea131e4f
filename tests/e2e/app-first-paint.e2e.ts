import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, PHONE, type Session, uniqueEmail } from './browser';

/**
 * The signed-in dashboard without a request waterfall (issue 35, ADR 0054): its HTML brings the technician's
 * session and dashboard, so a phone paints the dashboard without asking the API first; and while data is on
 * its way the dashboard is a skeleton in its own layout, never a spinner and then a second one.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const FIRST_READS = /\/api\/v1\/(session|me\/practice-dashboard)$/;

async function phoneTechnician(fullName: string): Promise<Session> {
  const session = await openSession(browser, PHONE.viewport);
  const response = await session.api.post('/api/v1/auth/sign-up', {
    data: {
      email: uniqueEmail('e2e.first-paint'),
      password: 'Rotor-gauge-42',
      fullName,
      role: 'tech',
      yearsOfExperience: '6_to_10',
    },
  });
  expect(response.status()).toBe(201);
  return session;
}

/** Every spinner that enters the page, from the first byte of the HTML on, by where it spun. */
async function recordSpinners(page: Page) {
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const w = window as unknown as { spinners: string[] };
    w.spinners = [];
    new MutationObserver(() => {
      for (const spinner of document.querySelectorAll('.animate-spin')) {
        if (seen.has(spinner)) continue;
        seen.add(spinner);
        w.spinners.push(spinner.closest('section, main, div[role="status"]')?.textContent?.slice(0, 60) ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { spinners: string[] }).spinners);
}

describe('the signed-in dashboard on a phone', () => {
  it('paints its content from the HTML, before any request for who is signed in or for the dashboard', async () => {
    const session = await phoneTechnician('Pat Piston');
    const { page } = session;
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const spinners = await recordSpinners(page);

    const response = await page.goto('/app');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await page.getByRole('heading', { name: 'Welcome, Pat' }).waitFor();
    await page.getByRole('heading', { name: 'Practice by Category' }).waitFor();
    const atPaint = [...requests];
    expect(atPaint.filter((path) => FIRST_READS.test(path))).toEqual([]);
    // The page's code was asked for by the HTML itself (modulepreload), not after the shell had run.
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href') ?? ''),
    );
    expect(preloaded.some((href) => /tech-dashboard-page-[\w-]+\.js$/.test(href))).toBe(true);
    // The data in the HTML is not read again at once, and the JSON element is gone once read.
    await page.waitForLoadState('networkidle');
    expect(requests.filter((path) => FIRST_READS.test(path))).toEqual([]);
    expect(await page.locator('#tp-bootstrap').count()).toBe(0);
    expect(await spinners()).toEqual([]);
    await expectNoSeriousA11yViolations(page);
    expect(session.problems).toEqual([]);
    await session.context.close();
  });

  it('shows its skeleton, not a spinner and then another, when the API is slow and the data is not in the page', async () => {
    const session = await phoneTechnician('Robin Rotor');
    const { page } = session;
    const spinners = await recordSpinners(page);
    // The page as it comes when the server could not read the data (its database was down): the plain shell.
    await page.route('**/app', async (route: Route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      return route.fulfill({
        response: await route.fetch({ url: new URL('/index.html', route.request().url()).href }),
      });
    });
    const started = new Map<string, number>();
    const finished = new Map<string, number>();
    page.on('request', (request) => started.set(new URL(request.url()).pathname, Date.now()));
    page.on('requestfinished', (request) => finished.set(new URL(request.url()).pathname, Date.now()));
    // Every API answer takes 1.5 s.
    await page.route('**/api/v1/**', async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });

    await page.goto('/app');
    await page.getByRole('status').filter({ hasText: 'Loading…' }).first().waitFor();
    await page.getByRole('heading', { name: 'Practice by Category' }).waitFor();
    // The plain shell's own placeholder spins until the app starts; the app adds none.
    const shell = await (await session.context.request.get('/index.html')).text();
    expect(await spinners()).toHaveLength(shell.split('animate-spin').length - 1);
    // `me`, the page's code and its catalogues start together; the dashboard the moment `me` answers.
    const me = started.get('/api/v1/session');
    const dashboard = started.get('/api/v1/me/practice-dashboard');
    const meDone = finished.get('/api/v1/session');
    expect(me && dashboard && meDone).toBeTruthy();
    const chunk = [...started].find(([path]) => /tech-dashboard-page-[\w-]+\.js$/.test(path));
    expect(chunk?.[1]).toBeLessThan(meDone ?? 0);
    expect((dashboard ?? 0) - (meDone ?? 0)).toBeLessThan(500);
    expect(session.problems).toEqual([]);
    await session.context.close();
  });

  it('gives a signed-out visitor the plain shell and sends them to sign in', async () => {
    const session = await openSession(browser, PHONE.viewport);
    const { page } = session;
    const response = await page.goto('/app');
    expect(await response?.text()).not.toContain('tp-bootstrap');
    await page.waitForURL(/\/sign-in\?next=%2Fapp$/);
    expect(session.problems).toEqual([]);
    await session.context.close();
  });
});
