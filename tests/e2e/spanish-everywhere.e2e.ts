import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousA11yViolations, launchBrowser, PHONE, uniqueEmail } from './browser';
import { choose, currentKey, ITEMS, SPANISH, wrong } from './practice-helpers';

/**
 * A technician whose language is Spanish gets Spanish everywhere — an A1 test at 375 px
 * (one item to English with "Ver en inglés" and back), an A8 ASE simulation (briefing, items and score
 * report with its content areas), and an A6 guide section — and never the "shown in English" note, since
 * every bank and guide is translated. Axe-clean.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const UNTRANSLATED_NOTE = /todavía no está traducida/;
const stem = async (page: Page) => (await page.locator('#question-text').innerText()).trim();
const spanishStems = new Set([...SPANISH.values()].map((q) => q.question.trim()));

async function spanishTechnician(options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'es-MX', ...options });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()} from ${r.url()}`);
  });
  const headers = { origin: new URL(baseUrl()).origin };
  const signUp = await context.request.post('/api/v1/auth/sign-up', {
    headers,
    data: {
      email: uniqueEmail('e2e.everywhere'),
      password: 'Rotor-gauge-42',
      fullName: 'Rosa Motores',
      role: 'tech',
      yearsOfExperience: '3_to_5',
      locale: 'es',
    },
  });
  expect(signUp.status()).toBe(201);
  const survey = await context.request.put('/api/v1/me/experience-level', {
    headers,
    data: { experienceLevel: '3_to_5' },
  });
  expect(survey.status()).toBe(200);
  return { context, page, problems, headers };
}

async function categoryId(context: BrowserContext, code: string) {
  const { categories } = (await (await context.request.get('/api/v1/categories')).json()) as {
    categories: { id: string; code: string }[];
  };
  const found = categories.find((c) => c.code === code);
  if (!found) throw new Error(`no ${code} category`);
  return found.id;
}

const noNote = async (page: Page) => expect(await page.locator('body').innerText()).not.toMatch(UNTRANSLATED_NOTE);

describe('Spanish everywhere', () => {
  it('an A1 test at 375 px: Spanish items, one to English and back, results in Spanish, no note', async () => {
    const { context, page, problems, headers } = await spanishTechnician(PHONE);
    const started = await context.request.post('/api/v1/test-sessions', {
      headers,
      data: { kind: 'category', categoryId: await categoryId(context, 'A1') },
    });
    expect(started.status()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    await page.goto(`/app/tests/${id}`);
    await page.getByText('Pregunta 1 de 20').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

    const first = await stem(page);
    const firstId = [...SPANISH].find(([, q]) => q.question.trim() === first)?.[0];
    expect(firstId, first).toMatch(/^a1-/);
    await noNote(page);
    await expectNoSeriousA11yViolations(page);

    // "Ver en inglés" shows this item's English; "Ver en español" brings the Spanish back.
    await page.getByRole('button', { name: 'Ver en inglés' }).click();
    await expect.poll(() => stem(page)).toBe(ITEMS.get(firstId ?? '')?.question.trim());
    await page.getByRole('button', { name: 'Ver en español' }).click();
    await expect.poll(() => stem(page)).toBe(first);

    for (let i = 0; i < 20; i++) {
      await page.getByText(`Pregunta ${i + 1} de 20`).waitFor();
      expect(spanishStems.has(await stem(page)), `item ${i + 1} in Spanish`).toBe(true);
      await noNote(page);
      const key = await currentKey(page);
      await choose(page, i === 0 ? wrong(key) : key);
      await page.getByText(`${i + 1} de 20 contestadas`).waitFor();
      if (i < 19) await page.getByRole('button', { name: 'Siguiente' }).click();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Revisar y enviar' }).click();
    await page.getByRole('dialog', { name: 'Preguntas' }).getByRole('button', { name: 'Enviar prueba' }).click();

    await page.getByRole('heading', { name: 'Resultados de la prueba' }).waitFor();
    const main = page.locator('main');
    await main.getByText('95%').first().waitFor();
    // The content areas of the results are in Spanish too.
    await main.getByText('Por área de contenido').waitFor();
    const results = await main.innerText();
    expect(results).not.toContain('General Engine Diagnosis');
    expect(results).toMatch(
      /Diagnóstico general del motor|Cabeza y tren de válvulas|Bloque del motor|Sistemas de lubricación/,
    );
    await noNote(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an A8 ASE simulation: Spanish briefing, Spanish items, a Spanish score report', async () => {
    // The phone layout, as tests/e2e/simulation.e2e.ts: the navigator opens as a dialog.
    const { context, page, problems } = await spanishTechnician({ viewport: { width: 375, height: 812 } });
    await page.goto('/app/exams');
    await page.getByRole('heading', { name: 'Exámenes de práctica ASE' }).waitFor();
    await page.getByRole('group', { name: 'Simulacros ASE' }).waitFor();
    await page.getByLabel('A8 Rendimiento del motor · 60 preguntas · 90 min').check();
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.getByRole('heading', { name: 'Antes de empezar' }).waitFor();
    await page.getByText('A8 Rendimiento del motor · Simulacro ASE').waitFor();
    await page.getByText('60 preguntas: 50 con puntaje y 10 de investigación sin puntaje', { exact: false }).waitFor();
    await page.getByText('90 minutos, el tiempo del examen real', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Empezar examen' }).click();

    for (let i = 0; i < 5; i++) {
      await page.getByText(`Pregunta ${i + 1} de 60`, { exact: false }).waitFor();
      const text = await stem(page);
      expect(spanishStems.has(text), `item ${i + 1} in Spanish: ${text}`).toBe(true);
      await noNote(page);
      await choose(page, await currentKey(page));
      await page.getByRole('button', { name: 'Siguiente' }).click();
    }
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: /^Navegador de preguntas/ }).click();
    await page
      .getByRole('dialog', { name: 'Navegador de preguntas' })
      .getByRole('button', { name: 'Enviar examen' })
      .click();
    await page
      .getByRole('dialog', { name: '¿Enviar el examen?' })
      .getByRole('button', { name: 'Enviar examen' })
      .click();

    await page.getByRole('heading', { name: 'Informe de resultados ASE' }).waitFor();
    const report = await page.locator('main').innerText();
    expect(report).toMatch(/[0-5] de 50 preguntas con puntaje correctas/);
    expect(report).toContain('Las 10 preguntas sin puntaje no cuentan, como en el examen real.');
    for (const area of [
      'Sistema de encendido',
      'Control de emisiones',
      'Controles computarizados del motor y OBD II',
    ]) {
      await page.getByText(area, { exact: true }).first().waitFor();
    }
    expect(report).not.toContain('Ignition System');
    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an A6 guide section reads in Spanish, with "Ver en inglés" and no note', async () => {
    const { context, page, problems } = await spanishTechnician();
    await page.goto('/app/study/A6/1/1');
    await page
      .getByRole('heading', { level: 1, name: '1.1 La ley de Ohm y el comportamiento de los circuitos' })
      .waitFor();
    await page.getByRole('button', { name: 'Ver en inglés' }).waitFor();
    await noNote(page);
    await expectNoSeriousA11yViolations(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
