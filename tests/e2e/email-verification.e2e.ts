import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/mail';
import {
  expectNoSeriousA11yViolations,
  launchBrowser,
  openSession,
  PHONE,
  uniqueEmail,
  waitUntilHydrated,
} from './browser';
import { startTestServer, type TestServer } from './server';

/** A technician reaches the global leaderboard once their e-mail is verified through the mailed link. */
let browser: Browser;
let smtp: TestSmtpServer;
let server: TestServer;
beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startSmtpServer();
  // Its own server, which sends mail to the SMTP server in this process.
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await browser?.close();
});

const VERIFY_LINK = /http:\/\/127\.0\.0\.1:\d+\/verify-email\?token=[A-Za-z0-9_%-]+/;

describe('e-mail verification', () => {
  it('sign up → the board says to verify (Resend works) → the mailed link → "verified" → the board, at 375 px', async () => {
    const { page, problems, context } = await openSession(browser, PHONE.viewport, server.url);
    const email = uniqueEmail('e2e.verify');
    await page.goto('/sign-up');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await waitUntilHydrated(page, 'form');
    await page.getByText('Technician', { exact: true }).click();
    await page.getByLabel('Full name').fill('Vera Valve');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Rotor-gauge-42');
    await page.getByLabel('Years of experience').selectOption({ label: '3-5 years' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/app');

    await page.goto('/app/leaderboard');
    const notice = page.getByRole('region', { name: 'Verify your e-mail to appear on the global leaderboard' });
    await notice.getByText(email).waitFor();
    await expectNoSeriousA11yViolations(page);
    // Keyboard: the resend action is a real button reached with Tab and pressed with Enter.
    await notice.getByRole('button', { name: 'Resend Verification E-mail' }).focus();
    await page.keyboard.press('Enter');
    await notice.getByRole('status').getByText('We have sent you a new verification link.').waitFor();

    // The sign-up mail's link, opened in the browser.
    const mail = await smtp.waitForMail(email, 10_000, '/verify-email?token=');
    const link = VERIFY_LINK.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
    await page.getByRole('status').getByText('Your e-mail address is verified.').waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Signed in, the way back is to the app, not to a sign-in page.
    expect(await page.getByRole('link', { name: 'Back to Sign In' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/app');
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/verify-email-signed-in-375.png` });
    }

    await page.getByRole('link', { name: 'Go to the Leaderboard' }).click();
    await page.waitForURL((url) => url.pathname === '/app/leaderboard');
    await page.getByRole('heading', { name: 'Leaderboard', exact: false }).first().waitFor();
    expect(await page.getByRole('region', { name: /Verify your e-mail/ }).count()).toBe(0);

    // A used link says so and offers no way to verify twice.
    await page.goto(link as string);
    await page.getByText('This verification link is invalid, has expired or was already used.').waitFor();
    await page.goto('/verify-email?token=made-up');
    await page.getByText('This verification link is invalid, has expired or was already used.').waitFor();
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
    await context.close();

    // Opened signed out (another browser), the link's page leads back to sign in.
    const other = await openSession(browser, PHONE.viewport, server.url);
    await other.page.goto('/verify-email?token=made-up');
    await other.page.getByText('This verification link is invalid, has expired or was already used.').waitFor();
    await other.page.getByRole('link', { name: 'Back to Sign In' }).waitFor();
    expect(await other.page.getByRole('link', { name: 'Back to Dashboard' }).count()).toBe(0);
    await other.context.close();
  });
});
