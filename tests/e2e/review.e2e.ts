import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { loadContent } from '../../src/server/db/content';
import { seedContent } from '../../src/server/db/seed';
import { injectAsSameOrigin, signUpTech } from '../fixtures/test-app';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, type Session, uniqueEmail } from './browser';
import { e2eDataDir, startTestServer, type TestServer } from './server';

/**
 * The review deck (docs/PRODUCT.md#review-deck) in a browser: a question missed in a category test is in Review the same day; answering it
 * right makes the due count drop; a question is reported from the results review; an editor (made with
 * `npm run user:editor`) sees it first on /editor/questions, which is Not found for a technician.
 */
const root = resolve(import.meta.dirname, '../..');
type Letter = 'A' | 'B' | 'C' | 'D';
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
let server: TestServer;
let editorEmail: string;

/** A database with an editor account, made editor by the CLI, before the server starts on it. */
async function dataDirWithEditor() {
  const dataDir = e2eDataDir();
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedContent(database.db, loadContent());
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false });
  injectAsSameOrigin(app, config.BASE_URL);
  await app.ready();
  const editor = await signUpTech(app, { fullName: 'Eddie Editor' });
  await app.close();
  await database.close();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    BASE_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  };
  delete env.DATABASE_URL;
  const cli = spawnSync('npx', ['tsx', 'src/server/db/user-editor-cli.ts', editor.email], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  expect(cli.status, cli.stderr).toBe(0);
  expect(cli.stdout).toContain('is an editor');
  return { dataDir, email: editor.email };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const prepared = await dataDirWithEditor();
  editorEmail = prepared.email;
  server = await startTestServer({}, prepared.dataDir);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signUp({ api }: Session) {
  const sign = await api.post('/api/v1/auth/sign-up', {
    data: {
      email: uniqueEmail('e2e.review'),
      password: 'Rotor-gauge-42',
      fullName: 'Rita Review',
      role: 'tech',
      yearsOfExperience: '3_to_5',
    },
  });
  expect(sign.status()).toBe(201);
  expect((await api.put('/api/v1/me/experience-level', { data: { experienceLevel: '3_to_5' } })).status()).toBe(200);
}

/** An A1 test answered through the API with the first question wrong and the rest right, then submitted. */
async function testWithOneMiss({ api, context }: Session) {
  const categories = (await (await context.request.get('/api/v1/categories')).json()).categories as {
    id: string;
    code: string;
  }[];
  const started = await (
    await api.post('/api/v1/test-sessions', {
      data: { kind: 'category', categoryId: categories.find((c) => c.code === 'A1')?.id },
    })
  ).json();
  const slots = started.slots as { position: number; question: { id: string; question: string } }[];
  for (const slot of slots) {
    const key = KEY.get(slot.question.question.trim()) as Letter;
    const saved = await api.put(`/api/v1/test-sessions/${started.id}/answers/${slot.position}`, {
      data: { answer: slot.position === 0 ? wrong(key) : key },
    });
    expect(saved.status()).toBe(200);
  }
  expect((await api.post(`/api/v1/test-sessions/${started.id}/submit`)).status()).toBe(200);
  return { id: started.id as string, missed: slots[0]!.question };
}

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

describe('review of missed questions (375 px)', () => {
  it('a missed question is due the same day; answering it right makes the due count drop', async () => {
    const session = await openSession(browser, { width: 375, height: 812 }, server.url);
    const { page, problems, context } = session;
    await signUp(session);
    const { missed } = await testWithOneMiss(session);

    await page.goto('/app');
    await page.getByRole('heading', { name: 'Review — 1 due' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Start Review' }).click();
    await page.getByText('Card 1 of 1').waitFor();
    await page.getByText(missed.question.trim().slice(0, 40), { exact: false }).first().waitFor();
    await noHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    const key = KEY.get(missed.question.trim()) as Letter;
    await page.locator(`label:has(input[value="${key}"])`).click();
    await page.getByText(`Correct! The answer is ${key}.`).waitFor();
    await page.getByText('Next review:', { exact: false }).waitFor();
    await noHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Finish review' }).click();
    await page.getByRole('heading', { name: 'Review done' }).waitFor();
    await page.getByText('You got 1 of 1 right.', { exact: false }).waitFor();

    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await page.getByRole('heading', { name: 'Review — 0 due' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start Review' }).isDisabled()).toBe(true);
    await page.getByText('Nothing due right now.', { exact: false }).waitFor();

    await page.goto('/app/analytics');
    await page.getByRole('heading', { name: 'Review deck' }).waitFor();
    await noHorizontalScroll(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('question reports and the editor page', () => {
  it('a technician reports a question from the results review; the editor sees it first and resolves it', async () => {
    const tech = await openSession(browser, { width: 375, height: 812 }, server.url);
    await signUp(tech);
    const { id, missed } = await testWithOneMiss(tech);
    await tech.page.goto(`/app/tests/${id}`);
    await tech.page.getByRole('heading', { name: 'Test Results' }).waitFor();
    // The review is collapsed: open the missed question's card to reach its Report button.
    const review = tech.page.locator('[aria-labelledby="review-title"]');
    await review.getByRole('button', { expanded: false }).first().click();
    await tech.page.getByRole('button', { name: 'Report a problem' }).first().click();
    const dialog = tech.page.getByRole('dialog', { name: 'Report this question' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Choose a reason.').waitFor();
    await dialog.getByLabel('Wrong answer key').check();
    await dialog.getByLabel('Note (optional)').fill('The service manual says otherwise.');
    await expectNoSeriousA11yViolations(tech.page);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Thanks! Our editors will look at this question.').waitFor();
    await tech.page.keyboard.press('Escape');
    await tech.page.getByRole('button', { name: 'Reported' }).first().waitFor();
    // A second report of the same question says so.
    const again = await tech.api.post(`/api/v1/questions/${missed.id}/reports`, { data: { reason: 'typo' } });
    expect(again.status()).toBe(409);
    // The editor page does not exist for a technician.
    await tech.page.goto('/editor/questions');
    await tech.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(tech.problems.filter((p) => !p.includes('404'))).toEqual([]);
    await tech.context.close();

    const editor = await openSession(browser, { width: 1280, height: 800 }, server.url);
    expect(
      (
        await editor.api.post('/api/v1/auth/sign-in', { data: { email: editorEmail, password: 'Rotor-gauge-42' } })
      ).status(),
    ).toBe(200);
    await editor.page.goto('/editor/questions');
    await editor.page.getByRole('heading', { name: 'Question quality' }).waitFor();
    const first = editor.page.locator('li[data-question-id]').first();
    expect(await first.getAttribute('data-question-id')).toBe(missed.id);
    await first.getByText('1 open report').waitFor();
    await first.getByText('The service manual says otherwise.').waitFor();
    await expectNoSeriousA11yViolations(editor.page);
    await first.getByLabel('Resolution note').fill('Checked against the manual: the key is right.');
    await first.getByRole('button', { name: 'Resolve report' }).click();
    await first.getByText('Resolved', { exact: false }).waitFor();
    await first.getByRole('paragraph').filter({ hasText: 'Checked against the manual: the key is right.' }).waitFor();
    expect(await first.getByText('1 open report').count()).toBe(0);
    expect(await first.getByRole('button', { name: 'Resolve report' }).count()).toBe(0);
    expect(editor.problems).toEqual([]);
    await editor.context.close();
  });
});
