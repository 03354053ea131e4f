import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LETTERS, type Letter } from '../../src/domain/content/letters';
import { baseUrl, expectNoSeriousA11yViolations, launchBrowser, PHONE, uniqueEmail } from './browser';

/**
 * The core loop on a 375 × 812 phone with touch, as a technician on the shop floor uses it,
 * and the same screens at 1280 px for axe.
 */
const root = resolve(import.meta.dirname, '../..');
const KEY = new Map<string, Letter>();
for (const file of readdirSync(join(root, 'content/questions'))) {
  for (const q of JSON.parse(readFileSync(join(root, 'content/questions', file), 'utf8')) as {
    question: string;
    answer: Letter;
  }[]) {
    KEY.set(q.question.trim(), q.answer);
  }
}

const DESKTOP = { viewport: { width: 1280, height: 800 } };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface Session {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/** A signed-in technician (set up through the API) in a fresh context; console errors and 5xx are recorded. */
async function technician(options: typeof PHONE | typeof DESKTOP = PHONE): Promise<Session> {
  const context = await browser.newContext({ baseURL: baseUrl(), ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()} from ${r.url()}`);
  });
  const origin = { origin: baseUrl() };
  const sign = await context.request.post('/api/v1/auth/sign-up', {
    headers: origin,
    data: {
      email: uniqueEmail('e2e.phone'),
      password: 'Rotor-gauge-42',
      fullName: 'Gus Gloves',
      role: 'tech',
      yearsOfExperience: '6_to_10',
    },
  });
  expect(sign.status()).toBe(201);
  const survey = await context.request.put('/api/v1/me/experience-level', {
    headers: origin,
    data: { experienceLevel: '6_to_10' },
  });
  expect(survey.status()).toBe(200);
  return { context, page, problems };
}

/** The element's box lies entirely inside the viewport. */
async function inViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width;
}

async function currentKey(page: Page): Promise<Letter> {
  const text = (await page.locator('#question-text').innerText()).trim();
  const key = KEY.get(text);
  if (!key) throw new Error(`no key for question: ${text}`);
  return key;
}

async function tap(page: Page, letter: Letter) {
  const radio = page.getByRole('radio', { name: new RegExp(`^${letter}\\.`) });
  await page.locator('label', { has: radio }).tap();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

describe('phone-first core loop at 375 × 812 with touch', () => {
  it('Start Test on A8, low on the dashboard, opens at the stem; after an answer Next is in view and ≥ 48 px; Start Test again resumes', async () => {
    const { page, problems, context } = await technician();
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Welcome, Gus' }).waitFor();
    // Phone navigation: a slim bar and a bottom tab bar with the current tab marked.
    const tabs = page.getByRole('navigation', { name: 'Main' });
    expect(await tabs.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await expectNoSeriousA11yViolations(page);

    const startA8 = page.getByRole('button', { name: 'Start Test: A8 Engine Performance' });
    await startA8.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await startA8.tap();
    await page.waitForURL(/\/app\/tests\/[0-9a-f-]{36}$/);
    const stem = page.locator('#question-text');
    await stem.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await inViewport(page, stem)).toBe(true);
    // Focus moved to the question, so a screen reader starts there.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('question-text');
    await expectNoSeriousA11yViolations(page);

    await tap(page, await currentKey(page));
    const next = page.getByRole('button', { name: 'Next', exact: true });
    expect(await inViewport(page, next)).toBe(true);
    expect((await next.boundingBox())?.height).toBeGreaterThanOrEqual(48);
    const previous = page.getByRole('button', { name: 'Previous' });
    expect((await previous.boundingBox())?.height).toBeGreaterThanOrEqual(48);
    await page.locator('[data-save-status="saved"]').waitFor();
    await next.tap();
    await page.getByText('Question 2 of 20').waitFor();
    const url = page.url();

    // Leaving asks first and says the answers are saved.
    await page.getByRole('button', { name: 'Leave test' }).tap();
    const leave = page.getByRole('dialog', { name: 'Leave this test?' });
    expect(await leave.innerText()).toContain('Your answers are saved');
    await leave.getByRole('button', { name: 'Leave' }).tap();
    await page.waitForURL((u) => u.pathname === '/app');

    // The way back in is first on the page, and Start Test on that category resumes the same test.
    await page.getByRole('heading', { name: 'Continue — A8 Engine Performance' }).waitFor();
    await page.getByText('1/20 answered').waitFor();
    await page.getByRole('link', { name: 'Resume: A8 Engine Performance' }).first().tap();
    await page.waitForURL(url);
    await page.getByText('1 of 20 answered').waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: /^Welcome back|^Welcome, Gus/ }).waitFor();
    // Even a stale Start Test (the server's rule) returns the open test rather than a second one.
    const a8 = (
      (await (await context.request.get('/api/v1/categories')).json()).categories as { id: string; code: string }[]
    ).find((c) => c.code === 'A8')?.id;
    const again = await context.request.post('/api/v1/test-sessions', {
      headers: { origin: baseUrl() },
      data: { kind: 'category', categoryId: a8 },
    });
    expect(again.status()).toBe(200);
    expect(url.endsWith((await again.json()).id)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an answer given while offline stays selected, says "Offline — will sync" and is saved when the connection returns', async () => {
    const { page, problems, context } = await technician();
    await page.goto('/app/practice');
    await page.getByRole('button', { name: 'Start Test: A3 Manual Drivetrain' }).tap();
    await page.locator('#question-text').waitFor();
    const id = page.url().split('/').pop() as string;

    await context.setOffline(true);
    await tap(page, 'C');
    await page.getByText('Offline — will sync').waitFor();
    // Still selected, and Next still works offline.
    expect(await page.getByRole('radio', { name: /^C\./ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Next', exact: true }).tap();
    await tap(page, 'B');

    await context.setOffline(false);
    await page.locator('[data-save-status="saved"]').waitFor({ timeout: 20_000 });
    const view = await (await context.request.get(`/api/v1/test-sessions/${id}`)).json();
    expect(view.slots[0].selected).toBe('C');
    expect(view.slots[1].selected).toBe('B');
    // The failed attempts while offline are the only console errors.
    expect(
      problems.filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/.test(p)),
    ).toEqual([]);
    await context.close();
  });

  it('exam: briefing first; the timer stays in view at the bottom of the page; flags in the sheet with a legend and Review flagged', async () => {
    const { page, problems, context } = await technician();
    await page.goto('/app/exams');
    await page.getByLabel('A5 Brakes', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).tap();
    await page.getByRole('heading', { name: 'Before you start' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Start Exam' }).tap();
    await page.locator('#question-text').waitFor();

    const flag = page.getByRole('button', { name: 'Flag', exact: true });
    await flag.tap();
    await expect.poll(() => flag.getAttribute('aria-pressed')).toBe('true');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const timer = page.getByRole('timer');
    expect(await inViewport(page, timer)).toBe(true);
    expect(await timer.innerText()).toMatch(/^(1:00:00|59:\d\d)$/);

    await page.getByRole('button', { name: 'Question Navigator, 1 flagged' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Question Navigator' });
    for (const word of ['Answered', 'Not answered', 'Flagged', 'Current']) {
      await sheet.getByText(word, { exact: true }).waitFor();
    }
    expect(
      await sheet.getByRole('button', { name: 'Question 1, not answered, flagged' }).getAttribute('aria-current'),
    ).toBe('step');
    await expectNoSeriousA11yViolations(page);
    await sheet.getByRole('button', { name: 'Question 7, not answered' }).tap();
    await page.getByText('Question 7 of 60').waitFor();
    await page.getByRole('button', { name: 'Question Navigator, 1 flagged' }).tap();
    await sheet.getByRole('button', { name: 'Review flagged (1)' }).tap();
    await page.getByText('Question 1 of 60').waitFor();

    // Leaving mid-exam asks first and says the answers are saved but the clock runs on.
    await page.getByRole('button', { name: 'Leave exam' }).tap();
    expect(await page.getByRole('dialog', { name: 'Leave the exam?' }).innerText()).toContain(
      'the clock keeps running',
    );
    await page.getByRole('button', { name: 'Keep going' }).tap();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('study guide: a section opened from the contents starts at its heading; Previous/Next stay put; chapter quiz', async () => {
    const { page, problems, context } = await technician();
    await page.goto('/app/study');
    await page.getByRole('link', { name: /^A5 Brakes/ }).tap();
    await page.getByRole('heading', { level: 1, name: /^1\.1 / }).waitFor();
    // Contents live in a drawer: the section is at the top of the page, not below a long list.
    expect(await page.getByRole('navigation', { name: 'Table of contents' }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByRole('button', { name: 'Contents' }).tap();
    const drawer = page.getByRole('dialog', { name: 'Contents' });
    await expectNoSeriousA11yViolations(page);
    await drawer.getByRole('link', { name: /^2\.3 / }).tap();
    const heading = page.getByRole('heading', { level: 1, name: /^2\.3 / });
    await heading.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await inViewport(page, heading)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^2\.3 /);
    await page.getByText(/^Section \d+ of \d+/).waitFor();

    const next = page.getByRole('link', { name: 'Next Section' });
    const before = await next.boundingBox();
    await next.tap();
    await page.getByRole('heading', { level: 1, name: /^2\.4 / }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await next.boundingBox()).toEqual(before);
    expect((before?.height ?? 0) >= 48).toBe(true);
    // The last section of a chapter offers a quiz of its topics.
    const guide = await (await context.request.get('/api/v1/study-guides/A5')).json();
    const last = guide.chapters[1].sections.at(-1).number;
    await page.goto(`/app/study/A5/2/${last}`);
    await page.getByRole('button', { name: 'Quiz me on this chapter' }).tap();
    await page.locator('#question-text').waitFor();
    await page.getByText('Question 1 of 5').waitFor();
    // Back returns to the section.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: new RegExp(`^2\\.${last} `) }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('results lead to the next step: practise the missed, read the weakest chapter, Missed · All with ✕ and ✓', async () => {
    const { page, problems, context } = await technician();
    const origin = { origin: baseUrl() };
    const a5 = (
      (await (await context.request.get('/api/v1/categories')).json()).categories as { id: string; code: string }[]
    ).find((c) => c.code === 'A5')?.id;
    const test = await (
      await context.request.post('/api/v1/test-sessions', {
        headers: origin,
        data: { kind: 'category', categoryId: a5 },
      })
    ).json();
    for (const slot of test.slots as { position: number; question: { question: string } }[]) {
      const key = KEY.get(slot.question.question.trim()) as Letter;
      await context.request.put(`/api/v1/test-sessions/${test.id}/answers/${slot.position}`, {
        headers: origin,
        data: { answer: slot.position < 5 ? (key === 'A' ? 'B' : 'A') : key },
      });
    }
    await page.goto(`/app/tests/${test.id}`);
    // Every question answered: the runner opens on the last, where Next is Review & submit.
    await page.getByRole('button', { name: 'Review & submit' }).tap();
    await page.getByRole('dialog', { name: 'Questions' }).getByRole('button', { name: 'Submit Test' }).tap();
    await page.getByRole('heading', { name: 'Test Results' }).waitFor();
    const practise = page.getByRole('button', { name: 'Practice the 5 you missed' });
    expect(await inViewport(page, practise)).toBe(true);
    await page.getByRole('link', { name: /^Read: / }).waitFor();
    await page.getByText('weakest', { exact: true }).waitFor();
    // Each question is one line with its ✓ or ✗; a tap opens it to the choices.
    await expect.poll(() => page.getByRole('img', { name: 'Incorrect' }).count()).toBe(5);
    await page.getByRole('button', { name: 'All (20)' }).tap();
    expect(await page.getByRole('img', { name: /^(Correct|Incorrect)$/ }).count()).toBe(20);
    await page.getByRole('button', { name: /^Incorrect 1\./ }).tap();
    expect(await page.getByRole('img', { name: 'your answer, wrong' }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'correct answer' }).count()).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await practise.tap();
    await page.getByText('Question 1 of 5').waitFor();
    await page.getByText('A5 Brakes · questions you missed').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('instant feedback: the explanation appears in view after an answer, which then locks', async () => {
    const { page, problems, context } = await technician();
    await page.goto('/app/practice');
    // On by default for a new account (ADR 0046): the switch says so before anything is tapped.
    const toggle = page.getByRole('switch', { name: 'Instant feedback' });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Start Test: A6 Electrical' }).tap();
    await page.locator('#question-text').waitFor();
    const key = await currentKey(page);
    await tap(page, key);
    const feedback = page.getByText('Correct!', { exact: true });
    await feedback.waitFor();
    await expect.poll(() => inViewport(page, feedback)).toBe(true);
    expect(await page.getByRole('radio', { name: new RegExp(`^${key === 'A' ? 'B' : 'A'}\\.`) }).isDisabled()).toBe(
      true,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('instant feedback by keyboard: the arrows move between the choices without answering; Space answers', async () => {
    const { page, problems, context } = await technician();
    await page.goto('/app/practice');
    await page.getByRole('button', { name: 'Start Test: A6 Electrical' }).click();
    await page.locator('#question-text').waitFor();
    const key = await currentKey(page);
    const radio = (letter: Letter) => page.getByRole('radio', { name: new RegExp(`^${letter}\\.`) });
    await radio('A').focus();
    // Down to the key, passing whatever lies between: nothing is chosen, nothing revealed.
    for (let i = 0; i < LETTERS.indexOf(key); i += 1) await page.keyboard.press('ArrowDown');
    expect(await radio(key).evaluate((input) => input === document.activeElement)).toBe(true);
    for (const letter of LETTERS) expect(await radio(letter).isChecked()).toBe(false);
    expect(await page.getByText('Correct!', { exact: true }).count()).toBe(0);
    // Up from A wraps to D, still without choosing.
    await radio('A').focus();
    await page.keyboard.press('ArrowUp');
    expect(await radio('D').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await radio('D').isChecked()).toBe(false);
    await radio(key).focus();
    await page.keyboard.press('Space');
    await page.getByText('Correct!', { exact: true }).waitFor();
    expect(await radio(key).isChecked()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('first visit: Start here picks the test and starts a 5-question warm-up; the free test is offered to the new account', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), ...PHONE });
    const page = await context.newPage();
    // The free test, taken before signing up, survives a reload.
    await page.goto('/free-test');
    for (let i = 0; i < 5; i++) {
      await page.getByRole('group', { name: 'Answer options' }).getByRole('button').first().tap();
      await page.locator('#answer-feedback').waitFor();
      const next = page.getByRole('button', { name: i < 4 ? 'Next' : 'Finish' });
      expect(await inViewport(page, next)).toBe(true);
      if (i === 2) {
        await page.reload();
        await page.getByText('Question 3 of 5').waitFor();
        await page.locator('#answer-feedback').waitFor();
      }
      await next.tap();
    }
    await page.getByRole('heading', { name: 'Your results' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Your results' }).waitFor();

    // Sign up (through the API: the sign-up form is another issue's), then the first dashboard.
    const origin = { origin: baseUrl() };
    expect(
      (
        await context.request.post('/api/v1/auth/sign-up', {
          headers: origin,
          data: {
            email: uniqueEmail('e2e.first'),
            password: 'Rotor-gauge-42',
            fullName: 'Fran First',
            role: 'tech',
            yearsOfExperience: 'less_than_1',
          },
        })
      ).status(),
    ).toBe(201);
    await context.request.put('/api/v1/me/experience-level', {
      headers: origin,
      data: { experienceLevel: 'less_than_1' },
    });
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Welcome, Fran' }).waitFor();
    await page.getByRole('heading', { name: 'Your free test is waiting' }).waitFor();
    await page.getByRole('button', { name: 'Add to my history' }).tap();
    await page.getByText('Your free test is in your history.').waitFor();
    await page.getByRole('heading', { name: 'Recent Test History' }).waitFor();
    await page.getByText('A1 Engine Repair free test').waitFor();

    // With a result the stats show; a brand-new account sees Start here instead. Pick A4 and warm up.
    await page.getByRole('heading', { name: 'Performance Insights' }).waitFor();
    const fresh = await technician();
    await fresh.page.goto('/app');
    await fresh.page.getByRole('heading', { name: 'Which ASE test are you preparing for?' }).waitFor();
    await fresh.page.getByRole('radio', { name: 'A4 Suspension & Steering' }).check();
    await fresh.page.getByRole('button', { name: 'Start 5-question warm-up' }).tap();
    await fresh.page.getByText('Question 1 of 5').waitFor();
    await fresh.page.getByText('A4 Suspension & Steering warm-up').waitFor();
    expect(fresh.problems).toEqual([]);
    await fresh.context.close();
    await context.close();
  });
});

describe('the same screens at 1280 px', () => {
  it('dashboard, runner, results and study guide are axe clean; the header keeps its buttons in one row', async () => {
    const { page, problems, context } = await technician(DESKTOP);
    await page.goto('/app');
    await page.getByRole('heading', { name: 'Welcome, Gus' }).waitFor();
    const header = page.getByRole('navigation', { name: 'Account' });
    for (const label of ['Profile', 'My Mastery', 'Analytics', 'Achievements', 'Master Challenge', 'Sign Out']) {
      await header.getByText(label, { exact: true }).waitFor();
    }
    expect((await page.locator('header').first().boundingBox())?.height).toBeLessThanOrEqual(72);
    // The phone's Home · Practice · Study · Progress are on a desktop too, as a row under the header.
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Practice', 'Study', 'Progress']) {
      expect(await main.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    expect(await main.getByRole('link', { name: 'Home', exact: true }).getAttribute('aria-current')).toBe('page');
    const row = await main.boundingBox();
    expect(row && row.y + row.height).toBeLessThanOrEqual(130);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Start Test: A2 Automatic Transmission' }).click();
    await page.locator('#question-text').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/app/study/A2/1/1');
    await page.getByRole('navigation', { name: 'Table of contents' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('every header button stays reachable by its label on a phone (account menu)', async () => {
    const { page, problems, context } = await technician();
    await page.goto('/app');
    await page.getByRole('button', { name: 'Menu' }).tap();
    const menu = page.getByRole('dialog', { name: 'Account' });
    for (const label of ['Profile', 'My Mastery', 'Analytics', 'Achievements', 'Master Challenge', 'Sign Out']) {
      const control = menu.getByText(label, { exact: true });
      await control.waitFor();
    }
    await expectNoSeriousA11yViolations(page);
    // Escape closes it and gives focus back to the menu button (its code loads apart from the page).
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
    await page.getByRole('button', { name: 'Menu' }).tap();
    await menu.getByRole('link', { name: 'Analytics' }).tap();
    await page.waitForURL(/\/app\/analytics$/);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Progress' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(problems).toEqual([]);
    await context.close();
  });
});
