import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDueDate } from '../../src/domain/due-date';
import { validPayment } from '../fixtures/billing';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, PHONE, type Session, uniqueEmail } from './browser';
import { ITEMS, type Letter, wrong } from './practice-helpers';

/**
 * The manager assigns a test → the technician's bell shows 1 without a reload → the entry
 * opens the test; the technician finishes it → the manager's bell shows the result. The technician is on a
 * phone (375 × 812), the manager on a desktop. `E2E_SCREENSHOTS_DIR` keeps screenshots of the bell, the open
 * panel, the empty state and the preferences for a person to look at.
 */
const PASSWORD = 'Rotor-gauge-42';
/** The bell polls every 30 s (ADR 0043): a new message shows within one interval and a little. */
const POLL_WAIT_MS = 40_000;
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser.close();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** A manager whose shop is paid for, set up through the API; the shop's code. */
async function managerWithShop(manager: Session): Promise<string> {
  const code = `SHOP${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, '7')}`;
  const sign = await manager.api.post('/api/v1/auth/sign-up', {
    data: {
      email: uniqueEmail('e2e.notify'),
      password: PASSWORD,
      fullName: 'Mona Manager',
      role: 'manager',
      shopCode: code,
    },
  });
  expect(sign.status()).toBe(201);
  const shop = await manager.api.post('/api/v1/shops', { data: { name: 'Bell Motors', type: 'independent' } });
  expect(shop.status()).toBe(201);
  const { plans } = await (await manager.context.request.get('/api/v1/shop/plans')).json();
  const paid = await manager.api.post('/api/v1/shop/subscription', {
    data: { planId: plans[0].id, payment: validPayment },
  });
  expect(paid.status()).toBe(201);
  return (await shop.json()).shop.shopCode as string;
}

const bell = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('notifications: assign → bell → test → result', () => {
  let manager: Session;
  let tech: Session;
  beforeAll(async () => {
    manager = await openSession(browser, { width: 1280, height: 800 });
    tech = await openSession(browser, PHONE.viewport);
  });
  afterAll(async () => {
    await manager.context.close();
    await tech.context.close();
  });

  it('tells each side what needs them, without a reload', { timeout: 180_000 }, async () => {
    const m = manager.page;
    const t = tech.page;
    const shopCode = await managerWithShop(manager);

    // The manager's empty centre: a panel under the bell, its empty state, Escape back to the bell.
    await m.goto('/manager');
    await bell(m, 'Notifications').click();
    const mPanel = m.getByRole('dialog', { name: 'Notifications' });
    await mPanel.getByText('No notifications yet', { exact: true }).waitFor();
    await shot(m, 'desktop-empty');
    await expectNoSeriousA11yViolations(m);
    await m.keyboard.press('Escape');
    await mPanel.waitFor({ state: 'detached' });
    expect(await bell(m, 'Notifications').evaluate((el) => el === document.activeElement)).toBe(true);

    // The technician joins; the manager approves. Both start from nothing unread.
    const sign = await tech.api.post('/api/v1/auth/sign-up', {
      data: {
        email: uniqueEmail('e2e.notify'),
        password: PASSWORD,
        fullName: 'Terry Torque',
        role: 'tech',
        yearsOfExperience: '3_to_5',
        shopCode,
      },
    });
    expect(sign.status()).toBe(201);
    const techId = (await sign.json()).user.id as string;
    const { requests } = await (await manager.context.request.get('/api/v1/manager/join-requests')).json();
    const request = (requests as { id: string; technician: { id: string } }[]).find((r) => r.technician.id === techId)!;
    expect((await manager.api.post(`/api/v1/manager/join-requests/${request.id}/approve`)).status()).toBe(200);
    expect((await tech.api.post('/api/v1/notifications/read-all')).status()).toBe(200);
    expect((await manager.api.post('/api/v1/notifications/read-all')).status()).toBe(200);

    // The technician's dashboard is open on the phone when the manager assigns A5.
    await t.goto('/app');
    await bell(t, 'Notifications').waitFor();
    const { categories } = await (await manager.context.request.get('/api/v1/categories')).json();
    const a5 = (categories as { id: string; code: string }[]).find((c) => c.code === 'A5')!;
    const assigned = await manager.api.post('/api/v1/manager/assignments', {
      data: { techId, categoryId: a5.id, dueDate: defaultDueDate(new Date(), 'UTC'), notes: 'Before the clinic' },
    });
    expect(assigned.status()).toBe(201);

    // Within one poll the bell says 1, by its name and its badge.
    const techBell = bell(t, 'Notifications, 1 unread');
    await techBell.waitFor({ timeout: POLL_WAIT_MS });
    expect((await techBell.innerText()).trim()).toBe('1');
    await shot(t, 'phone-bell');
    await techBell.click();
    const tPanel = t.getByRole('dialog', { name: 'Notifications' });
    const entry = tPanel.getByRole('listitem').first();
    await entry.getByText('New', { exact: true }).waitFor();
    await shot(t, 'phone-panel');
    await expectNoSeriousA11yViolations(t);

    // The entry opens the assigned test's screen and is read from then on.
    const { items } = await (await tech.context.request.get('/api/v1/notifications')).json();
    const link = (items as { kind: string; link: string }[]).find((n) => n.kind === 'assignment_created')!.link;
    await entry.getByRole('link').click();
    await t.waitForURL((url) => `${url.pathname}${url.search}` === link);
    await bell(t, 'Notifications').waitFor();
    await t.getByRole('button', { name: 'Start Test: assigned A5 Brakes' }).click();
    await t.waitForURL(/\/app\/tests\/[0-9a-f-]+$/);

    // The technician finishes it (18 of 20) while the manager's dashboard is open.
    await m.goto('/manager');
    await bell(m, 'Notifications').waitFor();
    const sessionId = new URL(t.url()).pathname.split('/').at(-1)!;
    const started = await (await tech.context.request.get(`/api/v1/test-sessions/${sessionId}`)).json();
    for (const slot of started.slots as { position: number; question: { id: string } }[]) {
      const key = ITEMS.get(slot.question.id)!.answer;
      const answer: Letter = slot.position < 18 ? key : wrong(key);
      const saved = await tech.api.put(`/api/v1/test-sessions/${sessionId}/answers/${slot.position}`, {
        data: { answer },
      });
      expect(saved.status()).toBe(200);
    }
    expect((await tech.api.post(`/api/v1/test-sessions/${sessionId}/submit`)).status()).toBe(200);

    // The manager's bell says 1 within one poll; the entry names the technician and the result.
    const managerBell = bell(m, 'Notifications, 1 unread');
    await managerBell.waitFor({ timeout: POLL_WAIT_MS });
    await shot(m, 'desktop-bell');
    await managerBell.click();
    const result = mPanel.getByRole('listitem').first();
    await result.getByText('New', { exact: true }).waitFor();
    expect(await result.innerText()).toMatch(/Terry Torque/);
    expect(await result.innerText()).toMatch(/90\s?%/);
    await shot(m, 'desktop-panel');
    await expectNoSeriousA11yViolations(m);
    // Mark all read empties the count; the entry stays, read.
    await mPanel.getByRole('button', { name: 'Mark all read' }).click();
    await mPanel.getByText('All read', { exact: true }).waitFor();
    expect(await result.getByText('New', { exact: true }).count()).toBe(0);
    await m.keyboard.press('Escape');
    await bell(m, 'Notifications').waitFor();

    expect(tech.problems).toEqual([]);
    expect(manager.problems).toEqual([]);
  });

  it('keeps e-mail preferences on the profile and reaches the centre from the phone menu', async () => {
    const t = tech.page;
    await t.goto('/app/profile');
    const card = t.getByRole('region', { name: 'Notifications' });
    await card.getByText(/In-app notifications are always on/).waitFor();
    const assignedSwitch = card.getByRole('switch', { name: 'A test assigned to you' });
    const before = await assignedSwitch.getAttribute('aria-checked');
    await assignedSwitch.click();
    await t.getByText('Notification settings saved.', { exact: true }).waitFor();
    await card.getByLabel('Study nudge day').selectOption({ label: 'Friday' });
    await card.getByRole('switch', { name: 'A test assigned to you' }).scrollIntoViewIfNeeded();
    await shot(t, 'phone-preferences');
    await expectNoSeriousA11yViolations(t);
    await t.reload();
    const after = t
      .getByRole('region', { name: 'Notifications' })
      .getByRole('switch', { name: 'A test assigned to you' });
    await expect.poll(() => after.getAttribute('aria-checked')).toBe(before === 'true' ? 'false' : 'true');
    expect(await t.getByLabel('Study nudge day').inputValue()).toBe('5');

    // The phone menu's entry opens the centre as a page.
    await t.getByRole('button', { name: 'Menu' }).click();
    await t
      .getByRole('dialog')
      .getByRole('link', { name: /^Notifications/ })
      .click();
    await t.waitForURL((url) => url.pathname === '/app/notifications');
    await t.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await t.getByRole('listitem').first().waitFor();
    await expectNoSeriousA11yViolations(t);

    const m = manager.page;
    await m.goto('/manager/profile');
    const mCard = m.getByRole('region', { name: 'Notifications' });
    await mCard.getByRole('radio', { name: 'One daily summary' }).waitFor();
    await mCard.getByRole('switch', { name: 'New join requests' }).waitFor();
    expect(await mCard.getByRole('switch', { name: 'A test assigned to you' }).count()).toBe(0);
    await shot(m, 'desktop-preferences');
    await expectNoSeriousA11yViolations(m);
    expect(tech.problems).toEqual([]);
    expect(manager.problems).toEqual([]);
  });

  it('says plainly when an unsubscribe link is not valid, signed out', async () => {
    const visitor = await openSession(browser, PHONE.viewport);
    try {
      await visitor.page.goto('/unsubscribe?token=not-a-real-token');
      await visitor.page.getByText(/This unsubscribe link is not valid/).waitFor();
      await expectNoSeriousA11yViolations(visitor.page);
      // The refused token's 400 is the answer under test; Chromium logs every 4xx as a console error.
      expect(visitor.problems.filter((p) => !p.includes('400'))).toEqual([]);
    } finally {
      await visitor.context.close();
    }
  });
});
