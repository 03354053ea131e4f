import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, openSession } from './browser';
import { choose, currentKey, signUpTech } from './practice-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('ASE simulation', () => {
  it('A5: the real test length and time, then a score report by content area (at 375 px)', async () => {
    const { page, problems, context, api } = await openSession(browser, { width: 375, height: 812 });
    await signUpTech(api, 'Sam Simulation');
    await page.goto('/app/exams');
    await page.getByRole('heading', { name: 'ASE Practice Exams' }).waitFor();
    await page.getByRole('group', { name: 'ASE simulations' }).waitFor();
    await page.getByLabel('A5 Brakes · 55 questions · 75 min').check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByRole('heading', { name: 'Before you start' }).waitFor();
    await page.getByText('A5 Brakes · ASE simulation').waitFor();
    await page.getByText('55 questions: 45 scored and 10 unscored research questions', { exact: false }).waitFor();
    await page.getByText("75 minutes, the real test's time", { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Start Exam' }).click();
    await page.getByText('Question 1 of 55', { exact: false }).waitFor();
    expect(await page.getByRole('timer').innerText()).toMatch(/^(1:15:00|1:14:\d\d)$/);

    for (let i = 0; i < 5; i++) {
      await choose(page, await currentKey(page));
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('button', { name: /^Question Navigator/ }).click();
    await page.getByRole('dialog', { name: 'Question Navigator' }).getByRole('button', { name: 'Submit Exam' }).click();
    await page.getByRole('dialog', { name: 'Submit Exam?' }).getByRole('button', { name: 'Submit Exam' }).click();

    await page.getByRole('heading', { name: 'ASE Score Report' }).waitFor();
    await page.getByText('More preparation needed').first().waitFor();
    const report = await page.locator('main').innerText();
    // Five right answers, some of which may have been unscored items: at most 5 of 45.
    expect(report).toMatch(/[0-5] of 45 scored questions correct/);
    expect(report).toContain('The 10 unscored questions are not counted, as on the real test.');
    await page.getByRole('heading', { name: 'Content areas: number correct of number asked' }).waitFor();
    for (const area of ['Hydraulic System', 'Disc Brakes', 'Electronic Brake Control (ABS, TCS, ESC)']) {
      await page.getByText(area, { exact: true }).first().waitFor();
    }
    expect(report).toMatch(/\d+ of 11\b/); // Hydraulic System: 25 % of 45, rounded by largest remainder
    await page.getByRole('button', { name: 'All (55)' }).click();
    expect(await page.getByText('Unscored research question').count()).toBe(10);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: '/tmp/sim-report.png', fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });
});
