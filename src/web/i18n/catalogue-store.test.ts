import { describe, expect, it } from 'vitest';
import { getSnapshot, loadNamespaces, switchLocale } from './catalogue-store';

describe('catalogue store', () => {
  it('loads the form and success messages with every page, in English too (they arrive as ids, ADR 0050)', async () => {
    await loadNamespaces([]);
    const { locale, messages } = getSnapshot();
    expect(locale).toBe('en');
    expect(messages['messages.auth.emailRequired']).toBe('Please enter your email');
    expect(messages['errors.UNEXPECTED']).toBeDefined();
  });

  it('a language switch also loads the namespaces a page asked for while it was loading', async () => {
    // The profile's language arrives at sign-in while the dashboard's namespaces load in the browser's one.
    const switching = switchLocale('es');
    const page = loadNamespaces(['tech', 'practice']);
    await Promise.all([switching, page]);
    const { locale, messages } = getSnapshot();
    expect(locale).toBe('es');
    expect(messages['tech.insights.title']).toBe('Tu desempeño');
    expect(messages['practice.action.startTest']).toBeDefined();
  });
});
