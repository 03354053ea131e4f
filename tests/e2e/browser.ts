import AxeBuilder from '@axe-core/playwright';
import {
  type APIResponse,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium';

export { CHROMIUM_ARGS };

export function baseUrl(): string {
  return inject('baseUrl');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium() ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** console errors and 5xx responses seen so far; every test asserts this stays empty. */
  problems: string[];
  /**
   * API calls with this context's cookies, sent as the app's own pages send them (`Origin` = the server):
   * state-changing /api/v1 requests with a cookie and no Origin are refused as cross-site (ADR 0010).
   */
  api: {
    post(path: string, options?: { data?: unknown }): Promise<APIResponse>;
    put(path: string, options?: { data?: unknown }): Promise<APIResponse>;
  };
}

/** A fresh browser context (no cookies) that records console errors and server errors. */
export async function openSession(
  browser: Browser,
  viewport = { width: 1280, height: 900 },
  url = baseUrl(),
  options: BrowserContextOptions = {},
): Promise<Session> {
  // The service worker (ADR 0025) is exercised by offline.e2e.ts; here it would only add each context's
  // background precache downloads to the shared test server.
  const context = await browser.newContext({ baseURL: url, viewport, serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()}`);
  });
  const headers = { origin: new URL(url).origin };
  const api = {
    post: (path: string, options: { data?: unknown } = {}) => context.request.post(path, { ...options, headers }),
    put: (path: string, options: { data?: unknown } = {}) => context.request.put(path, { ...options, headers }),
  };
  return { context, page, problems, api };
}

/** A phone as the journeys use it: 375 × 812, touch, mobile viewport. */
export const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };

export async function expectNoSeriousA11yViolations(page: Page) {
  // Colours caught mid-transition (a button fading from disabled to enabled) are not what anyone reads:
  // let finite animations and transitions settle first; spinners (infinite) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/**
 * Waits until React owns the element `selector` names (its fiber key, `__reactFiber$…`): a server-rendered
 * page (ADR 0028) is on screen before it is hydrated.
 */
export async function waitUntilHydrated(page: Page, selector: string) {
  await page.waitForFunction(
    (css) => Object.keys(document.querySelector(css) ?? {}).some((key) => key.startsWith('__reactFiber')),
    selector,
  );
}
