import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../../src/domain/locale';
import { baseUrl, expectNoSeriousA11yViolations, launchBrowser, openSession, type Session } from './browser';

/**
 * A page that throws while rendering, or whose code cannot be loaded, shows its route's error boundary (ADR
 * 0051) in the user's language, with focus on its heading, and reports the error to the server; the rest of
 * the app keeps working. The failure is made in the browser (a free test answer the page cannot render, a
 * page's file refused), so nothing of it ships.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The free test with a question that has no options: the page throws while rendering it. */
async function breakFreeTest(page: Page) {
  await page.route('**/api/v1/free-test', (route) =>
    route.fulfill({ json: { questions: [{ id: 'broken', es: null }] } }),
  );
}

/** The report the page posts, once the server has answered it. */
async function reportSent(page: Page): Promise<{ request: Request; status: number }> {
  const response = await page.waitForResponse((r) => r.url().endsWith('/api/v1/client-errors'));
  return { request: response.request(), status: response.status() };
}

/** What the browser logged, less what this test causes on purpose. */
const unexpected = (session: Session, ...expected: string[]) =>
  session.problems.filter((problem) => !expected.some((text) => problem.includes(text)));

async function heading(page: Page, name: string) {
  const title = page.getByRole('heading', { level: 1, name });
  await title.waitFor();
  // Focus moved to it, so a screen reader announces what happened.
  await page.waitForFunction((text) => document.activeElement?.textContent === text, name);
  return title;
}

describe('error boundary per route', () => {
  it('shows a page that throws as "Something went wrong", reports it, and tries again', async () => {
    const session = await openSession(browser);
    const { page } = session;
    await breakFreeTest(page);
    const sent = reportSent(page);
    await page.goto('/free-test');
    await heading(page, 'Something went wrong on this page');
    await expectNoSeriousA11yViolations(page);

    const { request, status } = await sent;
    expect(status).toBe(204);
    const report = request.postDataJSON();
    expect(report).toMatchObject({ kind: 'render', route: '/free-test' });
    expect(report.message).toMatch(/undefined|null/);
    expect(Object.keys(report).sort()).toEqual(['kind', 'message', 'route', 'stack']);

    // Try Again renders the route afresh, with its data fetched again.
    await page.unroute('**/api/v1/free-test');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText('Question 1 of 5').waitFor();

    // The way home leaves a failed page for a working one.
    await breakFreeTest(page);
    await page.goto('/free-test');
    await heading(page, 'Something went wrong on this page');
    await page.getByRole('link', { name: 'Back to Homepage' }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Something went wrong' }).waitFor();

    expect(unexpected(session, "reading 'A'", 'Cannot read properties')).toEqual([]);
    await session.context.close();
  });

  it('says it in Spanish to a Spanish speaker', async () => {
    const session = await openSession(browser);
    const { page, context } = session;
    await context.addCookies([{ name: LOCALE_COOKIE, value: 'es', url: baseUrl() }]);
    await breakFreeTest(page);
    const sent = reportSent(page);
    await page.goto('/free-test');
    await heading(page, 'Algo salió mal en esta página');
    await page.getByRole('button', { name: 'Volver a intentar' }).waitFor();
    await page.getByRole('link', { name: 'Volver a la página de inicio' }).waitFor();
    expect((await sent).status).toBe(204);
    expect(unexpected(session, "reading 'A'", 'Cannot read properties')).toEqual([]);
    await context.close();
  });

  it('offers a reload when a page’s file cannot be loaded (a deploy replaced it)', async () => {
    const session = await openSession(browser);
    const { page } = session;
    // The terms page's own file is gone, as after a deploy that renamed it.
    await page.route(/\/assets\/terms-page-[\w-]+\.js$/, (route) => route.abort());
    const sent = reportSent(page);
    await page.goto('/terms');
    await heading(page, 'Something went wrong on this page');
    await page.getByText('TorquePrep was updated while this page was open.').waitFor();
    const { request, status } = await sent;
    expect(status).toBe(204);
    expect(request.postDataJSON()).toMatchObject({ kind: 'chunk', route: '/terms' });

    // Try Again loads the page afresh, which finds the file.
    await page.unroute(/\/assets\/terms-page-[\w-]+\.js$/);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Try Again' }).click()]);
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Something went wrong' }).waitFor();
    expect(page.url()).toBe(`${baseUrl()}/terms`);
    expect(unexpected(session, 'terms-page', 'Failed to load resource', 'PageLoadError')).toEqual([]);
    await session.context.close();
  });
});
