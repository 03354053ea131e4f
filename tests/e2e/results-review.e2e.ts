import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, PHONE, type Session } from './browser';
import { KEY, type Letter, signUpTech, wrong } from './practice-helpers';

/**
 * The question review under a test's results is one line a question (its ✓/✗ and stem)
 * that opens on a tap, the missed ones can be stepped through a screen each with the runner's bottom bar,
 * and Back from a study link finds the review as it was left (filter, open cards, scroll, the same mistake).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** An A1 test taken and submitted through the API: the first six answers wrong, the rest right. */
async function submittedTest({ context, api }: Session): Promise<string> {
  const categories = (await (await context.request.get('/api/v1/categories')).json()).categories as {
    id: string;
    code: string;
  }[];
  const started = await (
    await api.post('/api/v1/test-sessions', {
      data: { kind: 'category', categoryId: categories.find((c) => c.code === 'A1')?.id },
    })
  ).json();
  for (const slot of started.slots as { position: number; question: { question: string } }[]) {
    const key = KEY.get(slot.question.question.trim()) as Letter;
    const saved = await api.put(`/api/v1/test-sessions/${started.id}/answers/${slot.position}`, {
      data: { answer: slot.position < 6 ? wrong(key) : key },
    });
    expect(saved.status()).toBe(200);
  }
  expect((await api.post(`/api/v1/test-sessions/${started.id}/submit`)).status()).toBe(200);
  return started.id as string;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const reviewHeight = (page: Page) =>
  page.evaluate(() => Math.round(document.querySelector('[aria-labelledby="review-title"]')?.clientHeight ?? 0));

describe('results review at 375 px', () => {
  it('cards open on a tap; mistakes step a screen each; Back from a study link returns to where the user was', async () => {
    const session = await openSession(browser, PHONE.viewport);
    const { page, problems, context } = session;
    await signUpTech(session.api);
    const id = await submittedTest(session);
    await page.goto(`/app/tests/${id}`);
    await page.getByRole('heading', { name: 'Test Results' }).waitFor();
    const review = page.locator('[aria-labelledby="review-title"]');

    // Collapsed: each missed question is one button with its ✗ and stem; the choices are not shown yet.
    const cards = review.getByRole('button', { expanded: false });
    await expect.poll(() => cards.count()).toBe(6);
    expect(await review.getByRole('img', { name: 'Incorrect' }).count()).toBe(6);
    expect(await review.getByRole('img', { name: 'your answer, wrong' }).count()).toBe(0);
    await review.getByRole('button', { name: 'All (20)' }).click();
    await expect.poll(() => review.getByRole('button', { expanded: false }).count()).toBe(20);
    // 20 questions in a few screens, not 12,800 px: at most about 140 px a question at 375 px.
    expect(await reviewHeight(page)).toBeLessThan(20 * 140 + 250);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);

    // A tap opens one card: its choices, the right one marked, and its study link.
    const card = review.locator('li').filter({ has: page.getByRole('button', { name: /^Correct 16\./ }) });
    const toggle = card.getByRole('button', { name: /^Correct 16\./ });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await card.getByRole('img', { name: 'correct answer' }).count()).toBe(1);
    const study = card.locator('a[href^="/app/study/"]');
    await study.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 100));
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(800);
    await expectNoSeriousA11yViolations(page);

    // Back from the study guide: the same filter, the same open card, the same place on the page.
    await study.click();
    await page.waitForURL(/\/app\/study\//);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Test Results' }).waitFor();
    await expect.poll(() => review.getByRole('button', { name: 'All (20)' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => scrollY(page)).toBe(left);

    // Step through the six mistakes a screen each, with the bottom bar in reach.
    const stepThrough = review.getByRole('link', { name: 'Step through the 6 mistakes' });
    await stepThrough.scrollIntoViewIfNeeded();
    const atStep = await scrollY(page);
    await stepThrough.click();
    await page.getByRole('heading', { name: 'Mistake 1 of 6' }).waitFor();
    const bar = page.getByRole('navigation', { name: 'Mistakes' });
    const next = bar.getByRole('button', { name: 'Next' });
    expect(await next.isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'your answer, wrong' }).count()).toBe(1);
    expect(await bar.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await next.click();
    await page.getByRole('heading', { name: 'Mistake 2 of 6' }).waitFor();
    const stem = await page.locator('main section p').nth(1).innerText();

    // A study link from a mistake, then Back: the same mistake.
    await page.locator('main a[href^="/app/study/"]').click();
    await page.waitForURL(/\/app\/study\//);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Mistake 2 of 6' }).waitFor();
    expect(await page.locator('main section p').nth(1).innerText()).toBe(stem);

    // Back to results (as the phone's Back would): the review as it was left.
    await bar.getByRole('button', { name: 'Back to results' }).click();
    await page.getByRole('heading', { name: 'Test Results' }).waitFor();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => scrollY(page)).toBe(atStep);
    expect(problems).toEqual([]);
    await context.close();
  });
});
