import { describe, expect, it } from 'vitest';
import { SessionCache, sessionCookieValue } from './session-cache';

function cacheAt(start: number, ttlMs = 15_000, maxEntries = 3) {
  const clock = { now: start };
  return { clock, cache: new SessionCache<string>(ttlMs, maxEntries, () => clock.now) };
}
const owner = (token: string, userId = 'user-1') => ({ token, userId });

describe('SessionCache', () => {
  it('keeps an entry for the TTL and not a millisecond longer', () => {
    const { clock, cache } = cacheAt(1_000);
    cache.set('cookie', 'user-1', new Date(1_000_000), owner('t1'));
    clock.now = 1_000 + 14_999;
    expect(cache.get('cookie')).toBe('user-1');
    clock.now = 1_000 + 15_000;
    expect(cache.get('cookie')).toBeUndefined();
  });

  it('never outlives the session it stands for', () => {
    const { clock, cache } = cacheAt(1_000);
    cache.set('cookie', 'user-1', new Date(6_000), owner('t1'));
    clock.now = 5_999;
    expect(cache.get('cookie')).toBe('user-1');
    clock.now = 6_000;
    expect(cache.get('cookie')).toBeUndefined();
  });

  it('forgets a signed-out cookie at once', () => {
    const { cache } = cacheAt(0);
    cache.set('cookie', 'user-1', new Date(60_000), owner('t1'));
    cache.delete('cookie');
    expect(cache.get('cookie')).toBeUndefined();
  });

  it('forgets every cookie of an ended session, and only those', () => {
    const { cache } = cacheAt(0, 15_000, 10);
    cache.set('t1.sig', 'a', new Date(60_000), owner('t1'));
    cache.set('t1.sig%3D', 'a', new Date(60_000), owner('t1'));
    cache.set('t2.sig', 'a', new Date(60_000), owner('t2'));
    cache.forgetSession('t1');
    expect([cache.get('t1.sig'), cache.get('t1.sig%3D'), cache.get('t2.sig')]).toEqual([undefined, undefined, 'a']);
    expect(cache.size).toBe(1);
  });

  it("forgets all of one user's sessions and keeps other users'", () => {
    const { cache } = cacheAt(0, 15_000, 10);
    cache.set('a1', 'a', new Date(60_000), owner('t1', 'user-a'));
    cache.set('a2', 'a', new Date(60_000), owner('t2', 'user-a'));
    cache.set('b1', 'b', new Date(60_000), owner('t3', 'user-b'));
    cache.forgetUser('user-a');
    expect([cache.get('a1'), cache.get('a2'), cache.get('b1')]).toEqual([undefined, undefined, 'b']);
    // The indexes shrink with the entries: forgetting again finds nothing to drop.
    cache.forgetSession('t1');
    expect(cache.size).toBe(1);
  });

  it('drops the oldest entry when full', () => {
    const { cache } = cacheAt(0);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key, new Date(60_000), owner(key));
    expect(cache.get('a')).toBeUndefined();
    expect(['b', 'c', 'd'].map((k) => cache.get(k))).toEqual(['b', 'c', 'd']);
  });

  it('stores nothing with a TTL of 0 (cache off)', () => {
    const { cache } = cacheAt(0, 0);
    cache.set('cookie', 'user-1', new Date(60_000), owner('t1'));
    expect(cache.get('cookie')).toBeUndefined();
  });

  it('while suspended (Redis down) keeps nothing, and caches again once resumed', () => {
    const { cache } = cacheAt(0);
    cache.set('before', 'user-1', new Date(60_000), owner('t1'));
    cache.suspend();
    expect(cache.get('before')).toBeUndefined();
    cache.set('during', 'user-1', new Date(60_000), owner('t2'));
    expect([cache.get('during'), cache.size]).toEqual([undefined, 0]);
    cache.resume();
    expect(cache.get('before')).toBeUndefined();
    cache.set('after', 'user-1', new Date(60_000), owner('t3'));
    expect(cache.get('after')).toBe('user-1');
  });
});

describe('sessionCookieValue', () => {
  it('finds the session cookie among others: the plain name on http, only the __Secure- one on https', () => {
    expect(sessionCookieValue('a=1; torqueprep.session_token=tok.sig; b=2')).toBe('tok.sig');
    expect(sessionCookieValue('__Secure-torqueprep.session_token=tok.sig', true)).toBe('tok.sig');
    // On https the plain name could have been planted over http (cookie tossing).
    expect(sessionCookieValue('torqueprep.session_token=tok.sig', true)).toBeNull();
    expect(sessionCookieValue('__Secure-torqueprep.session_token=tok.sig', false)).toBeNull();
    expect(sessionCookieValue('xtorqueprep.session_token=tok.sig')).toBeNull();
    expect(sessionCookieValue(undefined)).toBeNull();
  });
});
