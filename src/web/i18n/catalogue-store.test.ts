import { TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { getSnapshot, literalText, loadNamespaces, switchLocale } from './catalogue-store';

describe('catalogue store', () => {
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

describe('literalText', () => {
  it('gives the text of a plain message, as a string or as a compiled AST', () => {
    expect(literalText('Invalid email or password')).toBe('Invalid email or password');
    expect(literalText([{ type: TYPE.literal, value: 'Invalid email or password' }])).toBe('Invalid email or password');
    // An apostrophe is plain text, as the compiled form has it.
    expect(literalText("You don't have a shop yet")).toBe("You don't have a shop yet");
  });

  it('gives nothing for a message with arguments or markup', () => {
    expect(literalText('Failed to save test answers: {reason}')).toBeUndefined();
    expect(
      literalText([
        { type: TYPE.literal, value: 'Failed to save test answers: ' },
        { type: TYPE.argument, value: 'reason' },
      ]),
    ).toBeUndefined();
    expect(literalText(undefined)).toBeUndefined();
  });
});
