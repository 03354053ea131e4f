import { and, eq, sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { loadContent } from '../../src/server/db/content';
import { aseCategories, reviewCards, testAnswers } from '../../src/server/db/schema';
import { seedContent } from '../../src/server/db/seed';
import { startTest } from '../fixtures/practice';
import { firstOf } from '../fixtures/present';
import { injectAsSameOrigin, signUpTech } from '../fixtures/test-app';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, PHONE } from './browser';
import { e2eDataDir, startTestServer, type TestServer } from './server';

/**
 * Exhibits (ADR 0047) in a browser at 375 × 812: an item with a figure in a category test and an item with a data table in
 * the review deck (the bank's least narrow table: it scrolls inside its box, the page never widens). The figure
 * fits the phone's width, opens full screen and closes; axe passes with it on screen; a screen reader gets its
 * text alternative. The exhibit items are the bank's own.
 */
const content = loadContent();
const figureItem = content.questions.find((q) => q.exhibit?.type === 'figure');
/** The least narrow table: the sum over its columns of the longest word, the width it cannot wrap below. */
const unwrappableWidth = (q: (typeof content.questions)[number]) => {
  if (q.exhibit?.type !== 'table') return 0;
  const { columns, rows } = q.exhibit;
  const longest = (text: string) => Math.max(...text.split(/\s+/).map((word) => word.length));
  return columns.reduce(
    (sum, column, i) => sum + Math.max(longest(column), ...rows.map((row) => longest(row[i] ?? ''))),
    0,
  );
};
const tableItem = content.questions.reduce<(typeof content.questions)[number] | undefined>(
  (widest, q) => (unwrappableWidth(q) > (widest ? unwrappableWidth(widest) : 0) ? q : widest),
  undefined,
);

let browser: Browser;
let server: TestServer;
let email: string;
let sessionId: string;

/** A technician with a category test whose first question is the figure item and a due review card for the table item. */
async function prepare(dataDir: string) {
  if (!figureItem || !tableItem) throw new Error('the bank needs an item with a figure and one with a table');
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedContent(database.db, content);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false });
  injectAsSameOrigin(app, config.BASE_URL);
  await app.ready();
  try {
    const tech = await signUpTech(app, { fullName: 'Fig Reader' });
    const userId = tech.response.json().user.id as string;
    const category = firstOf(
      await database.db
        .select({ id: aseCategories.id })
        .from(aseCategories)
        .where(eq(aseCategories.code, figureItem.category)),
    );
    const session = await startTest(app, tech.cookie, { kind: 'category', categoryId: category.id });
    // Put the figure item first: where the draw already holds it, its slot takes the first one's question.
    const holder = session.slots.find((s) => s.question.id === figureItem.id);
    await database.db.transaction(async (tx) => {
      if (holder)
        await tx
          .update(testAnswers)
          .set({ questionId: session.slots[0]!.question.id })
          .where(and(eq(testAnswers.sessionId, session.id), eq(testAnswers.position, holder.position)));
      await tx
        .update(testAnswers)
        .set({ questionId: figureItem.id })
        .where(and(eq(testAnswers.sessionId, session.id), eq(testAnswers.position, 0)));
    });
    await database.db
      .insert(reviewCards)
      .values({ userId, questionId: tableItem.id, due: sql`now() - interval '1 hour'`, state: 2, reps: 1 });
    return { email: tech.email, sessionId: session.id };
  } finally {
    await app.close();
    await database.close();
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  const dataDir = e2eDataDir();
  ({ email, sessionId } = await prepare(dataDir));
  server = await startTestServer({}, dataDir);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('exhibits at 375 px', () => {
  it('a figure in a category test fits, opens full screen and closes; a table in review reads as a table', async () => {
    const { page, context, problems } = await openSession(browser, PHONE.viewport, server.url);
    const signIn = await context.request.post('/api/v1/auth/sign-in', {
      data: { email, password: 'Rotor-gauge-42' },
      headers: { origin: server.url },
    });
    expect(signIn.status()).toBe(200);

    await page.goto(`/app/tests/${sessionId}`);
    const figure = page.locator('figure[data-exhibit="figure"]');
    await figure.waitFor();
    const exhibit = figureItem?.exhibit as { title: string; alt: string };
    expect(await figure.locator('figcaption').textContent()).toContain(exhibit.title);
    // The image is the figure; a screen reader reads its text alternative.
    expect(await figure.getByText(exhibit.alt).count()).toBe(1);
    const box = await figure.locator('img').boundingBox();
    expect(box?.width).toBeGreaterThan(250);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/exhibit-figure-375.png', fullPage: true });

    // Full screen: a dialog named after the figure, zoom in, then Close returns to the question.
    await figure.getByRole('button', { name: `Open ${exhibit.title} full screen` }).click();
    const dialog = page.getByRole('dialog', { name: exhibit.title });
    await dialog.waitFor();
    const wide = await dialog.locator('img').boundingBox();
    await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await dialog.locator('img').boundingBox())?.width).toBeGreaterThan(wide?.width ?? 0);
    await page.screenshot({ path: 'test-results/exhibit-full-screen-375.png' });
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.getByRole('radio').count()).toBe(4);

    // The review deck: the table item with its table, headers and all.
    await page.goto('/app/review');
    await page.getByText('Card 1 of 1').waitFor();
    const table = page.locator('figure[data-exhibit="table"]');
    await table.waitFor();
    const tableExhibit = tableItem?.exhibit as { title: string; columns: string[] };
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(tableExhibit.columns);
    await page.screenshot({ path: 'test-results/exhibit-table-375.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
  });
});
