import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoSeriousA11yViolations,
  launchBrowser,
  openSession,
  type Session,
  uniqueEmail,
  waitUntilHydrated,
} from './browser';

/** Signing out shows the signed-out site at once, with no reload, on a shop's shared tablet. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PHONE_VIEW = { width: 375, height: 812 };

async function signUp(session: Session, role: 'tech' | 'manager', fullName: string) {
  const data =
    role === 'tech'
      ? { role, fullName, email: uniqueEmail('e2e.signout'), password: 'Rotor-gauge-42', yearsOfExperience: '3_to_5' }
      : {
          role,
          fullName,
          email: uniqueEmail('e2e.signout'),
          password: 'Rotor-gauge-42',
          shopCode: `SHOP${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, '7')}`,
        };
  const response = await session.api.post('/api/v1/auth/sign-up', { data });
  expect(response.status()).toBe(201);
}

/** A link followed inside the app (no page load), as the homepage's own links and the header's are. */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function expectSignedOutHomepage(page: Page) {
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('link', { name: 'Sign In' }).first().waitFor();
  expect(await page.getByRole('link', { name: 'Go to dashboard' }).count()).toBe(0);
}

describe('signing out', () => {
  it('technician on a phone: Sign Out in the header menu → the signed-out homepage, and /app asks to sign in', async () => {
    const session = await openSession(browser, PHONE_VIEW);
    const { page, problems, context } = session;
    await signUp(session, 'tech', 'Miguel Sanchez');
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Welcome, Miguel', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click();

    await expectSignedOutHomepage(page);
    await expectNoSeriousA11yViolations(page);
    // The next person on the tablet opens the app: sign in, not the last person's greeting.
    await page.getByRole('link', { name: 'Get Started Free' }).first().waitFor();
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Sign in to TorquePrep' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/app');
    expect(await page.getByText('Miguel').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('manager at the gate: Sign Out → the signed-out homepage; Sign In opens the form, not the gate', async () => {
    const session = await openSession(browser);
    const { page, problems, context } = session;
    await signUp(session, 'manager', 'Morgan Boss');
    await page.goto('/manager');
    await page.getByRole('heading', { name: 'Set up your shop' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();

    await expectSignedOutHomepage(page);
    await page.getByRole('link', { name: 'Sign In' }).first().click();
    await page.getByRole('heading', { name: 'Sign in to TorquePrep' }).waitFor();
    // The server-rendered page is on screen before React owns it (ADR 0028); the in-app navigation below is
    // the router's, so it waits until the page is hydrated (a navigation mid-hydration makes React redo it).
    await waitUntilHydrated(page, 'main h1');
    await openInApp(page, '/manager');
    await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('next') === '/manager');
    await page.getByRole('heading', { name: 'Sign in to TorquePrep' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a request refused for want of a session (signed out elsewhere) leads to sign-in with a return path, not Try Again', async () => {
    const session = await openSession(browser, PHONE_VIEW);
    const { page, problems, context } = session;
    await signUp(session, 'tech', 'Tess Tablet');
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Welcome, Tess', exact: true }).waitFor();
    // Every read of the dashboard done (the bell's count may come after the greeting): a read refused after
    // the sign-out below would rightly send the page to sign in before the click.
    await page.waitForLoadState('networkidle');
    // Signed out in another tab: this page still holds the profile it read.
    expect((await session.api.post('/api/v1/auth/sign-out', { data: {} })).status()).toBe(200);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Progress', exact: true }).click();

    await page.getByRole('heading', { name: 'Sign in to TorquePrep' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/app/progress');
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    // The browser logs each refused request (401) as a console error; nothing else may show.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    await context.close();
  });
});
