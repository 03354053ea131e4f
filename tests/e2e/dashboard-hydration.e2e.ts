import type { APIRequestContext, Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openSession, PHONE, type Session, uniqueEmail } from './browser';
import { layoutShifted, recordLayoutShifts, renderedPage, waitForHydration } from './hydration-helpers';
import { managerOnTrial } from './manager-helpers';

/**
 * The signed-in dashboard rendered on the server per request (ADR 0054): its HTML holds the technician's own
 * dashboard, in their profile's language and with dates in their time zone, and React hydrates it without a
 * mismatch into the page the app renders by itself.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const TIME_ZONE = 'America/Chicago';

interface Category {
  id: string;
  code: string;
}

/** A technician whose profile has its language and time zone, with one practice test finished and an exam open. */
async function technician(session: Session, fullName: string, locale: 'en' | 'es') {
  const request: APIRequestContext = session.context.request;
  const headers = { origin: baseUrl() };
  const signUp = await session.api.post('/api/v1/auth/sign-up', {
    data: {
      email: uniqueEmail('e2e.dashboard-ssr'),
      password: 'Rotor-gauge-42',
      fullName,
      role: 'tech',
      yearsOfExperience: '6_to_10',
    },
  });
  expect(signUp.status()).toBe(201);
  expect(
    (await session.api.put('/api/v1/me/experience-level', { data: { experienceLevel: '6_to_10' } })).status(),
  ).toBe(200);
  const saved = await request.patch('/api/v1/me/preferences', { headers, data: { locale, timeZone: TIME_ZONE } });
  expect(saved.status()).toBe(200);
  const { categories } = (await (await request.get('/api/v1/categories')).json()) as { categories: Category[] };
  const a5 = categories.find((c) => c.code === 'A5');
  const started = await session.api.post('/api/v1/test-sessions', { data: { kind: 'category', categoryId: a5?.id } });
  expect(started.status()).toBe(201);
  const test = (await started.json()) as { id: string; slots: { position: number }[] };
  for (const slot of test.slots) {
    const answered = await session.api.put(`/api/v1/test-sessions/${test.id}/answers/${slot.position}`, {
      data: { answer: 'A' },
    });
    expect(answered.status()).toBe(200);
  }
  expect((await session.api.post(`/api/v1/test-sessions/${test.id}/submit`, { data: {} })).status()).toBe(200);
  // A timed exam left open: the dashboard's Continue card says when its time runs out, in the profile's zone.
  const exam = await session.api.post('/api/v1/test-sessions', { data: { kind: 'exam', categoryId: a5?.id } });
  expect(exam.status()).toBe(201);
}

describe('the signed-in dashboard rendered on the server', () => {
  for (const [locale, name, heading] of [
    ['en', 'Dana Diesel', 'Welcome back, Dana'],
    ['es', 'Dario Diesel', 'Hola de nuevo, Dario'],
  ] as const) {
    it(`${locale}: its HTML is the technician's dashboard, hydrated without a mismatch or a layout shift`, async () => {
      const session = await openSession(browser, PHONE.viewport, baseUrl(), { ...PHONE, timezoneId: TIME_ZONE });
      const { context, page, problems } = session;
      await technician(session, name, locale);
      await recordLayoutShifts(context);

      // Before any script: the page itself, in the profile's language (whatever the browser asks for).
      const html = await (await context.request.get('/app', { headers: { 'accept-language': 'fr-FR' } })).text();
      expect(html).toContain(`<html lang="${locale}">`);
      expect(html).toContain('<div id="root" data-ssr="/app">');
      expect(html).toContain(heading);
      expect(html).toContain(name);
      expect(html).not.toContain('animate-spin');
      expect(html).not.toContain('aria-busy="true"');

      await page.goto('/app');
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(problems.filter((p) => /hydrat|#41[89]|#42[35]|didn't match/i.test(p))).toEqual([]);
      const hydrated = await renderedPage(page);
      const shifted = await layoutShifted(page);
      expect(shifted).toBeLessThanOrEqual(0.02);

      // The same page rendered by the browser alone, from the plain shell and the API, once its reads are in.
      await page.route('**/app', async (route: Route) => {
        if (route.request().resourceType() !== 'document') return route.continue();
        return route.fulfill({ response: await route.fetch({ url: `${baseUrl()}/index.html` }) });
      });
      await page.goto('/app');
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#root').getAttribute('data-ssr')).toBeNull();
      await expect.poll(() => renderedPage(page), { timeout: 10_000 }).toBe(hydrated);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("a manager's dashboard: their shop and its subscription in the HTML, hydrated without a mismatch", async () => {
    const session = await openSession(browser, PHONE.viewport, baseUrl(), { ...PHONE, timezoneId: TIME_ZONE });
    const { context, page, problems } = session;
    await managerOnTrial(session, {
      fullName: 'Mina Manager',
      shopName: 'Mina Motors',
      emailPrefix: 'e2e.dashboard-ssr',
    });
    const saved = await context.request.patch('/api/v1/me/preferences', {
      headers: { origin: baseUrl() },
      data: { timeZone: TIME_ZONE },
    });
    expect(saved.status()).toBe(200);

    const html = await (await context.request.get('/manager')).text();
    expect(html).toContain('<div id="root" data-ssr="/manager">');
    expect(html).toContain('Mina Motors');
    expect(html).toContain('Free Trial');
    await page.goto('/manager');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    const hydrated = await renderedPage(page);
    await page.route('**/manager', async (route: Route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      return route.fulfill({ response: await route.fetch({ url: `${baseUrl()}/index.html` }) });
    });
    await page.goto('/manager');
    await page.getByRole('heading', { name: 'Mina Motors' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => renderedPage(page), { timeout: 10_000 }).toBe(hydrated);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('renders the dashboard with the skeleton, not the page, before the profile knows its time zone', async () => {
    const session = await openSession(browser, PHONE.viewport);
    const signUp = await session.api.post('/api/v1/auth/sign-up', {
      data: {
        email: uniqueEmail('e2e.dashboard-ssr'),
        password: 'Rotor-gauge-42',
        fullName: 'Nia New',
        role: 'tech',
        yearsOfExperience: '1_to_2',
      },
    });
    expect(signUp.status()).toBe(201);
    expect(
      (await session.api.put('/api/v1/me/experience-level', { data: { experienceLevel: '1_to_2' } })).status(),
    ).toBe(200);
    const html = await (await session.context.request.get('/app')).text();
    expect(html).toContain('tp-bootstrap');
    expect(html).not.toContain('data-ssr');
    expect(html).toContain('aria-busy="true"');
    // The browser saves its zone to the profile on this first visit; the next visit is rendered on the server.
    await session.page.goto('/app');
    await session.page.getByRole('heading', { name: 'Welcome, Nia' }).waitFor();
    await expect
      .poll(async () => (await (await session.context.request.get('/app')).text()).includes('data-ssr="/app"'))
      .toBe(true);
    expect(session.problems).toEqual([]);
    await session.context.close();
  });
});
