import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../src/domain/due-date';
import { launchBrowser, openSession, type Session, uniqueEmail } from './browser';
import { managerOnTrial } from './manager-helpers';

const root = resolve(import.meta.dirname, '../..');
type Letter = 'A' | 'B' | 'C' | 'D';
/** question text → key, from the content files the server seeded (the e2e never guesses answers). */
const KEY = new Map<string, Letter>();
for (const file of readdirSync(join(root, 'content/questions'))) {
  for (const q of JSON.parse(readFileSync(join(root, 'content/questions', file), 'utf8')) as {
    question: string;
    answer: Letter;
  }[]) {
    KEY.set(q.question.trim(), q.answer);
  }
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * axe, leaving out the toasts: they fade in and out, so their contrast depends on the moment axe looks
 * (their final colours are AA: see styles.css).
 */
async function checkA11y(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

async function signUpTech(session: Session, fullName: string) {
  const sign = await session.api.post('/api/v1/auth/sign-up', {
    data: {
      email: uniqueEmail('e2e.tech'),
      password: 'Rotor-gauge-42',
      fullName,
      role: 'tech',
      yearsOfExperience: '3_to_5',
    },
  });
  expect(sign.status()).toBe(201);
  const survey = await session.api.put('/api/v1/me/experience-level', { data: { experienceLevel: '3_to_5' } });
  expect(survey.status()).toBe(200);
}

async function requestToJoin(page: Page, typed: string, code: string) {
  await page.goto('/app/profile');
  await page.getByRole('heading', { name: 'Shop Change Request' }).waitFor();
  const input = page.getByLabel('Shop code');
  await input.pressSequentially(typed);
  // Upper-cased as typed (docs/PRODUCT.md#shops).
  expect(await input.inputValue()).toBe(code);
  await page.getByLabel('Notes').fill('Starting Monday on bay 2');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await page.getByText('Shop change request submitted! Waiting for manager approval.').waitFor();
  await page.getByText("Your request is waiting for the manager's approval.").waitFor();
}

async function answerCorrectly(page: Page) {
  for (let i = 0; i < 20; i++) {
    await page.getByText(`Question ${i + 1} of 20`, { exact: false }).waitFor();
    const text = (await page.locator('#question-text').innerText()).trim();
    const key = KEY.get(text);
    if (!key) throw new Error(`no key for question: ${text}`);
    const radio = page.getByRole('radio', { name: new RegExp(`^${key}\\.`) });
    await page.locator('label', { has: radio }).click();
    await expect.poll(() => radio.isChecked()).toBe(true);
    if (i < 19) await page.getByRole('button', { name: 'Next' }).click();
  }
}

describe('manager dashboard and profiles', () => {
  let manager: Session;
  let tech: Session;
  let shopCode: string;

  beforeAll(async () => {
    manager = await openSession(browser);
    tech = await openSession(browser);
    shopCode = await managerOnTrial(manager);
    await signUpTech(tech, 'Terry Torque');
  });
  afterAll(async () => {
    await manager.context.close();
    await tech.context.close();
  });

  it('join request typed in lower case → reject → new request → approve → assign A5 → technician passes → Completed', async () => {
    const m = manager.page;
    const t = tech.page;
    await m.goto('/manager');
    await m.getByRole('heading', { name: 'Mona Motors' }).waitFor();
    await m.getByText('No pending requests.', { exact: false }).waitFor();
    await m.getByText('No technicians yet.', { exact: false }).waitFor();
    await m.getByText('No assignments yet.', { exact: false }).waitFor();
    await m.getByText('No completed tests yet.', { exact: false }).waitFor();
    await checkA11y(m);

    await requestToJoin(t, shopCode.toLowerCase(), shopCode);
    await checkA11y(t);

    // The manager rejects the first request behind the spec's confirmation.
    await m.reload();
    const requests = m.getByRole('region', { name: 'Pending Join Requests' });
    await requests.getByText('Terry Torque').waitFor();
    await requests.getByText('Starting Monday on bay 2').waitFor();
    await requests.getByRole('button', { name: 'Reject Terry Torque' }).click();
    const reject = m.getByRole('alertdialog');
    await reject.getByText('Reject this shop change request?').waitFor();
    await checkA11y(m);
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await requests.getByText('No pending requests.', { exact: false }).waitFor();

    // The technician can ask again; the manager approves.
    await t.reload();
    await requestToJoin(t, shopCode.toLowerCase(), shopCode);
    await m.reload();
    await requests.getByRole('button', { name: 'Approve Terry Torque' }).click();
    const approve = m.getByRole('alertdialog');
    await approve.getByText('Approve this technician to join your shop?').waitFor();
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await approve.waitFor({ state: 'detached' });
    const progress = m.getByRole('region', { name: 'Technician Progress' });
    await progress.getByRole('rowheader', { name: 'Terry Torque' }).waitFor();
    await expect
      .poll(async () => m.locator('dl').first().innerText())
      .toMatch(/Technicians\s*1\b[\s\S]*Pending Approvals\s*0/);

    // The approval history shows both decisions with the reviewer.
    await m.getByRole('button', { name: 'Approval History' }).click();
    const history = m.getByRole('dialog', { name: 'Approval History' });
    await history.getByText('Approved').waitFor();
    await history.getByText('Rejected').waitFor();
    expect(await history.getByText('By Mona Manager', { exact: false }).count()).toBe(2);
    await checkA11y(m);
    await m.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened it.
    await expect.poll(() => m.evaluate(() => document.activeElement?.textContent)).toBe('Approval History');

    // Assign A5 from Terry's row (technician fixed), due in 7 days by default.
    await progress.getByRole('button', { name: 'Assign Test to Terry Torque' }).click();
    const assign = m.getByRole('dialog', { name: 'Assign a Test to Terry Torque' });
    const timeZone = await m.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await assign.getByLabel('Due date').inputValue()).toBe(defaultDueDate(new Date(), timeZone));
    expect(await assign.getByLabel('Technician').inputValue()).toBe('Terry Torque');
    await assign.getByRole('button', { name: 'Assign Test' }).click();
    await assign.getByText('Please choose a category').waitFor();
    await assign.getByLabel('Category').selectOption({ label: 'A5 Brakes' });
    await assign.getByLabel('Notes').fill('Before the brake clinic');
    await checkA11y(m);
    await assign.getByRole('button', { name: 'Assign Test' }).click();
    await m.getByText('A5 Brakes assigned to Terry Torque.').waitFor();
    const assignments = m.getByRole('region', { name: 'Test Assignments' });
    const row = assignments.getByRole('row', { name: /Terry Torque/ });
    await row.getByText('Not Started').waitFor();
    await row.getByText('Before the brake clinic').waitFor();

    // The technician sees it under Assigned Tests, takes it and passes.
    await t.goto('/app');
    await t.getByRole('heading', { name: 'Assigned Tests' }).waitFor();
    await t.getByRole('button', { name: 'Start Test: assigned A5 Brakes' }).click();
    await answerCorrectly(t);
    await t.getByRole('button', { name: 'Submit Test' }).click();
    await t.getByRole('heading', { name: 'Test Results' }).waitFor();
    expect(await t.locator('main').innerText()).toContain('Passed');
    await t.getByRole('link', { name: 'Back to Dashboard' }).click();
    await t.getByText('No assigned tests right now.').waitFor();

    // Completed for the manager; the heat row and the history show the test.
    await m.reload();
    await row.getByText('Completed').waitFor();
    const terry = progress.getByRole('row', { name: /Terry Torque/ });
    expect(await terry.innerText()).toMatch(/\b1\b[\s\S]*100%[\s\S]*100%/);
    await m
      .getByRole('region', { name: 'Test History' })
      .getByRole('row', { name: /Terry Torque/ })
      .getByText('Pass')
      .waitFor();
    expect(manager.problems).toEqual([]);
    expect(tech.problems).toEqual([]);
  });

  it('manager profile: edit name, copy the shop code (message gone after 3 s)', async () => {
    const m = manager.page;
    await manager.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await m.goto('/manager');
    await m.getByRole('link', { name: 'Profile' }).click();
    await m.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await m.getByText(shopCode, { exact: true }).waitFor();
    const save = m.getByRole('button', { name: 'Save Changes' });
    expect(await save.isDisabled()).toBe(true);
    await checkA11y(m);

    await m.getByRole('button', { name: 'Copy Shop Code' }).click();
    const copied = m.getByText('Shop code copied to clipboard!');
    await copied.waitFor();
    expect(await m.evaluate(() => navigator.clipboard.readText())).toBe(shopCode);
    await copied.waitFor({ state: 'detached', timeout: 4500 });

    await m.getByLabel('Full name').fill('Mona Lisa Manager');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await m.getByText('Profile updated successfully!').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await m.getByRole('banner').getByText('Mona Lisa Manager').waitFor();
    expect(manager.problems).toEqual([]);
  });

  it('view-only mode hides the header and the subscription banner', async () => {
    const m = manager.page;
    await m.goto('/manager?view=wall');
    await m.getByRole('heading', { name: 'Mona Motors' }).waitFor();
    await m
      .getByRole('region', { name: 'Technician Progress' })
      .getByRole('rowheader', { name: 'Terry Torque' })
      .waitFor();
    await m.getByText('refreshes every minute', { exact: false }).waitFor();
    expect(await m.getByRole('banner').count()).toBe(0);
    expect(await m.getByRole('button', { name: 'Sign Out' }).count()).toBe(0);
    expect(await m.getByRole('link', { name: 'Manage Subscription' }).count()).toBe(0);
    expect(await m.getByRole('button', { name: /Assign Test/ }).count()).toBe(0);
    await checkA11y(m);
    expect(manager.problems).toEqual([]);
  });

  it('Test Assignments come 25 at a time: Show more, by keyboard, loads the rest (and fits 375 px)', async () => {
    const m = manager.page;
    const { technicians } = await (await manager.context.request.get('/api/v1/manager/technicians')).json();
    const terryId = (technicians as { id: string; fullName: string }[]).find((r) => r.fullName === 'Terry Torque')!.id;
    const { categories } = await (await manager.context.request.get('/api/v1/categories')).json();
    const a1 = (categories as { id: string; code: string }[]).find((c) => c.code === 'A1')!;
    // The journey left one (completed); 26 more open ones due from tomorrow on make 27: a page of 25, then 2.
    const tomorrow = new Date(Date.now() + 86_400_000);
    for (let i = 0; i < 26; i++) {
      const assigned = await manager.api.post('/api/v1/manager/assignments', {
        data: { techId: terryId, categoryId: a1.id, dueDate: defaultDueDate(tomorrow, 'UTC'), notes: `Page ${i}` },
      });
      expect(assigned.status()).toBe(201);
    }
    await m.goto('/manager');
    const assignments = m.getByRole('region', { name: 'Test Assignments' });
    await assignments.getByText('Showing 25 assignments; there are more.').waitFor();
    expect(await assignments.getByRole('row', { name: /Terry Torque/ }).count()).toBe(25);
    const more = assignments.getByRole('button', { name: 'Show more' });
    await more.focus();
    await m.keyboard.press('Enter');
    await assignments.getByText('Showing all 27 assignments.').waitFor();
    expect(await assignments.getByRole('row', { name: /Terry Torque/ }).count()).toBe(27);
    expect(await more.count()).toBe(0);
    // The completed one comes last, after every open one.
    await assignments
      .getByRole('row', { name: /Terry Torque/ })
      .last()
      .getByText('Completed')
      .waitFor();
    await checkA11y(m);

    const phone = await openSession(browser, { width: 375, height: 812 });
    await phone.context.addCookies(await manager.context.cookies());
    await phone.page.goto('/manager');
    const cards = phone.page.getByRole('region', { name: 'Test Assignments' });
    await cards.getByRole('button', { name: 'Show more' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await cards.getByRole('button', { name: 'Show more' }).click();
    await cards.getByText('Showing all 27 assignments.').waitFor();
    expect(phone.problems).toEqual([]);
    await phone.context.close();
    expect(manager.problems).toEqual([]);
  });

  it('works at 375 px: dashboard, technician profile with its pending request cancelled', async () => {
    const phone = await openSession(browser, { width: 375, height: 812 });
    await phone.context.addCookies(await manager.context.cookies());
    await phone.page.goto('/manager');
    await phone.page.getByRole('heading', { name: 'Technician Progress' }).waitFor();
    await phone.page
      .getByRole('region', { name: 'Technician Progress' })
      .getByRole('heading', { name: 'Terry Torque', level: 3 })
      .waitFor();
    await phone.page.getByRole('button', { name: 'Assign Test to Terry Torque' }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await checkA11y(phone.page);

    const techPhone = await openSession(browser, { width: 375, height: 812 });
    await signUpTech(techPhone, 'Casey Cancel');
    await requestToJoin(techPhone.page, shopCode.toLowerCase(), shopCode);
    expect(await techPhone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await checkA11y(techPhone.page);
    await techPhone.page.getByRole('button', { name: 'Cancel Request' }).click();
    await techPhone.page.getByText('Request cancelled', { exact: true }).waitFor();
    await techPhone.page.getByRole('button', { name: 'Submit Request' }).waitFor();
    // An empty code is refused with the spec's words.
    await techPhone.page.getByRole('button', { name: 'Submit Request' }).click();
    await techPhone.page.getByText('Please enter a shop code').waitFor();
    expect(phone.problems).toEqual([]);
    expect(techPhone.problems).toEqual([]);
    await phone.context.close();
    await techPhone.context.close();
  });
});

describe('the dashboard keeps itself current', () => {
  it('a join request made elsewhere shows when the window regains focus; its cancelling, within a minute', async () => {
    const owner = await openSession(browser);
    const newcomer = await openSession(browser);
    const code = await managerOnTrial(owner, { shopName: 'Fresh Fleet', emailPrefix: 'e2e.fresh' });
    await signUpTech(newcomer, 'Nina Newcomer');
    const m = owner.page;
    // The page's clock, so a minute passes at once (it runs at the normal pace otherwise).
    await m.clock.install();
    await m.goto('/manager');
    await m.getByRole('heading', { name: 'Fresh Fleet' }).waitFor();
    const requests = m.getByRole('region', { name: 'Pending Join Requests' });
    await requests.getByText('No pending requests.', { exact: false }).waitFor();

    // In another browser the technician asks to join; the manager comes back to the dashboard's window.
    const asked = await newcomer.api.post('/api/v1/me/shop-requests', { data: { shopCode: code } });
    expect(asked.status()).toBe(201);
    const { request } = await asked.json();
    await m.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await requests.getByText('Nina Newcomer').waitFor({ timeout: 3000 });
    await expect.poll(() => m.locator('dl').first().innerText(), { timeout: 3000 }).toMatch(/Pending Approvals\s*1/);

    // The technician cancels; with the window left alone, the next minute's read shows it.
    expect((await newcomer.api.post(`/api/v1/me/shop-requests/${request.id}/cancel`)).status()).toBe(200);
    await m.clock.fastForward(61_000);
    await requests.getByText('No pending requests.', { exact: false }).waitFor({ timeout: 3000 });
    await expect.poll(() => m.locator('dl').first().innerText(), { timeout: 3000 }).toMatch(/Pending Approvals\s*0/);
    expect(owner.problems).toEqual([]);
    expect(newcomer.problems).toEqual([]);
    await owner.context.close();
    await newcomer.context.close();
  });
});
