import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, openSession } from './browser';
import { KEY, type Letter, signUpTech } from './practice-helpers';

/**
 * Smaller things a new user met on screen, each checked where it was seen (375 × 812).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PHONE_SIZE = { width: 375, height: 812 };
const FREE_TEST = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../content/free-test.json'), 'utf8')) as {
  answer: Letter;
}[];

/** Wholly inside the window as it is scrolled now. */
const inView = async (page: Page, locator: Locator) => {
  const box = await locator.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
};

describe('first use, the small things', () => {
  it('an exam on a phone: Continue in reach, a radio’s own box chooses it, the sheet’s Submit in view, honest counts', async () => {
    const { page, problems, context, api } = await openSession(browser, PHONE_SIZE);
    await signUpTech(api);
    await page.goto('/app/exams');
    await page.getByRole('heading', { name: 'ASE Practice Exams' }).waitFor();
    // Continue sits in the fixed bottom bar, not below the 17 choices.
    const next = page.getByRole('navigation', { name: 'Exam choice' }).getByRole('button', { name: 'Continue' });
    await next.waitFor();
    expect(await inView(page, next)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Full Comprehensive Exam (all categories)').check();
    expect(await inView(page, next)).toBe(true);
    await next.click();
    await page.getByRole('button', { name: 'Start Exam' }).click();
    await page.getByText('Question 1 of 60', { exact: false }).waitFor();

    // A click where the visually hidden radio's own box is lands in its card and chooses it, nothing else
    // (force: the box is 1 px and clipped, so only a click at its place can reach it).
    const radio = page.getByRole('radio', { name: /^B\./ });
    await radio.click({ force: true });
    await expect.poll(() => radio.isChecked()).toBe(true);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Keyboard focus: each hidden radio sits inside its own card, so moving through the choices with the
    // arrow keys never scrolls the page away from the question.
    for (const letter of ['A', 'B', 'C', 'D']) {
      const choice = page.getByRole('radio', { name: new RegExp(`^${letter}\\.`) });
      const box = await choice.boundingBox();
      const card = await page.locator('label').filter({ has: choice }).boundingBox();
      expect(box && card && box.y >= card.y - 1 && box.y + box.height <= card.y + card.height + 1).toBe(true);
    }
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('ArrowDown');
    const third = page.getByRole('radio', { name: /^C\./ });
    await expect.poll(() => third.isChecked()).toBe(true);
    expect(await third.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(80);
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    const flag = page.getByRole('button', { name: 'Flag', exact: true });
    await flag.click();
    await expect.poll(() => flag.getAttribute('aria-pressed')).toBe('true');
    // The sheet of 60 questions: Review flagged and Submit in view without scrolling it.
    await page.getByRole('button', { name: 'Question Navigator, 1 flagged' }).click();
    const sheet = page.getByRole('dialog', { name: 'Question Navigator' });
    await sheet.getByRole('button', { name: 'Question 60, not answered' }).waitFor();
    expect(await inView(page, sheet.getByRole('button', { name: 'Review flagged (1)' }))).toBe(true);
    expect(await inView(page, sheet.getByRole('button', { name: 'Submit Exam' }))).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });

    // Every question answered (through the API): the dashboard says what the clock's end means …
    const examId = new URL(page.url()).pathname.split('/').pop() as string;
    const exam = await (await context.request.get(`/api/v1/test-sessions/${examId}`)).json();
    for (const slot of exam.slots as { position: number; question: { question: string } }[]) {
      const key = KEY.get(slot.question.question.trim()) as Letter;
      expect(
        (await api.put(`/api/v1/test-sessions/${examId}/answers/${slot.position}`, { data: { answer: key } })).status(),
      ).toBe(200);
    }
    await page.goto('/app');
    await page.getByText('60/60 answered · time runs out at', { exact: false }).waitFor();
    expect(await page.locator('main').innerText()).toContain('then the exam submits itself');

    // … and the confirmation does not count zeros.
    await page.goto(`/app/tests/${examId}`);
    await page.getByRole('button', { name: 'Question Navigator, 1 flagged' }).click();
    await sheet.getByRole('button', { name: 'Submit Exam' }).click();
    const confirm = page.getByRole('dialog', { name: 'Submit Exam?' });
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Every question is answered; 1 is flagged for review.');
    expect(await confirm.innerText()).not.toContain('0 unanswered');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the free test’s results open at the score; added to a new account, it still leaves the first step', async () => {
    const session = await openSession(browser, PHONE_SIZE);
    const { page, problems, context } = session;
    await page.goto('/free-test');
    for (const [i, { answer }] of FREE_TEST.entries()) {
      await page.getByText(`Question ${i + 1} of 5`).waitFor();
      await page
        .getByRole('group', { name: 'Answer options' })
        .getByRole('button')
        .filter({ hasText: new RegExp(`^${answer}`) })
        .click();
      await page.locator('#answer-feedback').waitFor();
      await page.getByRole('button', { name: i < 4 ? 'Next' : 'Finish' }).click();
    }
    const heading = page.getByRole('heading', { name: 'Your results' });
    await heading.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(8);
    expect(await inView(page, page.getByText('100%', { exact: true }))).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('results-title');

    // Signed up, the free test is added to the history: the first visit still asks which test …
    await signUpTech(session.api);
    await page.goto('/app');
    await page.getByRole('button', { name: 'Add to my history' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Your free test is in your history.' });
    await toast.waitFor();
    await page.getByRole('heading', { name: 'Which ASE test are you preparing for?' }).waitFor();
    // … and the toast sits below the header, not over it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const header = await page.locator('header').first().boundingBox();
    const shown = await toast.boundingBox();
    expect(header && shown && shown.y >= header.y + header.height).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a glossary term in a guide is a 44 px tap target without changing its line', async () => {
    const { page, problems, context, api } = await openSession(browser, PHONE_SIZE);
    await signUpTech(api);
    await page.goto('/app/study/A5/1/1');
    const term = page.getByRole('button', { name: /: show its definition$/ }).first();
    await term.waitFor();
    await term.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -200));
    // 8 px above and below the word's own line box still land on the term (44 px in all for a 26 px word).
    const hits = await term.evaluate((el) => {
      const rect = el.getClientRects()[0] as DOMRect;
      const x = rect.left + Math.min(rect.width / 2, 6);
      return [rect.top - 8, rect.bottom + 8].map((y) => document.elementFromPoint(x, y)?.closest('button') === el);
    });
    expect(hits).toEqual([true, true]);
    await term.click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');

    // An address with no page: HTTP 404, and a signed-in user is offered their dashboard, not only the homepage.
    const seen = problems.length;
    const missing = await page.goto('/app/no-such-page');
    expect(missing?.status()).toBe(404);
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await page.waitForURL(/\/app$/);
    // The browser logs the 404 document itself as a console error: that one is the point here.
    const after = problems.splice(seen).filter((problem) => !problem.includes('404'));
    problems.push(...after);
    expect(problems).toEqual([]);
    await context.close();
  });
});
