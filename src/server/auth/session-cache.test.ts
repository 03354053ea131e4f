import { describe, expect, it } from 'vitest';
import { SessionCache, sessionCookieValue } from './session-cache';

function cacheAt(start: number, ttlMs = 15_000, maxEntries = 3) {
  const clock = { now: start };
  return { clock, cache: new SessionCache<string>(ttlMs, maxEntries, () => clock.now) };
}

describe('SessionCache', () => {
  it('keeps an entry for the TTL and not a millisecond longer', () => {
    const { clock, cache } = cacheAt(1_000);
    cache.set('cookie', 'user-1', new Date(1_000_000));
    clock.now = 1_000 + 14_999;
    expect(cache.get('cookie')).toBe('user-1');
    clock.now = 1_000 + 15_000;
    expect(cache.get('cookie')).toBeUndefined();
  });

  it('never outlives the session it stands for', () => {
    const { clock, cache } = cacheAt(1_000);
    cache.set('cookie', 'user-1', new Date(6_000));
    clock.now = 5_999;
    expect(cache.get('cookie')).toBe('user-1');
    clock.now = 6_000;
    expect(cache.get('cookie')).toBeUndefined();
  });

  it('forgets a signed-out cookie at once', () => {
    const { cache } = cacheAt(0);
    cache.set('cookie', 'user-1', new Date(60_000));
    cache.delete('cookie');
    expect(cache.get('cookie')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const { cache } = cacheAt(0);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key, new Date(60_000));
    expect(cache.get('a')).toBeUndefined();
    expect(['b', 'c', 'd'].map((k) => cache.get(k))).toEqual(['b', 'c', 'd']);
  });

  it('stores nothing with a TTL of 0 (cache off)', () => {
    const { cache } = cacheAt(0, 0);
    cache.set('cookie', 'user-1', new Date(60_000));
    expect(cache.get('cookie')).toBeUndefined();
  });
});

describe('sessionCookieValue', () => {
  it('finds the session cookie among others, with or without the secure prefix', () => {
    expect(sessionCookieValue('a=1; torqueprep.session_token=tok.sig; b=2')).toBe('tok.sig');
    expect(sessionCookieValue('__Secure-torqueprep.session_token=tok.sig')).toBe('tok.sig');
    expect(sessionCookieValue('xtorqueprep.session_token=tok.sig')).toBeNull();
    expect(sessionCookieValue(undefined)).toBeNull();
  });
});
