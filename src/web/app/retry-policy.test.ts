import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { MAX_RETRIES, retryDelay, retryNever, retryRead } from './retry-policy';

const failure = (status: number, code = 'X', retryAfterSeconds?: number) =>
  Object.assign(new ApiError(status, code, 'message'), { retryAfterSeconds });

describe('retry policy', () => {
  it('asks again after a dropped connection, 429, 502, 503 and 504, twice at most', () => {
    for (const error of [failure(0, 'NETWORK'), failure(429), failure(502), failure(503), failure(504)]) {
      expect(retryRead(0, error)).toBe(true);
      expect(retryRead(MAX_RETRIES - 1, error)).toBe(true);
      expect(retryRead(MAX_RETRIES, error)).toBe(false);
    }
    expect(MAX_RETRIES).toBe(2);
  });

  it('takes refusals, server faults, being offline and the page’s own errors as final', () => {
    for (const error of [
      failure(401, 'UNAUTHENTICATED'),
      failure(403),
      failure(404),
      failure(400),
      failure(409),
      failure(500),
      failure(0, 'OFFLINE'),
      new TypeError('x is undefined'),
      'text',
    ]) {
      expect(retryRead(0, error)).toBe(false);
    }
  });

  it('waits what Retry-After asks, up to 10 s, else 1 s then 2 s with jitter of a quarter either way', () => {
    expect(retryDelay(0, failure(503, 'DATABASE_UNAVAILABLE', 5))).toBe(5000);
    expect(retryDelay(1, failure(429, 'RATE_LIMITED', 60))).toBe(10_000);
    expect(retryDelay(0, failure(502), () => 0)).toBe(750);
    expect(retryDelay(0, failure(502), () => 1)).toBe(1250);
    expect(retryDelay(1, failure(0, 'NETWORK'), () => 0.5)).toBe(2000);
  });

  it('asks a read answered some other way (a poll, a lookup as you type) never again, even what the default retries', () => {
    for (const error of [failure(0, 'NETWORK'), failure(503, 'DATABASE_UNAVAILABLE', 1), failure(429)]) {
      expect(retryRead(0, error)).toBe(true);
      expect(retryNever()).toBe(false);
    }
  });
});

/** Every `retry:` under src/web, with its file: the policy is the only one, so no query invents its own. */
function retryOptions(dir = join(import.meta.dirname, '..')): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && /\.tsx?$/.test(f.name) && !f.name.includes('.test.'))
    .flatMap((f) => {
      const path = join(f.parentPath, f.name);
      const code = readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line));
      return code.flatMap((line) =>
        [...line.matchAll(/\bretry:\s*([^,}]+)/g)].map((m) => `${f.name}: ${m[1]!.trim()}`),
      );
    });
}

describe('one retry policy', () => {
  it('is what every query uses: the default (retryRead) or its named other answer (retryNever)', () => {
    const options = retryOptions();
    expect(options).toContain('app.tsx: retryRead');
    expect(options.filter((o) => !/: (retryRead|retryNever)$/.test(o))).toEqual([]);
  });
});
