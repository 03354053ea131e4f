import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validPayment } from '../fixtures/billing';
import { expectNoSeriousA11yViolations, launchBrowser, openSession, type Session, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function signUp(session: Session, data: Record<string, string>) {
  const sign = await session.api.post('/api/v1/auth/sign-up', { data: { password: 'Rotor-gauge-42', ...data } });
  expect(sign.status()).toBe(201);
}

/** A manager on trial with one technician (Carla Cert) approved into the shop, all through the API. */
async function shopWithTechnician(manager: Session, tech: Session) {
  const code = `SHOP${Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, '7')}`;
  await signUp(manager, {
    email: uniqueEmail('e2e.certmgr'),
    fullName: 'Mona Manager',
    role: 'manager',
    shopCode: code,
  });
  expect(
    (await manager.api.post('/api/v1/shops', { data: { name: 'Cert Motors', type: 'independent' } })).status(),
  ).toBe(201);
  const { plans } = await (await manager.context.request.get('/api/v1/shop/plans')).json();
  expect(
    (
      await manager.api.post('/api/v1/shop/subscription', { data: { planId: plans[0].id, payment: validPayment } })
    ).status(),
  ).toBe(201);
  await signUp(tech, {
    email: uniqueEmail('e2e.certtech'),
    fullName: 'Carla Cert',
    role: 'tech',
    yearsOfExperience: '3_to_5',
  });
  expect((await tech.api.post('/api/v1/me/shop-requests', { data: { shopCode: code } })).status()).toBe(201);
  const { requests } = await (await manager.context.request.get('/api/v1/manager/join-requests')).json();
  expect((await manager.api.post(`/api/v1/manager/join-requests/${requests[0].id}/approve`)).status()).toBe(200);
}

describe('certifications', () => {
  it('technician adds, deactivates, reactivates and deletes; manager edits, reads the audit log and downloads the CSV', async () => {
    const tech = await openSession(browser, { width: 375, height: 812 });
    const manager = await openSession(browser, { width: 1280, height: 900 });
    await shopWithTechnician(manager, tech);
    const t = tech.page;

    // The dashboard's "Add a certification" lands on the card's heading, focused and at the top of the screen,
    // also once the sections above it have loaded (they pushed it off the screen).
    await t.goto('/app');
    await t.getByRole('link', { name: 'Add a certification' }).click();
    await t.waitForURL((url) => url.pathname === '/app/profile' && url.hash === '#certifications-title');
    const heading = t.getByRole('heading', { name: 'Certifications', exact: true });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await t.getByText('No certifications yet.', { exact: false }).waitFor();
    await t.getByRole('link', { name: 'About Adaptive Mastery' }).waitFor();
    const top = () => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top));
    await expect.poll(async () => (await top()) >= 0 && (await top()) < 80).toBe(true);
    await t.getByRole('button', { name: 'Add Certification' }).click();
    // Both empty: both marked, the one message that names them both said once, described by both; focus on
    // the first.
    const certification = t.getByLabel('Certification', { exact: true });
    const obtained = t.getByLabel('Date obtained');
    await expect.poll(() => certification.getAttribute('aria-invalid')).toBe('true');
    expect(await obtained.getAttribute('aria-invalid')).toBe('true');
    const both = t.getByText('Please select a certification and enter the date obtained');
    expect(await both.count()).toBe(1);
    expect(await certification.evaluate((el) => el === document.activeElement)).toBe(true);
    const messageId = await both.getAttribute('id');
    expect(messageId).toBeTruthy();
    expect(await certification.getAttribute('aria-describedby')).toBe(messageId);
    expect(await obtained.getAttribute('aria-describedby')).toBe(messageId);
    if (process.env.E2E_SCREENSHOTS) {
      await t.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/cert-empty-375.png` });
    }
    // One field filled: the message is under the other one alone.
    await certification.selectOption({ label: 'A5 Brakes' });
    await t.getByRole('button', { name: 'Add Certification' }).click();
    await expect.poll(() => obtained.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await certification.getAttribute('aria-invalid')).toBe('false');
    expect(await obtained.getAttribute('aria-describedby')).toContain('error');
    expect(await both.count()).toBe(1);
    await t.getByLabel('Certification', { exact: true }).selectOption({ label: 'A5 Brakes' });
    await t.getByLabel('Date obtained').fill('2022-03-15');
    await t.getByLabel('Certificate number (optional)').fill('C-1001');
    await t.getByRole('button', { name: 'Add Certification' }).click();
    await t.getByText('Expires Mar 15, 2027').waitFor();
    // A5 is no longer offered while it is active.
    expect(
      await t.getByLabel('Certification', { exact: true }).locator('option', { hasText: 'A5 Brakes' }).count(),
    ).toBe(0);
    await expectNoSeriousA11yViolations(t);

    await t.getByRole('button', { name: 'Deactivate A5 Brakes' }).click();
    await t.getByText('Inactive', { exact: true }).waitFor();
    await t.getByRole('button', { name: 'Activate A5 Brakes' }).click();
    await t.getByRole('button', { name: 'Deactivate A5 Brakes' }).waitFor();

    // Manager: the certifications manager, inline edit, audit log, CSV.
    const m = manager.page;
    await m.goto('/manager');
    await m.getByRole('link', { name: 'Certifications Manager' }).click();
    await m.getByRole('heading', { name: 'Certifications Manager' }).waitFor();
    await m.getByRole('row', { name: /Carla Cert/ }).waitFor();
    await m.getByRole('button', { name: 'Edit Carla Cert · A5' }).click();
    await m.getByLabel('Certificate number (optional)').fill('C-2002');
    await m.getByRole('button', { name: 'Save' }).click();
    await m.getByText('Certification updated successfully').waitFor();
    await m.getByRole('cell', { name: 'C-2002' }).waitFor();
    await m.getByRole('button', { name: 'History of Carla Cert · A5' }).click();
    const log = m.getByRole('dialog', { name: 'Audit log' });
    await log.getByText('Edited').waitFor();
    expect(await log.getByText('Mona Manager').count()).toBeGreaterThan(0);
    await log.getByText('Added').waitFor();
    await expectNoSeriousA11yViolations(m);
    await log.getByRole('button', { name: 'Close' }).click();

    const download = m.waitForEvent('download');
    await m.getByRole('link', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^certifications-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await import('node:fs/promises')).readFile((await file.path()) as string, 'utf8');
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toBe(
      'Technician,Email,Certification,Category,Cert Number,Obtained Date,Expiration Date,Days Until Expiration,Status,Active',
    );
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/^Carla Cert,e2e\.certtech[^,]*,Brakes,A5,C-2002,2022-03-15,2027-03-15,\d+,\w[\w ]*,Yes$/);

    // The technician deletes it after confirming.
    await t.reload();
    await t.getByRole('button', { name: 'Delete A5 Brakes' }).click();
    const confirm = t.getByRole('alertdialog');
    await confirm.getByText('Delete your A5 Brakes certification?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await t.getByText('No certifications yet.', { exact: false }).waitFor();

    // The manager still sees it, who deleted it, and its whole history.
    await m.reload();
    const deleted = m.getByRole('region', { name: 'Deleted certifications' });
    await deleted.getByText('Deleted by Carla Cert', { exact: false }).waitFor();
    await deleted.getByText('C-2002').waitFor();
    await deleted.getByRole('button', { name: 'History of Carla Cert · A5' }).click();
    const trail = m.getByRole('dialog', { name: 'Audit log' });
    await trail.getByText('Deleted', { exact: true }).waitFor();
    await trail.getByText('Edited').waitFor();
    await expectNoSeriousA11yViolations(m);
    await trail.getByRole('button', { name: 'Close' }).click();
    // On a phone the deleted list fits the width.
    await m.setViewportSize({ width: 375, height: 812 });
    await deleted.getByRole('button', { name: 'History of Carla Cert · A5' }).waitFor();
    expect(await m.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    expect(tech.problems).toEqual([]);
    expect(manager.problems).toEqual([]);
    await tech.context.close();
    await manager.context.close();
  });
});
