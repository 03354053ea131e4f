import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validPayment } from '../fixtures/billing';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, PHONE, type Session, uniqueEmail } from './browser';

/** Items 4 and 5: the manager on a phone (certification cards, the invite link) and the shop code at sign-up. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PASSWORD = 'Rotor-gauge-42';

/** A manager whose shop (Invite Motors) is on its trial, set up through the API; the shop's code. */
async function managerOnTrial(manager: Session): Promise<string> {
  const code = `SHOP${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, '7')}`;
  const sign = await manager.api.post('/api/v1/auth/sign-up', {
    data: {
      email: uniqueEmail('e2e.invmgr'),
      password: PASSWORD,
      fullName: 'Mona Manager',
      role: 'manager',
      shopCode: code,
    },
  });
  expect(sign.status()).toBe(201);
  expect(
    (await manager.api.post('/api/v1/shops', { data: { name: 'Invite Motors', type: 'independent' } })).status(),
  ).toBe(201);
  const { plans } = await (await manager.context.request.get('/api/v1/shop/plans')).json();
  const paid = await manager.api.post('/api/v1/shop/subscription', {
    data: { planId: plans[0].id, payment: validPayment },
  });
  expect(paid.status()).toBe(201);
  return code;
}

async function fillTechnician(page: Page, name: string) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(uniqueEmail('e2e.invtech'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Years of experience').selectOption({ label: '3-5 years' });
}

/** Whether the whole of an element is inside the viewport (a phone: nothing to scroll to). */
async function inViewport(page: Page, element: ReturnType<Page['getByRole']>) {
  const box = await element.boundingBox();
  const size = page.viewportSize();
  return (
    box !== null &&
    size !== null &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= size.width &&
    box.y + box.height <= size.height
  );
}

describe('the manager on a phone', () => {
  it('shares an invite link from the dashboard that signs a technician up into the shop', async () => {
    const manager = await openSession(browser, PHONE.viewport);
    const tech = await openSession(browser, PHONE.viewport);
    const code = await managerOnTrial(manager);
    const m = manager.page;
    // Chromium on Linux has no share sheet: record what the page hands to it.
    await manager.context.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
        },
      });
    });
    await manager.context.grantPermissions(['clipboard-read', 'clipboard-write']);

    await m.goto('/manager');
    await m.getByRole('heading', { name: 'Invite Motors' }).waitFor();
    await m.getByText(code, { exact: true }).waitFor();
    await m.getByRole('button', { name: 'Copy invite link' }).click();
    await m.getByText('Invite link copied to clipboard!').waitFor();
    const copied = await m.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${new URL(m.url()).origin}/sign-up?shop=${code}`);
    await m.getByRole('button', { name: 'Share invite link' }).click();
    const shared = await m.waitForFunction(() => (window as unknown as { shared?: ShareData }).shared);
    const data = (await shared.jsonValue()) as ShareData;
    expect(data.url).toBe(copied);
    expect(data.text).toContain('Invite Motors');
    await expectNoSeriousA11yViolations(m);

    // The technician opens the link: the code is filled in and names the shop; nothing to retype.
    const t = tech.page;
    await t.goto(new URL(copied).pathname + new URL(copied).search);
    await t.getByRole('heading', { name: 'Create your account' }).waitFor();
    await t.getByText("You're invited to join Invite Motors.", { exact: false }).waitFor();
    expect(await t.getByLabel('Shop code (optional)').inputValue()).toBe(code);
    await t.getByText('Shop found: Invite Motors').waitFor();
    await expectNoSeriousA11yViolations(t);
    await fillTechnician(t, 'Ivy Invite');
    await t.getByRole('button', { name: 'Create Account' }).click();
    await t.waitForURL((url) => url.pathname === '/app');
    // The dashboard names the shop the request waits on, as the invite did, not its code.
    await t.getByText("Your request to join Invite Motors is waiting for the manager's approval.").waitFor();
    expect(await t.locator('main').innerText()).not.toContain(code);
    if (process.env.E2E_SCREENSHOTS) {
      await t.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/invited-dashboard-375.png` });
    }

    // The request is the manager's to approve.
    await m.reload();
    const requests = m.getByRole('region', { name: 'Pending Join Requests' });
    await requests.getByRole('button', { name: 'Approve Ivy Invite' }).waitFor();

    expect(manager.problems).toEqual([]);
    expect(tech.problems).toEqual([]);
    await manager.context.close();
    await tech.context.close();
  });

  it('reads the code as it is typed and announces a wrong one at the field, with a way on without a shop', async () => {
    const manager = await openSession(browser);
    const tech = await openSession(browser, PHONE.viewport);
    const code = await managerOnTrial(manager);
    const t = tech.page;
    await t.goto('/sign-up');
    await t.getByRole('heading', { name: 'Create your account' }).waitFor();
    await fillTechnician(t, 'Wes Wrongcode');
    const field = t.getByLabel('Shop code (optional)');
    // Read off a phone: lower case, O for 0, 1 for I, L for 1 … still the shop.
    const misread = `sh0p${code.slice(4).replace(/0/g, 'O').replace(/I/g, '1').replace(/1/g, 'l').toLowerCase()}`;
    await field.fill(misread);
    await t.getByText('Shop found: Invite Motors').waitFor();
    await field.fill('SHOPZZZZZ9');
    await t.getByText('No shop has this code. Check it with your manager.').waitFor();

    await t.getByRole('button', { name: 'Create Account' }).click();
    await t.getByText('No shop was found with that shop code.').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.evaluate((input) => input === document.activeElement)).toBe(true);
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const description = await t.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      describedBy,
    );
    expect(description).toContain('No shop was found with that shop code.');
    // Said once, at the field: not in a box at the top of the form, off-screen on a phone.
    expect(await t.getByRole('alert').count()).toBe(0);
    expect(await inViewport(t, t.getByRole('button', { name: 'Create account without joining a shop' }))).toBe(true);
    await expectNoSeriousA11yViolations(t);

    await t.getByRole('button', { name: 'Create account without joining a shop' }).click();
    await t.waitForURL((url) => url.pathname === '/app');
    const session = await (await tech.context.request.get('/api/v1/session')).json();
    expect(session.session.user).toMatchObject({ fullName: 'Wes Wrongcode', shop: null, pendingShopRequest: null });

    expect(manager.problems).toEqual([]);
    // The refused sign-up itself, and nothing else.
    expect(tech.problems).toEqual([
      'console.error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await manager.context.close();
    await tech.context.close();
  });

  it('edits a certification on a phone: one card each, the form in a sheet with Save in view', async () => {
    const manager = await openSession(browser, PHONE.viewport);
    const tech = await openSession(browser, PHONE.viewport);
    const code = await managerOnTrial(manager);
    const sign = await tech.api.post('/api/v1/auth/sign-up', {
      data: {
        email: uniqueEmail('e2e.certtech'),
        password: PASSWORD,
        fullName: 'Carla Cert',
        role: 'tech',
        yearsOfExperience: '3_to_5',
        shopCode: code,
      },
    });
    expect(sign.status()).toBe(201);
    const { requests } = await (await manager.context.request.get('/api/v1/manager/join-requests')).json();
    expect((await manager.api.post(`/api/v1/manager/join-requests/${requests[0].id}/approve`)).status()).toBe(200);
    const { categories } = await (await tech.context.request.get('/api/v1/categories')).json();
    const a5 = categories.find((c: { code: string }) => c.code === 'A5');
    const added = await tech.api.post('/api/v1/me/certifications', {
      data: { categoryId: a5.id, obtainedDate: '2022-03-15', certificationNumber: 'C-1001' },
    });
    expect(added.status()).toBe(201);

    const m = manager.page;
    await m.goto('/manager/certifications');
    await m.getByRole('heading', { name: 'Certifications Manager' }).waitFor();
    await m.getByRole('heading', { name: 'Carla Cert' }).waitFor();
    // Nothing wider than the phone: no 777 px table to scroll sideways.
    expect(await m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await m.getByRole('table').count()).toBe(0);
    await expectNoSeriousA11yViolations(m);

    await m.getByRole('button', { name: 'Edit Carla Cert · A5' }).click();
    const sheet = m.getByRole('dialog', { name: 'Edit certification' });
    await sheet.getByLabel('Certificate number (optional)').fill('C-2002');
    expect(await inViewport(m, sheet.getByRole('button', { name: 'Save' }))).toBe(true);
    await expectNoSeriousA11yViolations(m);
    await sheet.getByRole('button', { name: 'Save' }).click();
    await m.getByText('Certification updated successfully').waitFor();
    await m.getByText('C-2002', { exact: true }).waitFor();
    expect(await sheet.count()).toBe(0);

    await m.getByRole('button', { name: 'History of Carla Cert · A5' }).click();
    const log = m.getByRole('dialog', { name: 'Audit log' });
    await log.getByText('Edited').waitFor();
    await log.getByRole('button', { name: 'Close' }).click();

    expect(manager.problems).toEqual([]);
    expect(tech.problems).toEqual([]);
    await manager.context.close();
    await tech.context.close();
  });
});
