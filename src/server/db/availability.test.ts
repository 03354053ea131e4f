import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './availability';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a terminated connection (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['a server starting or stopping (57P03)', withCode('57P03')],
    ['too many connections (53300)', withCode('53300')],
    ['a connection failure (08006)', withCode('08006')],
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a blocked database (55000)', withCode('55000', 'database "tp" is not currently accepting connections')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['drizzle wrapping the driver error', new Error('Failed query: select 1', { cause: withCode('57P01') })],
    [
      'better-auth wrapping it twice',
      new Error('Failed to get session', { cause: new Error('q', { cause: withCode('ECONNREFUSED') }) }),
    ],
    ['an AggregateError of connection attempts', new AggregateError([withCode('ECONNREFUSED')], 'all failed')],
  ])('is true for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value')],
    [
      'another state error (55000) that is not about connections',
      withCode('55000', 'object not in prerequisite state'),
    ],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('boom')],
    ['a non-error', 'text'],
    ['null', null],
  ])('is false for %s', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('survives a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
