import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, openSession } from './browser';

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
});
