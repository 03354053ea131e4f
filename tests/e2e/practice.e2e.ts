import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, launchBrowser, openSession } from './browser';
import { choose, currentKey, KEY, type Letter, signUpTech, wrong } from './practice-helpers';
import { startTestServer, type TestServer } from './server';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('technician practice', () => {
  it('category test: start → answer all (resumes after reload) → submit → results → review; dashboard after two tests', async () => {
    const { page, problems, context, api } = await openSession(browser);
    await signUpTech(api);
    await page.goto('/app');
    // A first visit: "Welcome" and one clear first step instead of a wall of zero stats.
    await page.getByRole('heading', { name: 'Welcome, Pat' }).waitFor();
    await page.getByRole('heading', { name: 'Which ASE test are you preparing for?' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Performance Insights' }).count()).toBe(0);
    await page.getByText('No tests yet.', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Start Test: A1 Engine Repair' }).click();
    await page.getByText('Question 1 of 20', { exact: false }).waitFor();
    expect(page.url()).toMatch(/\/app\/tests\/[0-9a-f-]{36}$/);
    await expectNoSeriousA11yViolations(page);
    const submit = page.getByRole('button', { name: 'Submit Test' });
    expect(await submit.isDisabled()).toBe(true);

    for (let i = 0; i < 20; i++) {
      await page.getByText(`Question ${i + 1} of 20`, { exact: false }).waitFor();
      const key = await currentKey(page);
      await choose(page, i < 14 ? key : wrong(key));
      await page.getByText(`${i + 1} of 20 answered`).waitFor();
      if (i === 9) {
        // Each answer is already on the server: a reload resumes at the first open question.
        await page.waitForLoadState('networkidle');
        await page.reload();
        await page.getByText('Question 11 of 20', { exact: false }).waitFor();
        await page.getByText('10 of 20 answered').waitFor();
        continue;
      }
      if (i < 19) await page.getByRole('button', { name: 'Next' }).click();
    }
    // Free navigation through the question list.
    await page.getByRole('button', { name: 'Question 3, answered' }).click();
    await page.getByText('Question 3 of 20', { exact: false }).waitFor();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();

    await page.getByRole('heading', { name: 'Test Results' }).waitFor();
    // The Submit button is gone with the runner: focus is on the results' heading, so it is announced.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Test Results');
    const results = await page.locator('main').innerText();
    expect(results).toContain('70%');
    expect(results).toContain('Passed');
    expect(results).toContain('14 of 20 correct');
    // The review opens on the 6 missed, each one line with its ✗ that opens on a tap to the wrong
    // choice marked and the right one shown.
    expect(await page.getByRole('button', { name: 'Missed (6)' }).getAttribute('aria-pressed')).toBe('true');
    const closed = page.locator('[aria-labelledby="review-title"]').getByRole('button', { expanded: false });
    expect(await closed.count()).toBe(6);
    for (let i = 0; i < 6; i++) await closed.first().click();
    expect(await page.getByRole('img', { name: 'your answer, wrong' }).count()).toBe(6);
    expect(await page.getByRole('img', { name: 'correct answer' }).count()).toBe(6);
    await page.getByRole('button', { name: 'Practice the 6 you missed' }).waitFor();
    // Each reviewed question's "Read <section>" link, by its content area: assigned-retake.e2e.ts (ADR 0031).
    await expectNoSeriousA11yViolations(page);

    // A second test, taken through the API, then the dashboard numbers.
    const categories = (await (await context.request.get('/api/v1/categories')).json()).categories as {
      id: string;
      code: string;
    }[];
    const a1 = categories.find((c) => c.code === 'A1')?.id;
    const started = await (
      await api.post('/api/v1/test-sessions', { data: { kind: 'category', categoryId: a1 } })
    ).json();
    for (const slot of started.slots as { position: number; question: { question: string } }[]) {
      const key = KEY.get(slot.question.question.trim()) as Letter;
      await api.put(`/api/v1/test-sessions/${started.id}/answers/${slot.position}`, {
        data: { answer: slot.position < 18 ? key : wrong(key) },
      });
    }
    expect((await api.post(`/api/v1/test-sessions/${started.id}/submit`)).status()).toBe(200);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: 'Recent Test History' }).waitFor();
    const insights = page.getByRole('region', { name: 'Performance Insights' });
    await insights.getByText('80%').first().waitFor();
    const text = await insights.innerText();
    expect(text).toMatch(/Tests Taken\s*2/);
    expect(text).toMatch(/Average Score\s*80%/);
    expect(text).toMatch(/Tests Passed\s*2/);
    expect(text).toMatch(/Best Score\s*90%/);
    expect(await page.getByRole('region', { name: 'Recent Test History' }).getByText('Completed').count()).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('full exam: navigator, flags, confirm dialog with counts, results with breakdown (at 375 px)', async () => {
    const { page, problems, context, api } = await openSession(browser, { width: 375, height: 800 });
    await signUpTech(api);
    await page.goto('/app');
    await page.getByRole('link', { name: 'Select Exam' }).click();
    await page.getByRole('heading', { name: 'ASE Practice Exams' }).waitFor();
    await page.getByLabel('Full Comprehensive Exam (all categories)').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    // A briefing before the clock starts.
    await page.getByRole('heading', { name: 'Before you start' }).waitFor();
    await page.getByText('60 questions', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Start Exam' }).click();
    await page.getByText('Question 1 of 60', { exact: false }).waitFor();
    await page.getByRole('timer').waitFor();
    expect(await page.getByRole('timer').innerText()).toMatch(/^(1:00:00|59:\d\d)$/);
    await expectNoSeriousA11yViolations(page);

    for (let i = 0; i < 3; i++) {
      await choose(page, await currentKey(page));
      await page.getByRole('button', { name: 'Next' }).click();
    }
    const flag = page.getByRole('button', { name: 'Flag', exact: true });
    await flag.click();
    await expect.poll(() => flag.getAttribute('aria-pressed')).toBe('true');
    // On a phone the navigator is a bottom sheet behind the grid button.
    await page.getByRole('button', { name: 'Question Navigator, 1 flagged' }).click();
    const sheet = page.getByRole('dialog', { name: 'Question Navigator' });
    await sheet.getByRole('button', { name: 'Question 4, not answered, flagged' }).waitFor();
    await sheet.getByRole('button', { name: 'Question 2, answered' }).click();
    await page.getByText('Question 2 of 60', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Question Navigator, 1 flagged' }).click();
    await page.getByRole('dialog', { name: 'Question Navigator' }).getByRole('button', { name: 'Submit Exam' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Exam?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('You have 57 unanswered questions and 1 flagged question.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Keep Working' }).click();
    await dialog.waitFor({ state: 'detached' });
    // A reload resumes with the server's flags and answers.
    await page.reload();
    await page.getByRole('button', { name: 'Question Navigator, 1 flagged' }).click();
    await sheet.getByRole('button', { name: 'Question 4, not answered, flagged' }).waitFor();
    await sheet.getByRole('button', { name: 'Submit Exam' }).click();
    await page.getByRole('dialog', { name: 'Submit Exam?' }).getByRole('button', { name: 'Submit Exam' }).click();

    await page.getByRole('heading', { name: 'Exam Results' }).waitFor();
    const results = await page.locator('main').innerText();
    expect(results).toContain('5%');
    expect(results).toContain('3 of 60 correct');
    await page.getByRole('heading', { name: 'Category Breakdown' }).waitFor();
    await page.getByRole('heading', { name: 'Question Review' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a failed save shows the spec message and no results; the retry submits once', async () => {
    const { page, problems, context, api } = await openSession(browser);
    await signUpTech(api);
    const categories = (await (await context.request.get('/api/v1/categories')).json()).categories as {
      id: string;
      code: string;
    }[];
    const a2 = categories.find((c) => c.code === 'A2')?.id;
    const test = await (await api.post('/api/v1/test-sessions', { data: { kind: 'category', categoryId: a2 } })).json();
    for (const slot of test.slots as { position: number }[]) {
      await api.put(`/api/v1/test-sessions/${test.id}/answers/${slot.position}`, { data: { answer: 'A' } });
    }
    const exam = await (await api.post('/api/v1/test-sessions', { data: { kind: 'exam', categoryId: a2 } })).json();

    // The server is unreachable when Submit is pressed (a network failure, not a server answer).
    await page.route('**/submit', (route) => route.abort('connectionrefused'));

    await page.goto(`/app/tests/${test.id}`);
    await page.getByRole('button', { name: 'Submit Test' }).click();
    await page.getByText(/^Failed to save test answers: .+/).waitFor();
    expect(await page.getByRole('heading', { name: 'Test Results' }).count()).toBe(0);

    await page.goto(`/app/tests/${exam.id}`);
    await page.getByRole('button', { name: 'Submit Exam' }).click();
    await page.getByRole('dialog', { name: 'Submit Exam?' }).getByRole('button', { name: 'Submit Exam' }).click();
    await page.getByText('Failed to save test answers. Please try again.', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Exam Results' }).count()).toBe(0);

    // Back online: the retry submits, once.
    await page.unroute('**/submit');
    await page.goto(`/app/tests/${test.id}`);
    await page.getByRole('button', { name: 'Submit Test' }).click();
    await page.getByRole('heading', { name: 'Test Results' }).waitFor();
    const dashboard = await (await context.request.get('/api/v1/me/practice-dashboard')).json();
    expect(dashboard.insights.testsTaken).toBe(1);
    // The aborted requests are the only console errors.
    expect(problems.every((p) => /ERR_CONNECTION_REFUSED|Failed to load resource|Failed to fetch/.test(p))).toBe(true);
    await context.close();
  });

  it('study guide: contents, Next/Previous Section, deep links, remembered position, Close', async () => {
    const { page, problems, context, api } = await openSession(browser);
    await signUpTech(api);
    await page.goto('/app');
    await page.getByRole('link', { name: 'Study A1 Engine Repair' }).click();
    await page.waitForURL(/\/app\/study\/A1\/1\/1$/);
    await page.getByRole('heading', { level: 1, name: /^1\.1 / }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Next Section' }).click();
    await page.getByRole('heading', { level: 1, name: /^1\.2 / }).waitFor();
    await page.getByRole('link', { name: 'Previous Section' }).click();
    await page.getByRole('heading', { level: 1, name: /^1\.1 / }).waitFor();
    await page
      .getByRole('navigation', { name: 'Table of contents' })
      .getByRole('link', { name: /^2\.1 / })
      .click();
    await page.waitForURL(/\/app\/study\/A1\/2\/1$/);
    // Chapter boundary going back.
    await page.getByRole('link', { name: 'Previous Section' }).click();
    await page.getByRole('heading', { level: 1, name: /^1\.4 / }).waitFor();
    // Reading position remembered.
    await page.goto('/app/study/A1');
    await page.waitForURL(/\/app\/study\/A1\/1\/4$/);
    await page.getByRole('link', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('exam auto-submit (shortened duration on its own server)', () => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await startTestServer({ EXAM_DURATION_SECONDS: '12' });
    url = server.url;
  });
  afterAll(() => server?.stop());

  it('submits by itself at zero and shows the results', async () => {
    const { page, problems, context, api } = await openSession(browser, { width: 1280, height: 900 }, url);
    await signUpTech(api);
    await page.goto('/app/exams');
    await page.getByLabel('A1 Engine Repair', { exact: true }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Start Exam' }).click();
    await page.getByText('Question 1 of 60', { exact: false }).waitFor();
    await choose(page, await currentKey(page));
    await page.getByText('1 of 60 answered').waitFor();
    await page.getByRole('heading', { name: 'Exam Results' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('main').innerText()).toContain('1 of 60 correct');
    expect(problems).toEqual([]);
    await context.close();
  });
});
