import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { LeaderboardCache } from './leaderboard';

/** A stand-in database whose every read is counted (the cache reads through a prepared statement's session). */
function fakeDb(fail = () => false) {
  let reads = 0;
  const execute = async () => {
    reads += 1;
    if (fail()) throw new Error('database down');
    return [{ tech_id: `t${reads}` }];
  };
  const db = { _: { session: { prepareQuery: () => ({ execute }) } } } as unknown as Database;
  return { db, reads: () => reads };
}

describe('leaderboard cache', () => {
  it('serves one read to every reader for a second, including readers arriving while it runs', async () => {
    let now = 0;
    const cache = new LeaderboardCache(1000, () => now);
    const { db, reads } = fakeDb();
    const [a, b] = await Promise.all([cache.read(db), cache.read(db)]);
    expect(a).toBe(b);
    now = 999;
    await cache.read(db);
    expect(reads()).toBe(1);
    now = 1000;
    expect(await cache.read(db)).toEqual([{ tech_id: 't2' }]);
    expect(reads()).toBe(2);
  });

  it('reads afresh after a finish invalidates it', async () => {
    const cache = new LeaderboardCache(1000, () => 0);
    const { db, reads } = fakeDb();
    await cache.read(db);
    cache.invalidate();
    await cache.read(db);
    expect(reads()).toBe(2);
  });

  it('does not keep a failed read', async () => {
    const cache = new LeaderboardCache(1000, () => 0);
    let down = true;
    const { db, reads } = fakeDb(() => down);
    await expect(cache.read(db)).rejects.toThrow('database down');
    down = false;
    expect(await cache.read(db)).toEqual([{ tech_id: 't2' }]);
    expect(reads()).toBe(2);
  });
});
