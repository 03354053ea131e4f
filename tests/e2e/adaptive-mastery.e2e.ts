import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, type Session, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A signed-in technician who has done the survey, set up through the API (not the UI). */
async function signUpTech(api: Session['api']) {
  const sign = await api.post('/api/v1/auth/sign-up', {
    data: {
      email: uniqueEmail('e2e.mastery'),
      password: 'Rotor-gauge-42',
      fullName: 'Morgan Mastery',
      role: 'tech',
      yearsOfExperience: '3_to_5',
    },
  });
  expect(sign.status()).toBe(201);
  const survey = await api.put('/api/v1/me/experience-level', { data: { experienceLevel: '3_to_5' } });
  expect(survey.status()).toBe(200);
}

describe('personal Adaptive Mastery subscription (mock provider)', () => {
  it('My Mastery upsell → Adaptive Mastery → Subscribe → confirmation page → Confirm → active → cancel', async () => {
    const { page, problems, context, api } = await openSession(browser, { width: 375, height: 800 });
    await signUpTech(api);
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Practice by Category' }).waitFor();

    // At 375 px the header's buttons live in the account menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'My Mastery' }).click();
    await page.getByRole('heading', { name: 'My Mastery' }).waitFor();
    // No access yet: the premium upsell (docs/PRODUCT.md#mastery-levels-and-readiness).
    const upsell = page.getByRole('dialog', { name: 'Unlock My Mastery' });
    await upsell.getByText('$19.99').waitFor();
    await expectNoSeriousA11yViolations(page);
    await upsell.getByRole('link', { name: 'More about Adaptive Mastery' }).click();

    await page.getByRole('heading', { name: 'Adaptive Mastery', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/adaptive-mastery');
    await page.getByText('per month').waitFor();
    expect(await page.getByText('$19.99', { exact: true }).count()).toBe(1);
    await page.getByText('Adaptive practice that aims at what you have not mastered yet').waitFor();
    await expectNoSeriousA11yViolations(page);

    // Keyboard: the Subscribe button is reachable and starts the checkout with Enter.
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await subscribe.focus();
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Confirm your subscription' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe('/app/adaptive-mastery/confirm');
    expect(url.searchParams.get('session')).toMatch(/^mock_cs_/);
    await page.getByText('$19.99/month').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL((u) => u.pathname === '/app/adaptive-mastery');
    await page.getByText('Welcome to Adaptive Mastery! Your subscription is active.').waitFor();
    await page.getByRole('heading', { name: 'Your subscription' }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await page.getByText('Renews on').waitFor();
    expect(await page.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    // With access, My Mastery is the mastery dashboard (at 375 px the header's buttons live in the account menu).
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'My Mastery' }).click();
    await page.getByRole('heading', { name: 'Weak areas' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('link', { name: 'Manage Adaptive Mastery' }).click();

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to cancel your subscription?').waitFor();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Yes, Cancel' }).click();
    await page.getByText('Cancelled', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Subscribe' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows 'Please log in to subscribe.' when the session is gone, and the button works again", async () => {
    const { page, problems, context, api } = await openSession(browser);
    await signUpTech(api);
    await page.goto('/app/adaptive-mastery');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await subscribe.waitFor();
    await context.clearCookies(); // signed out elsewhere, or the session expired
    await subscribe.click();
    await page.getByRole('alert').getByText('Please log in to subscribe.', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await subscribe.isEnabled()).toBe(true);
    // The browser logs the failed request itself; only the 401 of the checkout call is expected.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
    await context.close();
  });
});
