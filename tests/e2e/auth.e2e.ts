import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, uniqueEmail, waitUntilHydrated } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function fillSignUp(
  page: Page,
  values: { role: 'Technician' | 'Shop Manager'; name: string; email: string; years?: string },
) {
  await page.goto('/sign-up');
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  // The form as React runs it: what is done before hydration is its own test (hydration.e2e.ts).
  await waitUntilHydrated(page, 'form');
  await page.getByText(values.role, { exact: true }).click();
  await page.getByLabel('Full name').fill(values.name);
  await page.getByLabel('Email').fill(values.email);
  await page.getByLabel('Password').fill('Rotor-gauge-42');
  if (values.years) await page.getByLabel('Years of experience').selectOption({ label: values.years });
}

describe('accounts and the gate', () => {
  it('shows each sign-up validation message in the form', async () => {
    const { page, problems, context } = await openSession(browser);
    await page.goto('/sign-up');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await waitUntilHydrated(page, 'form');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Please enter your full name').waitFor();
    expect(await page.getByText('Please select your years of experience').count()).toBe(1);
    expect(await page.getByText('Please enter your email').count()).toBe(1);

    await page.getByText('Shop Manager', { exact: true }).click();
    // Clear the suggested code only once it is there, or it would arrive after and fill the field again.
    await expect.poll(() => page.getByLabel('Shop code').inputValue()).not.toBe('');
    await page.getByLabel('Shop code').fill('');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Managers must enter a shop code').waitFor();
    expect(await page.getByText('Password must be at least 6 characters').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('technician: sign up → dashboard (the years chosen are the experience level, no survey); reload keeps the session; sign out', async () => {
    const { page, problems, context } = await openSession(browser);
    const email = uniqueEmail('e2e.tech');
    await fillSignUp(page, { role: 'Technician', name: 'Riley Wrench', email, years: '3-5 years' });
    await page.getByRole('button', { name: 'Create Account' }).click();

    // docs/PRODUCT.md#gate: the survey shows only when no level is saved, and sign-up saved one. A first visit
    // says "Welcome".
    await page.getByRole('heading', { name: 'Welcome, Riley', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app');
    for (const label of ['Profile', 'My Mastery', 'Analytics', 'Achievements', 'Master Challenge', 'Sign Out']) {
      expect(await page.getByRole('navigation', { name: 'Account' }).getByText(label, { exact: true }).count()).toBe(1);
    }

    await page.reload();
    await page.getByRole('heading', { name: 'Welcome, Riley', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Sign in to TorquePrep' }).waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/app');

    // Deep link: signing in lands on the page that was asked for.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Rotor-gauge-42');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome, Riley', exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('manager: sign up → straight into shop setup (no padlock) → the gate holds → sign out', async () => {
    const { page, problems, context } = await openSession(browser);
    await fillSignUp(page, { role: 'Shop Manager', name: 'Morgan Boss', email: uniqueEmail('e2e.manager') });
    // The suggested code is filled in once the role has changed, a render later.
    await expect.poll(() => page.getByLabel('Shop code').inputValue()).toMatch(/^SHOP[A-Z0-9]{6}$/);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Set up your shop' }).waitFor();
    await page.getByText('Step 1 of 3 · Set up your shop').waitFor();
    expect(new URL(page.url()).pathname).toBe('/manager/shop-setup');
    expect(await page.getByRole('heading', { name: 'Subscription required' }).count()).toBe(0);

    // The gate holds for deep links too.
    await page.goto('/manager');
    await page.getByRole('heading', { name: 'Set up your shop' }).waitFor();
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Set up your shop' }).waitFor();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sign-in shows the server message in a red box and is axe-clean', async () => {
    const { page, problems, context } = await openSession(browser);
    await page.goto('/sign-in');
    await page.getByRole('heading', { name: 'Sign in to TorquePrep' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('wrongpass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('Invalid email or password');
    // The form toggles to account creation by a link.
    await page.getByRole('link', { name: 'Create one' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    await context.close();
  });
});
