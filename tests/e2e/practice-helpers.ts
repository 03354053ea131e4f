import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Session, uniqueEmail } from './browser';

/** What the practice journeys share: the keys from the content files, signing up, choosing an answer. */
const root = resolve(import.meta.dirname, '../..');
export type Letter = 'A' | 'B' | 'C' | 'D';
/** question text → key, from the content files the server seeded. */
export const KEY = new Map<string, Letter>();
/** question id → its English item, and Spanish stem → key (for the Spanish journeys, ADR 0024). */
export const ITEMS = new Map<string, { question: string; answer: Letter }>();
for (const file of readdirSync(join(root, 'content/questions'))) {
  for (const q of JSON.parse(readFileSync(join(root, 'content/questions', file), 'utf8')) as {
    id: string;
    question: string;
    answer: Letter;
  }[]) {
    KEY.set(q.question.trim(), q.answer);
    ITEMS.set(q.id, q);
  }
}
export const SPANISH = new Map<string, { question: string }>();
for (const file of readdirSync(join(root, 'content/es/questions'))) {
  for (const q of JSON.parse(readFileSync(join(root, 'content/es/questions', file), 'utf8')) as {
    id: string;
    question: string;
  }[]) {
    SPANISH.set(q.id, q);
    const english = ITEMS.get(q.id);
    if (english) KEY.set(q.question.trim(), english.answer);
  }
}
export const wrong = (l: Letter): Letter => (l === 'A' ? 'B' : 'A');

/** A signed-in technician who has done the survey, set up through the API (not the UI). */
export async function signUpTech(api: Session['api'], name = 'Pat Practice') {
  const sign = await api.post('/api/v1/auth/sign-up', {
    data: {
      email: uniqueEmail('e2e.practice'),
      password: 'Rotor-gauge-42',
      fullName: name,
      role: 'tech',
      yearsOfExperience: '3_to_5',
    },
  });
  expect(sign.status()).toBe(201);
  const survey = await api.put('/api/v1/me/experience-level', { data: { experienceLevel: '3_to_5' } });
  expect(survey.status()).toBe(200);
}

export async function currentKey(page: Page): Promise<Letter> {
  const text = (await page.locator('#question-text').innerText()).trim();
  const key = KEY.get(text);
  if (!key) throw new Error(`no key for question: ${text}`);
  return key;
}

export async function choose(page: Page, letter: Letter) {
  // The option's label is what a user clicks (the radio itself is visually hidden).
  const radio = page.getByRole('radio', { name: new RegExp(`^${letter}\\.`) });
  await page.locator('label', { has: radio }).click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}
