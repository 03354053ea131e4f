import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectNoSeriousA11yViolations, launchBrowser, PHONE, uniqueEmail } from './browser';
import { choose, currentKey, ITEMS, SPANISH, wrong } from './practice-helpers';

/**
 * Items 4–6: a technician who reads Spanish takes an A5 test in Spanish, turns one item to English
 * with one tap, hears an item read aloud in its language, and gets the results and review in Spanish; the
 * study guide reads in Spanish with its glossary terms. At 375 px, axe-clean. The browser's speech synthesis
 * is replaced by a recorder with one Spanish and one English voice (headless Chromium has none).
 */

/** The A5 content areas' names as the Spanish catalogue has them (the results and mastery pages show these). */
const SPANISH_A5_AREAS = Object.entries(
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, '../../src/web/i18n/catalogues/es/practice.json'), 'utf8'),
  ) as Record<string, string>,
)
  .filter(([key]) => key.startsWith('practice.contentArea.A5.'))
  .map(([, name]) => name);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

declare global {
  interface Window {
    spoken: { text: string; lang: string }[];
  }
}

function recordSpeech() {
  const voices = [
    { lang: 'es-US', name: 'Paulina', default: false, localService: true, voiceURI: 'es' },
    { lang: 'en-US', name: 'Sam', default: true, localService: true, voiceURI: 'en' },
  ];
  window.spoken = [];
  class Utterance {
    text: string;
    lang = '';
    voice: unknown = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(text: string) {
      this.text = text;
    }
  }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: {
      getVoices: () => voices,
      speak: (u: Utterance) => {
        window.spoken.push({ text: u.text, lang: u.lang });
      },
      cancel: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
    },
  });
}

async function spanishTechnician() {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'es-MX', ...PHONE });
  await context.addInitScript(recordSpeech);
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
      email: uniqueEmail('e2e.es'),
      password: 'Rotor-gauge-42',
      fullName: 'Rosa Frenos',
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
  const { categories } = (await (await context.request.get('/api/v1/categories')).json()) as {
    categories: { id: string; code: string }[];
  };
  const a5 = categories.find((c) => c.code === 'A5');
  if (!a5) throw new Error('no A5 category');
  return { context, page, problems, headers, a5 };
}

const stem = (page: Page) => page.locator('#question-text').innerText();
const idOf = (text: string) => {
  for (const [id, q] of SPANISH) if (q.question === text.trim()) return id;
  for (const [id, q] of ITEMS) if (q.question === text.trim()) return id;
  throw new Error(`unknown stem: ${text}`);
};

describe('Spanish content at 375 px', () => {
  it('an A5 test in Spanish: one item to English, read aloud, results and review in Spanish', async () => {
    const { context, page, problems, headers, a5 } = await spanishTechnician();
    const started = await context.request.post('/api/v1/test-sessions', {
      headers,
      data: { kind: 'category', categoryId: a5.id },
    });
    expect(started.status()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    await page.goto(`/app/tests/${id}`);
    await page.getByText('Pregunta 1 de 20').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

    // The item is in Spanish, with the key words in bold only where the item marks them.
    const first = await stem(page);
    const firstId = idOf(first);
    expect(first.trim()).toBe(SPANISH.get(firstId)?.question);
    expect(await page.locator('fieldset').first().getAttribute('lang')).toBe('es');
    await expectNoSeriousA11yViolations(page);

    // Read aloud: the stem and the options, in Spanish, with the Spanish voice.
    await page.getByRole('button', { name: 'Leer en voz alta' }).click();
    const spoken = await page.evaluate(() => window.spoken);
    expect(spoken).toHaveLength(1);
    expect(spoken[0]!.lang).toBe('es-US');
    expect(spoken[0]!.text.startsWith(first.trim())).toBe(true);
    expect(spoken[0]!.text).toContain('\nA. ');

    // One tap shows this item in English (the real test may be taken in English); the UI stays Spanish.
    await page.getByRole('button', { name: 'Ver en inglés' }).click();
    await expect.poll(() => stem(page)).toBe(ITEMS.get(firstId)?.question);
    expect(await page.locator('fieldset').first().getAttribute('lang')).toBe('en');
    await page.getByRole('button', { name: 'Ver en español' }).waitFor();
    await page.getByText('Pregunta 1 de 20').waitFor();
    await expectNoSeriousA11yViolations(page);

    // Answer all 20, the first two wrong; read the key from whichever language each item shows.
    for (let i = 0; i < 20; i++) {
      await page.getByText(`Pregunta ${i + 1} de 20`).waitFor();
      const key = await currentKey(page);
      await choose(page, i < 2 ? wrong(key) : key);
      await page.getByText(`${i + 1} de 20 contestadas`).waitFor();
      if (i < 19) await page.getByRole('button', { name: 'Siguiente' }).click();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // On a phone the last question's Next is "Review & submit", which opens the question list.
    await page.getByRole('button', { name: 'Revisar y enviar' }).click();
    await page.getByRole('dialog', { name: 'Preguntas' }).getByRole('button', { name: 'Enviar prueba' }).click();

    await page.getByRole('heading', { name: 'Resultados de la prueba' }).waitFor();
    const main = page.locator('main');
    await main.getByText('90%').first().waitFor();
    // The review: the item shown in English stays English; the other missed one is in Spanish, explanation too.
    // Each missed question opens on a tap.
    const closed = main.locator('[aria-labelledby="review-title"]').getByRole('button', { expanded: false });
    for (let i = await closed.count(); i > 0; i--) await closed.first().click();
    const review = await main.innerText();
    expect(review).toContain(ITEMS.get(firstId)?.question ?? 'missing');
    const other = main.locator('li', { hasText: 'Ver en inglés' }).first();
    const otherText = await other.innerText();
    expect(otherText).toMatch(/[áéíóúñ¿]/);
    expect(await other.locator('[lang="es"]').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Ver en español' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);

    // The two missed items are due in the review deck, whose card names the content area in Spanish too.
    await page.goto('/app/review');
    await page.getByText(/^Tarjeta 1 de \d+$/).waitFor();
    const header = await page.getByText(/^A5 · /).innerText();
    const area = header.split(' · ')[1];
    expect(SPANISH_A5_AREAS, header).toContain(area);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/es-review-375.png` });
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the A5 study guide reads in Spanish; a glossary term opens its definition; A1’s guide is in Spanish too', async () => {
    const { context, page, problems } = await spanishTechnician();
    await page.goto('/app/study/A5/1/1');
    await page.getByRole('heading', { level: 1, name: '1.1 Principios hidráulicos y el cilindro maestro' }).waitFor();
    await page.getByText('Cómo el sistema hidráulico de frenos convierte la fuerza del pedal').waitFor();
    await page.getByRole('button', { name: 'Ver en inglés' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // A term defined elsewhere in the guide is marked; a tap opens its definition and a link to its section.
    await page.goto('/app/study/A5/1/4');
    await page.getByRole('heading', { level: 1, name: /^1\.4 / }).waitFor();
    const term = page.getByRole('button', { name: /: ver su definición$/ }).first();
    await term.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect((await dialog.innerText()).length).toBeGreaterThan(20);
    await dialog.getByRole('link', { name: /^Leer la sección \d+\.\d+$/ }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    // Every guide is in Spanish now: A1's reads in Spanish too, with no "not translated" note.
    await page.goto('/app/study/A1/1/1');
    await page
      .getByRole('heading', { level: 1, name: '1.1 Verificar la queja y diagnosticar ruidos del motor' })
      .waitFor();
    await page.getByRole('button', { name: 'Ver en inglés' }).waitFor();
    expect(await page.getByText('Esta sección todavía no está traducida; la ves en inglés.').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
