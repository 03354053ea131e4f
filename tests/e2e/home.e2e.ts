import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousA11yViolations, launchBrowser, openSession, PHONE } from './browser';
import { waitForHydration } from './hydration-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('homepage', () => {
  it('renders every section and only computed claims, and Learn More scrolls to the features', async () => {
    const { page, problems, context } = await openSession(browser);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Sign In' }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: 'Get Started Free' }).count()).toBe(1);
    // One label per call to action: the hero, the closing call to action and the footer say the same.
    expect(await page.getByRole('link', { name: 'Start Free Practice Test' }).count()).toBe(3);
    expect(await page.getByRole('link', { name: 'Start 14-Day Free Trial' }).count()).toBe(1);

    const text = await page.locator('body').innerText();
    // Only true, computed claims (the bank's real size), and which plan has the trial.
    for (const claim of [
      '2,530',
      'practice questions',
      '2,530 Practice Questions',
      'Free for technicians · shop plans start with a 14-day free trial',
      'How it works',
    ]) {
      expect(text).toContain(claim);
    }
    for (const unbacked of ['95%', 'pass rate', '1000+', '10,000', 'What technicians say']) {
      expect(text).not.toContain(unbacked);
    }
    // Free for technicians: the analytics are; My Mastery is the paid add-on, and says so with its price.
    expect(text).toContain('Progress Analytics');
    expect(text).toContain('My Mastery, an add-on at $19.99/month (included in shop plans)');
    expect(text).not.toContain('Analytics and Mastery');
    expect(await page.locator('figure blockquote').count()).toBe(0);
    expect(await page.locator('ol > li').count()).toBe(3);
    for (const area of [
      'A1 Engine Repair',
      'A2 Automatic Transmission',
      'A3 Manual Drivetrain',
      'A4 Suspension & Steering',
      'A5 Brakes',
      'A6 Electrical',
      'A7 Heating & AC',
      'A8 Engine Performance',
    ]) {
      expect(await page.locator('footer').innerText()).toContain(area);
    }

    await page.getByRole('link', { name: 'Learn More' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    expect(page.url()).toContain('#features');

    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('ships no JavaScript for the homepage', async () => {
    const { page, context } = await openSession(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(scripts).toEqual([]);
    await context.close();
  });

  it('works at 375 px wide', async () => {
    const { page, problems, context } = await openSession(browser, { width: 375, height: 740 });
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Start 14-Day Free Trial opens sign-up on Shop Manager, server-rendered and hydrated as it is', async () => {
    const { page, problems, context } = await openSession(browser, PHONE.viewport);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start 14-Day Free Trial' }).click();
    await page.waitForURL((url) => url.pathname === '/sign-up' && url.search === '?role=manager');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    // The server's HTML already has Shop Manager chosen (no years of experience to ask), so hydration matches it.
    const html = await (await fetch(`${baseUrl()}/sign-up?role=manager`)).text();
    expect(html).toContain('data-ssr="/sign-up"');
    expect(html).not.toContain('name="yearsOfExperience"');
    await waitForHydration(page);
    expect(await page.getByRole('radio', { name: 'Shop Manager' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Years of experience').count()).toBe(0);
    // The code the manager's new shop will get is offered, as after choosing Shop Manager by hand.
    await expect.poll(() => page.getByLabel('Shop code').inputValue()).toMatch(/^SHOP[A-Z0-9]{6}$/);
    await expectNoSeriousA11yViolations(page);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/signup-manager-375.png`, fullPage: true });
    }
    // Technician stays one tap away, and plain /sign-up is still the technician's form.
    await page.getByText('Technician', { exact: true }).click();
    await page.getByLabel('Years of experience').waitFor();
    await page.goto('/sign-up');
    await waitForHydration(page);
    expect(await page.getByRole('radio', { name: 'Technician' }).isChecked()).toBe(true);
    // React's recoverable errors (a hydration mismatch) are console errors: none.
    expect(problems).toEqual([]);
    await context.close();
  });

  it('Start Free Practice Test opens the free test', async () => {
    const { page, problems, context } = await openSession(browser);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Free Practice Test' }).first().click();
    await page.getByText('Question 1 of 5').waitFor();
    expect(new URL(page.url()).pathname).toBe('/free-test');
    expect(problems).toEqual([]);
    await context.close();
  });
});
