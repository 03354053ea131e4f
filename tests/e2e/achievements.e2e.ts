import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, type Session, uniqueEmail } from './browser';

const root = resolve(import.meta.dirname, '../..');
type Letter = 'A' | 'B' | 'C' | 'D';
/** question text → key, from the content files the server seeded. */
const KEY = new Map<string, Letter>();
for (const file of readdirSync(join(root, 'content/questions'))) {
  for (const q of JSON.parse(readFileSync(join(root, 'content/questions', file), 'utf8')) as {
    question: string;
    answer: Letter;
  }[]) {
    KEY.set(q.question.trim(), q.answer);
  }
}
const wrong = (l: Letter): Letter => (l === 'A' ? 'B' : 'A');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function signUpTech({ api }: Session) {
  const sign = await api.post('/api/v1/auth/sign-up', {
    data: {
      email: uniqueEmail('e2e.achievements'),
      password: 'Rotor-gauge-42',
      fullName: 'Ada Achiever',
      role: 'tech',
      yearsOfExperience: '3_to_5',
    },
  });
  expect(sign.status()).toBe(201);
  const survey = await api.put('/api/v1/me/experience-level', { data: { experienceLevel: '3_to_5' } });
  expect(survey.status()).toBe(200);
}

/** An A1 test started and answered through the API (`right` of 20 correct), left for the UI to submit. */
async function answeredTest({ api, context }: Session, right: number): Promise<string> {
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
      data: { answer: slot.position < right ? key : wrong(key) },
    });
    expect(saved.status()).toBe(200);
  }
  return started.id;
}

const popupOf = (page: Page) => page.getByRole('status').filter({ hasText: 'Achievement Unlocked' });

/** Submits the open test from its page, keeping the pointer away from the popup's corner. */
async function submitFromPage(page: Page, sessionId: string) {
  await page.goto(`/app/tests/${sessionId}`);
  await page.getByText('20 answered', { exact: false }).first().waitFor();
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    // On a phone the last question's Review & submit opens the question sheet, which holds Submit Test.
    await page.getByRole('button', { name: 'Review & submit' }).click();
    await page.getByRole('dialog', { name: 'Questions' }).getByRole('button', { name: 'Submit Test' }).click();
  } else {
    await page.getByRole('button', { name: 'Submit Test' }).click();
  }
  await page.mouse.move(0, 0);
  await page.getByRole('heading', { name: 'Test Results' }).waitFor();
}

describe('achievements', () => {
  it('a perfect first test queues four unlocks: one leaves every 5 s or on Dismiss; the panel shows them and filters', async () => {
    const session = await openSession(browser);
    const { page, problems, context } = session;
    await signUpTech(session);
    const sessionId = await answeredTest(session, 20);
    await submitFromPage(page, sessionId);

    const popup = popupOf(page);
    await popup.getByText('First Steps').waitFor();
    const firstShownAt = Date.now();
    // The second waits its turn.
    expect(await popup.getByText('First Pass').count()).toBe(0);
    const text = await popup.innerText();
    expect(text).toContain('Complete your first practice test.');
    expect(text).toContain('+10 points');
    expect(text).toContain('3 more waiting');
    // Announced politely, without taking focus.
    expect(await popup.getAttribute('aria-live')).toBe('polite');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="status"]') ?? null)).toBeNull();
    const heading = page.getByRole('heading', { name: 'Test Results' });
    const headingWithPopup = await heading.boundingBox();

    // The second takes the first's place after about 5 seconds.
    await popup.getByText('First Pass').waitFor({ timeout: 10_000 });
    const shownFor = Date.now() - firstShownAt;
    expect(shownFor).toBeGreaterThan(4_000);
    expect(shownFor).toBeLessThan(8_000);
    expect(await popup.getByText('First Steps').count()).toBe(0);
    expect(await popup.innerText()).toContain('+20 points');

    // Dismiss shows the next one at once.
    await popup.getByRole('button', { name: 'Dismiss' }).click();
    await page.mouse.move(0, 0);
    await popup.getByText('High Achiever').waitFor({ timeout: 1_000 });
    // The pointer over it stops its clock, so it stays while axe looks at the page with it.
    await popup.locator('section').hover();
    await expectNoSeriousA11yViolations(page);
    expect(await popup.getByText('High Achiever').count()).toBe(1);
    await popup.getByRole('button', { name: 'Dismiss' }).click();
    await page.mouse.move(0, 0);
    await popup.getByText('Perfect Score').waitFor({ timeout: 1_000 });
    expect(await popup.innerText()).toContain('+100 points');
    await popup.getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForFunction(() => !document.body.innerText.includes('Achievement Unlocked'));
    // The popup floats above the page: nothing moved when it came or went.
    expect(await heading.boundingBox()).toEqual(headingWithPopup);

    await page.getByRole('link', { name: 'Achievements' }).click();
    await page.getByRole('heading', { name: 'Achievements', level: 1 }).waitFor();
    await page.getByText('First Steps').waitFor();
    const main = page.locator('main');
    expect(await main.innerText()).toMatch(/Total points\s*180/);
    expect(await main.innerText()).toMatch(/Earned\s*4 of 10/);
    expect(await main.innerText()).toMatch(/Practice streak\s*1 day/);
    expect(await page.getByText(/^Earned \w{3} \d{1,2}, \d{4}$/).count()).toBe(4);
    await expect.poll(() => page.locator('main').getByRole('listitem').count()).toBe(10);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Locked', exact: true }).click();
    await expect.poll(() => page.locator('main').getByRole('listitem').count()).toBe(6);
    expect(await page.getByText('First Steps').count()).toBe(0);
    const taker = page.getByRole('progressbar', { name: 'Test Taker progress' });
    expect(await taker.getAttribute('aria-valuetext')).toBe('1 of 5 tests');
    expect(page.url()).toContain('show=locked');

    await page.getByRole('button', { name: 'Mastery', exact: true }).click();
    await page.getByText('You have earned every achievement here. Well done!').waitFor();
    await expect.poll(() => page.locator('main').getByRole('listitem').count()).toBe(0);

    await page.getByRole('button', { name: 'Earned', exact: true }).click();
    await page.getByRole('button', { name: 'Milestone', exact: true }).click();
    await expect.poll(() => page.locator('main').getByRole('listitem').count()).toBe(1);
    await page.getByText('First Steps').waitFor();
    expect(await page.getByRole('button', { name: 'Milestone', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // The filters live in the address, so a reload keeps them.
    await page.reload();
    await page.getByText('First Steps').waitFor();
    await expect.poll(() => page.locator('main').getByRole('listitem').count()).toBe(1);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('button', { name: 'All categories' }).click();
    await expect.poll(() => page.locator('main').getByRole('listitem').count()).toBe(10);

    await page.getByRole('link', { name: 'TorquePrep home' }).click();
    const streak = page.getByRole('region', { name: 'Practice streak' });
    await streak.getByText('1 day').waitFor();
    expect(await streak.innerText()).toContain('You practiced today.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('at 375 px: the popup fits the screen and leaves by itself; the panel starts empty with a next step', async () => {
    const session = await openSession(browser, { width: 375, height: 812 });
    const { page, problems, context } = session;
    await signUpTech(session);
    await page.goto('/app/achievements?show=earned');
    await page.getByText('No achievements earned here yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Start Practicing' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);

    const sessionId = await answeredTest(session, 13);
    await submitFromPage(page, sessionId);
    const popup = popupOf(page);
    await popup.getByText('First Steps').waitFor();
    expect(await popup.innerText()).not.toContain('more waiting');
    const box = await popup.locator('section').boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375).toBe(true);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(812);
    await expectNoSeriousA11yViolations(page);
    await page.waitForFunction(() => !document.body.innerText.includes('Achievement Unlocked'), undefined, {
      timeout: 8_000,
    });

    await page.goto('/app/achievements?show=earned');
    await page.getByText('First Steps').waitFor();
    await expect.poll(() => page.locator('main').getByRole('listitem').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
