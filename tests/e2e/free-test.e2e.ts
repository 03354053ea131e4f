import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, PHONE } from './browser';

const FREE_TEST = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../content/free-test.json'), 'utf8')) as {
  answer: 'A' | 'B' | 'C' | 'D';
}[];
const wrongLetter = (letter: string) => (letter === 'A' ? 'B' : 'A');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function answer(page: Page, letter: string) {
  await page
    .getByRole('group', { name: 'Answer options' })
    .getByRole('button')
    .filter({ hasText: new RegExp(`^${letter}`) })
    .click();
  await page.locator('#answer-feedback').waitFor();
}

describe('free test', () => {
  it('locks each answer, reveals it, and congratulates at 80%', async () => {
    const { page, problems, context } = await openSession(browser);
    await page.goto('/free-test');
    await page.getByText('Question 1 of 5').waitFor();
    await expectNoSeriousA11yViolations(page);

    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    const plan = FREE_TEST.map((q, i) => (i === 1 ? wrongLetter(q.answer) : q.answer)); // 4 of 5 right
    for (const [i, letter] of plan.entries()) {
      await page.getByText(`Question ${i + 1} of 5`).waitFor();
      await answer(page, letter);
      const feedback = await page.locator('#answer-feedback').innerText();
      expect(feedback).toContain(i === 1 ? 'Incorrect' : 'Correct!');
      // The choice is locked: every option is disabled now.
      expect(
        await page.getByRole('group', { name: 'Answer options' }).getByRole('button', { disabled: false }).count(),
      ).toBe(0);
      if (i === 1) {
        await page.getByRole('button', { name: 'Previous' }).click();
        await page.getByText('Question 1 of 5').waitFor();
        expect(await page.locator('#answer-feedback').innerText()).toContain('Correct!');
        await page.getByRole('button', { name: 'Next' }).click();
      }
      if (i < 4) await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('heading', { name: 'Your results' }).waitFor();
    const results = await page.locator('main').innerText();
    expect(results).toContain('80%');
    expect(results).toContain('4 of 5 correct');
    expect(results).toContain('Congratulations');
    expect(await page.getByRole('link', { name: 'Create Free Account' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Start 14-Day Free Trial' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Back to Homepage' }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('scores 40% with the encouraging message and leads to sign-up', async () => {
    const { page, problems, context } = await openSession(browser);
    await page.goto('/free-test');
    const plan = FREE_TEST.map((q, i) => (i < 2 ? q.answer : wrongLetter(q.answer))); // 2 of 5
    for (const [i, letter] of plan.entries()) {
      await page.getByText(`Question ${i + 1} of 5`).waitFor();
      await answer(page, letter);
      await page.getByRole('button', { name: i < 4 ? 'Next' : 'Finish' }).click();
    }
    await page.getByRole('heading', { name: 'Your results' }).waitFor();
    const results = await page.locator('main').innerText();
    expect(results).toContain('40%');
    expect(results).toContain('2 of 5 correct');
    expect(results).not.toContain('Congratulations');
    await page.getByRole('link', { name: 'Start 14-Day Free Trial' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('results at 375 px: a free technician account first, only free things listed, the shop trial second', async () => {
    const { page, problems, context } = await openSession(browser, PHONE.viewport);
    await page.goto('/free-test');
    for (const [i, q] of FREE_TEST.entries()) {
      await page.getByText(`Question ${i + 1} of 5`).waitFor();
      await answer(page, q.answer);
      await page.getByRole('button', { name: i < 4 ? 'Next' : 'Finish' }).click();
    }
    await page.getByRole('heading', { name: 'Your results' }).waitFor();
    const main = page.locator('main');
    await main.getByText('Create your free technician account and you get:').waitFor();
    const features = await main.getByRole('list').first().innerText();
    expect(features).toContain('Progress analytics: your score trends and results by category');
    // My Mastery is the paid add-on ($19.99/month): not among what the free account gets, and said to be paid.
    expect(features).not.toMatch(/mastery/i);
    await main
      .getByText(
        'My Mastery, with your level and chance of passing in each area, is an add-on: $19.99/month with Adaptive Mastery, or included in a shop plan.',
      )
      .waitFor();
    expect(await main.innerText()).not.toContain('shops get a 14-day free trial) and you get');

    // The main action is the technician's free account; the trial comes after it, worded for a shop's manager.
    const create = page.getByRole('link', { name: 'Create Free Account' });
    const trial = page.getByRole('link', { name: 'Start 14-Day Free Trial' });
    expect(await create.getAttribute('href')).toBe('/sign-up');
    expect(await trial.getAttribute('href')).toBe('/sign-up?role=manager');
    expect(await create.evaluate((el) => el.className)).toContain('bg-blue-700');
    expect(await trial.evaluate((el) => el.className)).not.toContain('bg-blue-700');
    const [createBox, trialBox] = [await create.boundingBox(), await trial.boundingBox()];
    expect(createBox && trialBox && createBox.y < trialBox.y).toBe(true);
    await main.getByText('Manage a shop? Shop plans start with a 14-day free trial', { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/free-test-results-375.png`, fullPage: true });
    }

    await create.click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Technician' }).isChecked()).toBe(true);
    await page.goBack();
    await page.getByRole('heading', { name: 'Your results' }).waitFor();
    await page.getByRole('link', { name: 'Start 14-Day Free Trial' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Shop Manager' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Years of experience').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
