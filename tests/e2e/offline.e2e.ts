import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousA11yViolations, launchBrowser } from './browser';
import { signUpTech } from './practice-helpers';

/**
 * The installable app. A technician opens a study guide, loses the network, reloads, and
 * still reads the guide, with the offline banner; starting a test says clearly that tests need a connection.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('offline study guides', () => {
  it('a guide opened once reads offline after a reload; tests say they need a connection', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    const headers = { origin: new URL(baseUrl()).origin };
    await signUpTech({
      post: (path, options = {}) => context.request.post(path, { ...options, headers }),
      put: (path, options = {}) => context.request.put(path, { ...options, headers }),
    });

    // The manifest makes the app installable.
    const manifest = await (await context.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ short_name: 'TorquePrep', start_url: '/app', display: 'standalone' });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);

    await page.goto('/app');
    await page.getByRole('heading', { name: 'Welcome, Pat' }).waitFor();
    // The service worker installs and precaches the app shell; from the next load it serves the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    await page.goto('/app/study/A5/1/4');
    await page.getByRole('heading', { level: 1, name: /^1\.4 Bleeding and Flushing/ }).waitFor();
    expect(await page.getByText('You are offline.', { exact: false }).count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^1\.4 Bleeding and Flushing/ }).waitFor();
    await page.getByText('Bleeding removes air; flushing replaces old fluid.').waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'You are offline. Study guides you have opened still work; tests need a connection.' })
      .waitFor();
    await expectNoSeriousA11yViolations(page);

    // The end of the chapter offers a quiz: offline, it says why it cannot start.
    await page.getByRole('button', { name: 'Quiz me on this chapter' }).click();
    await page
      .getByText(
        'You are offline. Tests, exams and the Master Challenge need a connection; study guides you have opened still work.',
      )
      .waitFor();
    expect(page.url()).toContain('/app/study/A5/1/4');

    // Back online, the banner goes and the quiz starts.
    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Quiz me on this chapter' }).click();
    await page.waitForURL(/\/app\/tests\/[0-9a-f-]{36}$/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
