import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAnswers, masteryLevel, readinessPercent } from '../../src/domain/mastery';
import { prepareAnalyticsScenario, SCENARIO_PASSWORD } from '../fixtures/analytics-scenario';
import { expectNoSeriousA11yViolations, launchBrowser, openSession } from './browser';
import { e2eDataDir, startTestServer, type TestServer } from './server';

let browser: Browser;
let server: TestServer;
let people: Awaited<ReturnType<typeof prepareAnalyticsScenario>>;

beforeAll(async () => {
  browser = await launchBrowser();
  // Three tests each (A1 70, A1 90, A2 50), taken through the real submit before the server starts.
  const dataDir = e2eDataDir();
  people = await prepareAnalyticsScenario(dataDir);
  server = await startTestServer({}, dataDir);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(context: BrowserContext, email: string) {
  const r = await context.request.post('/api/v1/auth/sign-in', {
    data: { email, password: SCENARIO_PASSWORD },
    headers: { origin: server.url },
  });
  expect(r.status()).toBe(200);
}

/** The value shown under a stat label. */
const stat = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

describe('technician analytics', () => {
  it('shows Overview, Trends and By Category with the right numbers, at 375 px', async () => {
    const { page, problems, context } = await openSession(browser, { width: 375, height: 812 }, server.url);
    await signIn(context, people.solo.email);
    await page.goto('/app');
    // At 375 px the header's buttons live in the account menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    // The tab names the page after a client-side navigation.
    await expect.poll(() => page.title()).toBe('Analytics · TorquePrep');

    // Overview
    expect(await page.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    await stat(page, 'Tests Taken').getByText('3', { exact: true }).waitFor();
    expect(await stat(page, 'Average Score').textContent()).toBe('70%');
    expect(await stat(page, 'Pass Rate').textContent()).toBe('67%');
    expect(await stat(page, 'Best Score').textContent()).toBe('90%');
    const a1 = page.getByRole('row', { name: /A1 Engine Repair/ });
    expect(await a1.getByRole('cell').allTextContents()).toEqual(['2', '80%', '90%']);
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Trends
    await page.getByRole('link', { name: 'Trends' }).click();
    await page.getByText('The average of the last 3 tests is 70%.').waitFor();
    await page.getByRole('heading', { name: 'The last 3 tests' }).waitFor();
    await page.getByRole('img', { name: /Line chart of the last 3 test scores, from 70% to 50%/ }).waitFor();
    await page.getByText('Moving average (5 tests)').waitFor();
    await page.getByText('Pass mark 70%').waitFor();
    await page.getByText('Show the numbers as a table').click();
    const rows = page.locator('table tbody tr');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).locator('td').nth(3).textContent()).toBe('70%');
    expect(await rows.nth(1).locator('td').nth(3).textContent()).toBe('90%');
    expect(await rows.nth(2).locator('td').nth(2).textContent()).toBe('A2');
    expect(await rows.nth(2).locator('td').nth(4).textContent()).toBe('70%');
    await expectNoSeriousA11yViolations(page);

    // By Category
    await page.getByRole('link', { name: 'By Category' }).click();
    await page.getByRole('img', { name: /A1 80%, A2 50%/ }).waitFor();
    // At 375 px the Last column is hidden: attempts, average, trend.
    const byCategory = page.getByRole('table');
    expect(await byCategory.getByRole('row', { name: /^A1/ }).getByRole('cell').allTextContents()).toEqual([
      '2',
      '80%',
      'Improving',
    ]);
    expect(await byCategory.getByRole('row', { name: /^A2/ }).getByRole('cell').allTextContents()).toEqual([
      '1',
      '50%',
      'Not enough tests',
    ]);
    expect(await byCategory.getByRole('row', { name: /^A3/ }).getByRole('cell').allTextContents()).toEqual([
      '0',
      '–',
      'Not enough tests',
    ]);
    expect(new URL(page.url()).searchParams.get('view')).toBe('categories');
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a new technician gets the empty state with a way to start a test', async () => {
    const { page, problems, context, api } = await openSession(browser, { width: 1280, height: 800 }, server.url);
    const sign = await api.post('/api/v1/auth/sign-up', {
      data: {
        email: `e2e.analytics.${Date.now()}@example.com`,
        password: SCENARIO_PASSWORD,
        fullName: 'Nina New',
        role: 'tech',
        yearsOfExperience: '1_to_2',
      },
    });
    expect(sign.status()).toBe(201);
    await api.put('/api/v1/me/experience-level', { data: { experienceLevel: '1_to_2' } });
    await page.goto('/app/analytics?view=trends');
    await page.getByRole('heading', { name: 'No tests yet' }).waitFor();
    await page.getByRole('link', { name: 'Choose a Category Test' }).click();
    await page.getByRole('heading', { name: 'Practice by Category' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('My Mastery', () => {
  it('without any subscription shows the premium upsell; Close leaves a page that can open it again', async () => {
    const { page, problems, context } = await openSession(browser, { width: 375, height: 812 }, server.url);
    await signIn(context, people.solo.email);
    await page.goto('/app/mastery');
    const dialog = page.getByRole('dialog', { name: 'Unlock My Mastery' });
    await dialog.getByText('$19.99').waitFor();
    await dialog.getByText('per month').waitFor();
    await dialog.getByRole('button', { name: 'Subscribe' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'My Mastery is part of Adaptive Mastery' }).waitFor();
    await page.getByRole('button', { name: 'See Adaptive Mastery' }).click();
    await page.getByRole('dialog', { name: 'Unlock My Mastery' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a technician of a trial shop sees the mastery dashboard with levels matching the bands, at 375 px', async () => {
    const a1 = applyAnswers(applyAnswers(null, { attempted: 20, correct: 14 }), { attempted: 20, correct: 18 });
    const a2 = applyAnswers(null, { attempted: 20, correct: 10 });
    const { page, problems, context } = await openSession(browser, { width: 375, height: 812 }, server.url);
    await signIn(context, people.shopTech.email);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('link', { name: 'My Mastery' }).click();
    await page.getByRole('heading', { name: 'Every category' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    const card = (code: string) =>
      page.locator('li').filter({ has: page.getByRole('heading', { name: new RegExp(`^${code} `) }) });
    await card('A1').getByText(masteryLevel(a1.masteryScore), { exact: true }).waitFor();
    await card('A1')
      .getByText(`Readiness ${readinessPercent(a1.masteryScore)}%`)
      .waitFor();
    // Two tests' worth of A1 answers: no chance of passing yet, only how far along the evidence is.
    await card('A1').getByText('Chance of passing the A1 test: not enough data yet (2 of 3 tests)').waitFor();
    await card('A2').getByText(masteryLevel(a2.masteryScore), { exact: true }).waitFor();
    await card('A2')
      .getByText(`Readiness ${readinessPercent(a2.masteryScore)}%`)
      .waitFor();
    await card('A3').getByText('New', { exact: true }).waitFor();
    await card('A3').getByText('Take an A3 test to get an estimate of your chance of passing.').waitFor();
    // The content-area breakdown of A1 adds up to its 40 answers.
    await card('A1').getByText('Content areas (5)').click();
    const answered = await card('A1').locator('tbody tr td:nth-of-type(2)').allTextContents();
    expect(answered.reduce((n, v) => n + Number(v), 0)).toBe(40);
    // Weak areas list the weakest practised category with its Start Test action.
    const weak = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Weak areas' }) });
    await weak.getByText('A2 Automatic Transmission').waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Opened directly (a reload), the page has every label it shows; Start Test starts an adaptive test there.
    await page.reload();
    const start = weak.getByRole('button', { name: 'Start Test: A2 Automatic Transmission' });
    expect(await start.textContent()).toBe('Start Test');
    await start.click();
    await page.waitForURL((u) => u.pathname.startsWith('/app/tests/'));
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('manager analytics', () => {
  it("shows the shop's technicians and one technician's analytics and mastery", async () => {
    const { page, problems, context } = await openSession(browser, { width: 1280, height: 800 }, server.url);
    await signIn(context, people.manager.email);
    await page.goto('/manager/analytics');
    await page.getByRole('heading', { name: 'Shop Analytics' }).waitFor();
    expect(await stat(page, 'Tests Completed').textContent()).toBe('3');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Tina Tech' }).click();
    await page.getByRole('heading', { name: 'Tina Tech', level: 1 }).waitFor();
    await page.getByText('3 tests completed · average 70%').waitFor();
    await page.getByRole('heading', { name: 'Mastery and readiness by category' }).waitFor();
    // The manager reads about the technician (no "your"), and one A2 test gives no chance of passing.
    const row = (code: string) => page.locator('li').filter({ has: page.getByText(new RegExp(`^${code} `)) });
    await row('A2').getByText('Chance of passing the A2 test: not enough data yet (1 of 3 tests)').waitFor();
    await row('A3').getByText('No A3 tests yet, so no estimate of passing.').waitFor();
    expect(await page.getByText(/\byour\b/i).count()).toBe(0);
    await page.getByRole('link', { name: 'Trends' }).click();
    await page.getByText('The average of the last 3 tests is 70%.').waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/manager/technicians/not-a-technician');
    await page.getByRole('heading', { name: 'Technician not found' }).waitFor();
    // The failed read is logged by the browser itself; it is the expected 404.
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await context.close();
  });
});
