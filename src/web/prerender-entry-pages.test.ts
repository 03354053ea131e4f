import { describe, expect, it, vi } from 'vitest';
import { ENTRY_PAGE_PATHS } from '../domain/entry-pages';
import { ENTRY_PATHS, renderEntryPage } from './prerender-entry';

// The service worker's registration is a Vite plugin's module, absent outside the build; the server render never
// calls it (pwa.tsx renders nothing without a browser).
vi.mock('virtual:pwa-register/react', () => ({ useRegisterSW: () => ({}) }));

const question = {
  id: 'free-1',
  question: 'Which gauge reads fuel pressure?',
  options: { A: 'One', B: 'Two', C: 'Three', D: 'Four' },
  exhibit: null,
  es: {
    question: '¿Qué manómetro mide la presión?',
    options: { A: 'Uno', B: 'Dos', C: 'Tres', D: 'Cuatro' },
    exhibit: null,
  },
};

/** The entry pages rendered by the app itself, for hydration (ADR 0028). */
describe('server-rendered entry pages', () => {
  it('renders the same list of pages the server serves', () => {
    expect(ENTRY_PATHS).toEqual(ENTRY_PAGE_PATHS);
  });

  it('renders the free test with its first question in each language, never the loading spinner', async () => {
    const data = { 'free-test': { questions: [question] } };
    const en = await renderEntryPage('/free-test', 'en', data);
    expect(en).toContain('Which gauge reads fuel pressure?');
    expect(en).toContain('Question 1 of 1');
    expect(en).not.toContain('animate-spin');
    const es = await renderEntryPage('/free-test', 'es', data);
    expect(es).toContain('¿Qué manómetro mide la presión?');
    expect(es).not.toContain('Which gauge');
  });

  it('renders the sign-in form and the reset form only with a link token', async () => {
    const signIn = await renderEntryPage('/sign-in', 'es', {});
    expect(signIn).toMatch(/<form[^>]*>[\s\S]*type="email"[\s\S]*type="password"/);
    expect(signIn).toContain('Inicia sesión en TorquePrep');
    expect(await renderEntryPage('/reset-password?token=t', 'en', {})).toContain('type="password"');
    expect(await renderEntryPage('/reset-password', 'en', {})).not.toContain('type="password"');
  });

  it('refuses a page that is not server-rendered', async () => {
    await expect(renderEntryPage('/app', 'en', {})).rejects.toThrow('not a server-rendered entry page');
  });
});
