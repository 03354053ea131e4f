import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openSession } from './browser';
import { layoutShifted, recordLayoutShifts, renderedPage, waitForHydration } from './hydration-helpers';

/**
 * Issue 35 / ADR 0028: the entry pages arrive as HTML with their content and are hydrated by React 19. The
 * HTML holds the page before any script runs, hydration reports no mismatch (main.tsx logs React's
 * recoverable errors, and every console error fails the test), the hydrated page is the page the app renders
 * by itself, and nothing moves when the app takes over.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

type Locale = 'en' | 'es';

interface EntryPage {
  path: string;
  /** Text the server's HTML must hold before any script runs, per language. */
  html: Record<Locale, string[]>;
}

const ENTRY_PAGES: EntryPage[] = [
  {
    path: '/free-test',
    html: {
      en: ['Question 1 of 5', 'A dry compression test shows cylinder 3 at 95 psi', 'type="button"'],
      es: ['Pregunta 1 de 5', 'Una prueba de compresión en seco da 95 psi', 'type="button"'],
    },
  },
  {
    path: '/sign-in',
    html: {
      en: ['Sign in to TorquePrep', '<form', 'type="email"', 'type="password"', 'type="submit"'],
      es: ['Inicia sesión en TorquePrep', '<form', 'type="email"', 'type="password"', 'type="submit"'],
    },
  },
  {
    path: '/sign-up',
    html: { en: ['Create your account', 'type="radio"', 'type="password"'], es: ['Crea tu cuenta', 'type="radio"'] },
  },
  // The shop trial's buttons: its own file, with Shop Manager chosen (the manager's shop code hint, no years).
  {
    path: '/sign-up?role=manager',
    html: {
      en: ['Create your account', 'Your new shop will use this code.'],
      es: ['Crea tu cuenta', 'Tu taller nuevo va a usar este código.'],
    },
  },
  { path: '/forgot-password', html: { en: ['Reset your password', 'type="email"'], es: ['type="email"'] } },
  { path: '/reset-password?token=from-the-link', html: { en: ['type="password"'], es: ['type="password"'] } },
  { path: '/reset-password', html: { en: ['href="/forgot-password"'], es: ['href="/forgot-password"'] } },
  {
    path: '/plans',
    html: {
      en: ['Plans and prices', 'Professional', '$99', 'Enterprise', '$299', '$19.99'],
      es: ['Planes y precios', 'Professional', '$99', 'Enterprise', '$299', '$19.99'],
    },
  },
];

const ACCEPT_LANGUAGE: Record<Locale, string> = { en: 'en-US,en;q=0.9', es: 'es-ES,es;q=0.9' };

describe('server-rendered entry pages hydrated by React', () => {
  for (const locale of ['en', 'es'] as const) {
    it(`${locale}: every entry page is in the HTML and hydrates without a mismatch or a layout shift`, async () => {
      const session = await openSession(browser);
      const { page, context, problems } = session;
      // The HTML is fetched with Accept-Language alone; the browser carries the language cookie, as after a choice.
      await context.setExtraHTTPHeaders({ 'accept-language': ACCEPT_LANGUAGE[locale] });
      await context.addCookies([{ name: 'tp_locale', value: locale, url: baseUrl() }]);
      await recordLayoutShifts(context);

      for (const entry of ENTRY_PAGES) {
        // Before any script: the server's HTML already holds the page, in the visitor's language.
        const response = await fetch(`${baseUrl()}${entry.path}`, {
          headers: { 'accept-language': ACCEPT_LANGUAGE[locale] },
        });
        expect(response.status, entry.path).toBe(200);
        const html = await response.text();
        expect(html, entry.path).toContain(`<html lang="${locale}">`);
        expect(html, entry.path).toMatch(/<div id="root" data-ssr="\/[a-z-]+">/);
        expect(html, entry.path).not.toContain('animate-spin');
        for (const text of entry.html[locale]) expect(html, `${entry.path} (${locale})`).toContain(text);
        expect(html, entry.path).toMatch(
          /<script type="module" crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/,
        );

        await page.goto(entry.path);
        await waitForHydration(page);
        // React's recoverable errors (main.tsx logs them): "Hydration failed…" (#418), "…didn't match…".
        expect(
          problems.filter((p) => /hydrat|#41[89]|#42[35]|didn't match/i.test(p)),
          `${entry.path} (${locale})`,
        ).toEqual([]);
        // Hydrated, the page is what the app renders by itself (a parameter the page does not know makes the
        // server send the app shell, rendered in the browser): no attribute or text React left unmatched.
        const hydrated = await renderedPage(page);
        expect(hydrated, entry.path).not.toContain('animate-spin');
        const shifted = await layoutShifted(page);
        expect(shifted, `${entry.path} (${locale}) layout shift`).toBeLessThanOrEqual(0.02);

        await page.goto(`${entry.path}${entry.path.includes('?') ? '&' : '?'}client-rendered=1`);
        await page.locator('#root h1').first().waitFor();
        expect(await page.locator('#root').getAttribute('data-ssr')).toBeNull();
        await expect.poll(() => renderedPage(page), { timeout: 10_000 }).toBe(hydrated);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('keeps the free test where this browser left it, once hydrated', async () => {
    const { page, context, problems } = await openSession(browser);
    await page.goto('/free-test');
    await waitForHydration(page);
    await page.getByRole('button', { name: /^A / }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Question 2 of 5').waitFor();
    await page.reload();
    // The HTML shows question 1; the saved test takes over once the app has hydrated it, without a mismatch.
    await waitForHydration(page);
    await page.getByText('Question 2 of 5').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the sign-in form works once hydrated: a wrong password is refused on the page', async () => {
    const { page, context, problems } = await openSession(browser);
    await page.goto('/sign-in');
    await waitForHydration(page);
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(page.url()).toBe(`${baseUrl()}/sign-in`);
    expect(problems.filter((p) => !/401|Unauthorized|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  });

  it('what a visitor does before hydration reaches the app: a role chosen, a language picked, a name typed', async () => {
    const { page, context, problems } = await openSession(browser);
    // The app's scripts held back until the visitor is done: the form is on screen, plain HTML, meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back too: wait for the response, then for the page on screen.
    await page.goto('/sign-up', { waitUntil: 'commit' });
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByText('Shop Manager', { exact: true }).click();
    await page.getByLabel('Full name').fill('Morgan Early');
    await page.getByLabel('Language').selectOption('es');
    expect(await page.evaluate(() => Object.keys(document.querySelector('select') ?? {}).join())).not.toContain(
      '__reactFiber',
    );
    release();
    // Once hydrated, the app has heard all three: Spanish words, the manager's shop code, the name kept.
    await page.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
    await waitForHydration(page);
    await expect.poll(() => page.getByLabel('Código del taller').inputValue()).toMatch(/^SHOP[A-Z0-9]{6}$/);
    expect(await page.getByLabel('Nombre completo').inputValue()).toBe('Morgan Early');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks who is signed in only once the page is hydrated, so the answer does not force it all at once', async () => {
    const { page, context, problems } = await openSession(browser);
    // At the moment the app asks: is every button of the page React's yet?
    await page.addInitScript(() => {
      const asked: boolean[] = [];
      (window as unknown as { asked: boolean[] }).asked = asked;
      const fetch = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes('/api/v1/session'))
          asked.push(
            [...document.querySelectorAll('#root button')].every((b) =>
              Object.keys(b).some((k) => k.startsWith('__reactFiber')),
            ),
          );
        return fetch(input, init);
      };
    });
    await page.goto('/sign-in');
    const asked = () => page.evaluate(() => (window as unknown as { asked: boolean[] }).asked);
    await expect.poll(async () => (await asked()).length).toBeGreaterThan(0);
    expect(await asked()).toEqual([true]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a button pressed before hydration is pressed again once it is: an answer tapped, a sign-in sent', async () => {
    const { page, context, problems } = await openSession(browser);
    await holdPageScriptsUntil(page, '/free-test', async () => {
      await page.getByRole('button', { name: /^A / }).click();
    });
    // Pressed while the page was HTML, heard once React hydrated it: the answer is locked and explained.
    await page.locator('#answer-feedback').waitFor();
    expect(await page.getByRole('button', { name: /^A / }).isDisabled()).toBe(true);

    await holdPageScriptsUntil(page, '/sign-in', async () => {
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
      await page.getByLabel('Password', { exact: true }).press('Enter');
    });
    // Sent by the app with what was typed (not posted to the server, which sends the empty form back).
    await page.getByRole('alert').first().waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('nobody@example.com');
    expect(problems.filter((p) => !/401|Unauthorized|Failed to load resource/.test(p))).toEqual([]);
    await context.close();
  });
});

/**
 * Opens `path` letting the app's own script run but holding back what it imports next (the page's code,
 * early-input.ts) while `act` runs on the HTML page, checks React has not hydrated it meanwhile, then lets it load.
 */
async function holdPageScriptsUntil(page: Page, path: string, act: () => Promise<void>) {
  // The app's script and what it imports statically (the shell's modulepreload links) load; the rest waits.
  const html = await (await page.request.get(path)).text();
  const shell = [
    ...html.matchAll(/<(?:script type="module"|link rel="modulepreload" crossorigin)[^>]*(?:src|href)="([^"]+)"/g),
  ];
  const statics = new Set(shell.map((match) => match[1]));
  expect(statics.size).toBeGreaterThan(0);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (statics.has(new URL(route.request().url()).pathname)) return route.continue();
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  // Module scripts run before DOMContentLoaded: from then on the app holds what is pressed (main.tsx).
  await page.waitForFunction(() => document.readyState !== 'loading');
  await act();
  const hydrated = await page.evaluate(() =>
    [...document.querySelectorAll('button')].some((b) => Object.keys(b).some((k) => k.startsWith('__reactFiber'))),
  );
  expect(hydrated).toBe(false);
  release();
  await waitForHydration(page);
  await page.unrouteAll({ behavior: 'wait' });
}
