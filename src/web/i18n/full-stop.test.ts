import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { FORMAT_LOCALE, type Locale } from '../../domain/locale';
import { beforeFullStop } from './full-stop';

const catalogues = resolve(import.meta.dirname, 'catalogues');
const intlFor = (locale: Locale, namespace: string) =>
  createIntl({
    locale: FORMAT_LOCALE[locale],
    defaultLocale: 'en-US',
    messages: JSON.parse(readFileSync(join(catalogues, locale, `${namespace}.json`), 'utf8')),
  });

describe('a formatted time at the end of a sentence', () => {
  it('gives its own final period to the sentence and leaves other values alone', () => {
    expect(beforeFullStop('9:37 a.m.')).toBe('9:37 a.m');
    expect(beforeFullStop('9:37 AM')).toBe('9:37 AM');
    expect(beforeFullStop('')).toBe('');
  });

  // 09:37 and 21:37 UTC, shown in UTC so the test reads the same on every machine.
  const morning = new Date(Date.UTC(2026, 2, 4, 9, 37));
  const evening = new Date(Date.UTC(2026, 2, 4, 21, 37));
  const full = { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' } as const;
  const medium = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' } as const;

  it.each([
    ['en', morning, /9:37 AM\.$/],
    ['en', evening, /9:37 PM\.$/],
    ['es', morning, /9:37 a\.m\.$/],
    ['es', evening, /9:37 p\.m\.$/],
  ] as const)('%s: the Master Challenge next attempt at %s ends with one period', (locale, date, ending) => {
    const intl = intlFor(locale, 'master-challenge');
    const text = intl.formatMessage(
      { id: 'masterChallenge.nextAttempt' },
      { time: beforeFullStop(intl.formatDate(date, full)) },
    );
    expect(text).toMatch(ending);
    expect(text).not.toContain('..');
  });

  it.each(['en', 'es'] as const)('%s: the review deck next-due messages end with one period', (locale) => {
    const intl = intlFor(locale, 'review');
    const when = beforeFullStop(intl.formatDate(morning, medium));
    for (const id of ['review.card.nextDue', 'review.session.pushedOut', 'review.session.comesBack']) {
      const text = intl.formatMessage({ id }, { when });
      expect(text, id).toMatch(/\.$/);
      expect(text, id).not.toContain('..');
    }
  });

  it('keeps the English wording', () => {
    const intl = intlFor('en', 'master-challenge');
    expect(
      intl.formatMessage(
        { id: 'masterChallenge.nextAttempt' },
        { time: beforeFullStop(intl.formatDate(morning, full)) },
      ),
    ).toBe('Your next attempt is available on Wednesday, March 4, 2026 at 9:37 AM.');
  });
});
