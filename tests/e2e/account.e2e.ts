import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/mail';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, type Session, uniqueEmail } from './browser';
import { startTestServer, type TestServer } from './server';

/** Forgot password → e-mail → reset → sign in; a changed password ends the old cookies at once. */
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

async function signUpTech(api: Session['api'], name = 'Casey Clutch') {
  const email = uniqueEmail('e2e.account');
  const response = await api.post('/api/v1/auth/sign-up', {
    data: { email, password: 'Rotor-gauge-42', fullName: name, role: 'tech', yearsOfExperience: '6_to_10' },
  });
  expect(response.status()).toBe(201);
  return email;
}

describe('password reset by e-mail', () => {
  it('Forgot password? → e-mail → the link → a new password → sign in with it', async () => {
    const setup = await openSession(browser, undefined, server.url);
    const email = await signUpTech(setup.api);
    await setup.context.close();

    const { page, problems, context } = await openSession(browser, { width: 375, height: 800 }, server.url);
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Please enter your email').waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').getByText('If an account exists for that email').waitFor();

    const mail = await smtp.waitForMail(email);
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeDefined();
    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('New password').fill('password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('This password is too common and easy to guess.', { exact: false }).waitFor();
    await page.getByLabel('New password').fill('Brake rotors 2026');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('status').getByText('Your password has been reset.').waitFor();

    // The link worked once: opening it again says so.
    await page.goto(link as string);
    await page.getByLabel('New password').fill('Another good one 7');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('This reset link is invalid or has expired. Ask for a new one.').waitFor();
    await page.getByRole('link', { name: 'Ask for a New Link' }).waitFor();

    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Brake rotors 2026');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome, Casey', exact: true }).waitFor();
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
    await context.close();
  });
});

describe('change password', () => {
  it('Profile → Account security → the new password; the old cookie is refused at once', async () => {
    const { page, problems, context, api } = await openSession(browser, { width: 375, height: 800 }, server.url);
    const email = await signUpTech(api, 'Jordan Gasket');
    // A second device signed in as the same technician.
    const phone = await openSession(browser, undefined, server.url);
    expect(
      (await phone.api.post('/api/v1/auth/sign-in', { data: { email, password: 'Rotor-gauge-42' } })).status(),
    ).toBe(200);
    const oldCookie = (await context.cookies()).find((c) => c.name === 'torqueprep.session_token')?.value;
    expect(oldCookie).toBeDefined();

    await page.goto('/app');
    // At 375 px the header's buttons live in the account menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Account security' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Current password').fill('Rotor-gauge-42');
    await page.getByLabel('New password').fill('Rotors and pads 77');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();

    // This browser carries on with its new session…
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Welcome, Jordan', exact: true }).waitFor();
    // …while the old cookie and the other device are refused straight away.
    const withOld = await fetch(`${server.url}/api/v1/me`, {
      headers: { cookie: `torqueprep.session_token=${oldCookie}` },
    });
    expect(withOld.status).toBe(401);
    await phone.page.goto('/app');
    await phone.page.getByRole('heading', { name: 'Sign in to TorquePrep' }).waitFor();
    expect(problems).toEqual([]);
    await phone.context.close();
    await context.close();
  });
});

describe('homepage for a signed-in visitor', () => {
  it('offers Go to dashboard instead of Sign In / Get Started Free, still without JavaScript', async () => {
    const { page, problems, context, api } = await openSession(browser, undefined, server.url);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Go to dashboard' }).count()).toBe(0);

    await signUpTech(api, 'Avery Axle');
    await page.goto('/');
    await nav.getByRole('link', { name: 'Go to dashboard' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Get Started Free' }).count()).toBe(0);
    expect(scripts).toEqual([]);
    await expectNoSeriousA11yViolations(page);

    await nav.getByRole('link', { name: 'Go to dashboard' }).click();
    await page.getByRole('heading', { name: 'Welcome, Avery', exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
