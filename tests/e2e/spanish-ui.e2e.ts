import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  expectNoSeriousA11yViolations,
  launchBrowser,
  PHONE,
  uniqueEmail,
  waitUntilHydrated,
} from './browser';

/**
 * The Spanish UI (docs/PRODUCT.md#languages): a visitor whose browser speaks Spanish gets the Spanish homepage and free test on
 * the first visit; the language switch on the sign-up form; the sign-up language becomes the profile's and
 * follows the user to another device; a new manager's onboarding in Spanish. At 375 × 812, axe-clean.
 * `E2E_SCREENSHOTS=<dir>` saves a screenshot of each screen there (to read the Spanish as a technician would).
 */

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

/** A fresh context whose browser language is `locale` (navigator.language and Accept-Language). */
async function visitor(locale: string): Promise<Session> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale, ...PHONE });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()} from ${r.url()}`);
  });
  return { context, page, problems };
}

/** Screen-sized pieces of the whole page (the first four screens), as a phone shows them. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const { width, height: screen } = PHONE.viewport;
  for (let i = 0; i * screen < Math.min(height, 4 * screen); i++) {
    const clip = { x: 0, y: i * screen, width, height: Math.min(screen, height - i * screen) };
    await page.screenshot({ path: join(dir, `${name}-${i + 1}.png`), fullPage: true, clip });
  }
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('Spanish UI at 375 px', () => {
  it('a visitor with a Spanish browser gets the Spanish homepage and free test on the first visit', async () => {
    const { page, problems, context } = await visitor('es-MX');
    const response = await page.goto('/');
    // The prerendered Spanish file, chosen by the server from Accept-Language (no JavaScript on this page).
    expect(await response?.text()).toContain('<html lang="es">');
    await page.getByRole('heading', { level: 1, name: 'Saca tu certificación ASE a la primera' }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    expect(await page.title()).toContain('Preparación para la certificación ASE');
    expect(await page.getByText('Pass your ASE certification').count()).toBe(0);
    // The bank's real size, not a rounded claim.
    await page
      .getByText(/2[.,\u00a0 ]?530 preguntas de práctica/)
      .first()
      .waitFor();
    await page.getByText('A5 Frenos').waitFor();
    // Longer Spanish words still fit a 375 px screen: nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'es-home');

    await page.getByRole('link', { name: 'Haz la prueba de práctica gratis' }).first().click();
    await page.waitForURL((url) => url.pathname === '/free-test');
    await page.getByText('Prueba gratis de práctica A1 Reparación de motores').waitFor();
    await page.getByText('Pregunta 1 de 5').waitFor();
    expect(await htmlLang(page)).toBe('es');
    // The free test's items are in Spanish too, with the one-tap English toggle.
    await page.getByText('Una prueba de compresión en seco da 95 psi en el cilindro 3').waitFor();
    await page.getByRole('button', { name: 'Ver en inglés' }).waitFor();
    await page.getByRole('group', { name: 'Opciones de respuesta' }).getByRole('button').first().click();
    await page.getByText(/^(¡Correcto!|Incorrecto\. La respuesta correcta es la [A-D]\.)$/).waitFor();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'es-free-test');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches language on the homepage and the sign-up form; the sign-up language is the profile’s on every device', async () => {
    const { page, problems, context } = await visitor('en-US');
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Pass your ASE certification the first time' }).waitFor();
    // The static page's language link: the server remembers the choice and serves the Spanish file.
    await page.getByRole('link', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: 'Saca tu certificación ASE a la primera' }).waitFor();
    expect(await htmlLang(page)).toBe('es');

    await page.getByRole('link', { name: 'Empieza gratis' }).click();
    await page.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
    // The switch itself, once the app owns the page (a choice made before it does: hydration.e2e.ts).
    await waitUntilHydrated(page, 'select');
    const language = page.getByLabel('Idioma');
    await language.selectOption('en');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
    expect(await htmlLang(page)).toBe('es');

    const email = uniqueEmail('e2e.es');
    await page.getByText('Técnico', { exact: true }).click();
    await page.getByLabel('Nombre completo').fill('Rosa Torres');
    await page.getByLabel('Correo electrónico').fill(email);
    const password = page.getByLabel('Contraseña', { exact: true });
    await password.fill('llave-de-torque-93');
    // The show-password toggle.
    await page.getByRole('button', { name: 'Mostrar contraseña' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByLabel('Años de experiencia').selectOption({ label: '3 a 5 años' });
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'es-sign-up');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    await page.getByRole('heading', { name: 'Te damos la bienvenida, Rosa' }).waitFor();
    const me = await (await context.request.get('/api/v1/me')).json();
    expect(me.user.locale).toBe('es');
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'es-dashboard');
    expect(problems).toEqual([]);
    await context.close();

    // Another device, whose browser speaks English: once signed in, the profile's Spanish wins.
    const other = await visitor('en-US');
    await other.page.goto('/sign-in');
    await other.page.getByRole('heading', { name: 'Sign in to TorquePrep' }).waitFor();
    await other.page.getByLabel('Email').fill(email);
    await other.page.getByLabel('Password', { exact: true }).fill('llave-de-torque-93');
    await other.page.getByRole('button', { name: 'Sign In' }).click();
    await other.page.waitForURL((url) => url.pathname === '/app');
    await other.page.getByRole('heading', { name: /^(Te damos la bienvenida|Hola de nuevo), Rosa$/ }).waitFor();
    expect(await htmlLang(other.page)).toBe('es');
    expect(other.problems).toEqual([]);
    await other.context.close();
  }, 180_000);

  it('every technician screen reads in Spanish and is axe-clean at 375 px', async () => {
    const { page, problems, context } = await visitor('es-MX');
    const origin = { origin: baseUrl() };
    const signUp = await context.request.post('/api/v1/auth/sign-up', {
      headers: origin,
      data: {
        email: uniqueEmail('e2e.es.tour'),
        password: 'freno-de-disco-41',
        fullName: 'Luis Medina',
        role: 'tech',
        yearsOfExperience: '6_to_10',
        locale: 'es',
      },
    });
    expect(signUp.status()).toBe(201);
    for (const [path, name] of [
      ['/app', 'es-tech-dashboard'],
      ['/app/practice', 'es-practice'],
      ['/app/exams', 'es-exams'],
      ['/app/study', 'es-study'],
      ['/app/study/A5', 'es-study-a5'],
      ['/app/mastery', 'es-mastery'],
      ['/app/analytics', 'es-analytics'],
      ['/app/achievements', 'es-achievements'],
      ['/app/master-challenge', 'es-master-challenge'],
      ['/app/progress', 'es-progress'],
      ['/app/profile', 'es-profile'],
      ['/app/adaptive-mastery', 'es-adaptive-mastery'],
      ['/terms', 'es-terms'],
    ] as const) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      expect(await htmlLang(page)).toBe('es');
      await expectNoSeriousA11yViolations(page);
      await shot(page, name);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('a new manager in Spanish: straight into step 1 of 3, plans, payment, then the trial-started message', async () => {
    const { page, problems, context } = await visitor('es-US');
    await page.goto('/sign-up');
    await page.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
    // The onboarding is the subject here: the form is filled and sent once the app owns the page (a form sent
    // before that is posted back to the page: ADR 0028).
    await waitUntilHydrated(page, 'form');
    await page.getByText('Gerente de taller', { exact: true }).click();
    await page.getByLabel('Nombre completo').fill('Ana Ramírez');
    await page.getByLabel('Correo electrónico').fill(uniqueEmail('e2e.es.manager'));
    await page.getByLabel('Contraseña', { exact: true }).fill('taller-ramirez-77');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();

    await page.getByRole('heading', { name: 'Registra tu taller' }).waitFor();
    await page.getByText('Paso 1 de 3 · Registra tu taller').waitFor();
    expect(await page.getByText('Se necesita una suscripción').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'es-shop-setup');
    await page.getByRole('button', { name: 'Seguir a los planes' }).click();
    await page.getByText('Escribe el nombre de tu taller').waitFor();
    await page.getByLabel('Nombre del taller').fill('Taller Ramírez');
    await page.getByRole('button', { name: 'Seguir a los planes' }).click();

    await page.getByRole('heading', { name: 'Escoge tu plan' }).waitFor();
    await page.getByText('6-15 técnicos').waitFor();
    await page.getByText('El más popular').waitFor();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'es-plans');
    await page.getByRole('link', { name: 'Escoger plan: Professional' }).click();

    await page.getByRole('heading', { name: 'Pago', exact: true }).waitFor();
    await page.getByText('Garantía de devolución de 30 días').waitFor();
    await page.getByRole('button', { name: 'Empezar mis días gratis' }).click();
    await page.getByText('Escribe el nombre del titular de la tarjeta').waitFor();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'es-payment');
    await page.getByLabel('Nombre en la tarjeta').fill('Ana Ramírez');
    await page.getByLabel('Número de tarjeta').fill('4242424242424242');
    await page.getByLabel('Mes de vencimiento').selectOption('12');
    await page.getByLabel('Año de vencimiento').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Dirección de facturación').fill('100 Main St');
    await page.getByLabel('Ciudad').fill('El Paso');
    await page.getByLabel('Estado', { exact: true }).selectOption('TX');
    await page.getByLabel('Código postal (ZIP)').fill('79901');
    await page.getByLabel(/Acepto los Términos del servicio/).check();
    await page.getByRole('button', { name: 'Empezar mis días gratis' }).click();

    await page.getByRole('heading', { name: 'Taller Ramírez' }).waitFor();
    await page
      .getByText(/^Tus 14 días gratis ya empezaron: no se te cobra nada hasta el \d+ de \p{L}+ de \d{4}\.$/u)
      .waitFor();
    await page.getByText(/quedan 14 días/).waitFor();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'es-manager-dashboard');
    await page.goto('/manager/subscription');
    await page.getByRole('heading', { name: 'Suscripción', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Administrar pagos' }).click();
    expect(await page.getByRole('link', { name: 'support@torqueprep.com' }).getAttribute('href')).toBe(
      'mailto:support@torqueprep.com',
    );
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'es-subscription');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
