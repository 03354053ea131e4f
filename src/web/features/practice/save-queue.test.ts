import { describe, expect, it } from 'vitest';
import type { SavedAnswer } from '../../../domain/contracts/practice';
import { ApiError } from '../../lib/api-client';
import { type AnswerChange, defaultBackoff, SaveQueue, type SaveStatus } from './save-queue';

/** A fake network and clock: each send waits until the test answers it; waits run on a manual clock. */
function harness(options: { giveUpAt?: number | null } = {}) {
  let clock = 0;
  const sent: {
    position: number;
    change: AnswerChange;
    resolve: (v: SavedAnswer) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const waits: { ms: number; resolve: () => void }[] = [];
  const statuses: SaveStatus[] = [];
  const saved: SavedAnswer[] = [];
  const rejected: { position: number; change: AnswerChange; error: unknown }[] = [];
  const queue = new SaveQueue({
    send: (position, change) =>
      new Promise<SavedAnswer>((resolve, reject) => sent.push({ position, change, resolve, reject })),
    giveUpAt: options.giveUpAt ?? null,
    onStatus: (s) => statuses.push(s),
    onSaved: (s) => saved.push(s),
    onRejected: (position, change, error) => rejected.push({ position, change, error }),
    now: () => clock,
    wait: (ms) => {
      let resolve: () => void = () => {};
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      waits.push({ ms, resolve });
      return { promise, cancel: resolve };
    },
  });
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const ok = async (i: number) => {
    const s = sent[i]!;
    s.resolve({
      position: s.position,
      selected: s.change.answer ?? null,
      flagged: s.change.flagged ?? false,
      reveal: null,
    });
    await tick();
  };
  const offline = async (i: number) => {
    sent[i]!.reject(new ApiError(0, 'NETWORK', 'offline'));
    await tick();
  };
  return {
    queue,
    sent,
    waits,
    statuses,
    saved,
    rejected,
    ok,
    offline,
    tick,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('save queue', () => {
  it('sends changes one at a time in the order they were made, and says Saving… then Saved', async () => {
    const h = harness();
    h.queue.enqueue(0, { answer: 'A' });
    h.queue.enqueue(1, { answer: 'B' });
    await h.tick();
    expect(h.sent.map((s) => s.position)).toEqual([0]);
    expect(h.statuses).toEqual(['saving']);
    await h.ok(0);
    expect(h.sent.map((s) => s.position)).toEqual([0, 1]);
    await h.ok(1);
    expect(h.statuses.at(-1)).toBe('saved');
    expect(h.saved.map((s) => s.selected)).toEqual(['A', 'B']);
    await expect(h.queue.flush()).resolves.toBeUndefined();
  });

  it('keeps each question in order: a change while its save is in flight goes after it; waiting changes merge', async () => {
    const h = harness();
    h.queue.enqueue(3, { answer: 'A' });
    await h.tick();
    h.queue.enqueue(3, { answer: 'B' }); // in flight: queued behind
    h.queue.enqueue(3, { flagged: true }); // merges with the waiting B
    h.queue.enqueue(3, { answer: 'C' }); // the latest choice wins
    await h.ok(0);
    expect(h.sent[1]).toMatchObject({ position: 3, change: { answer: 'C', flagged: true } });
    await h.ok(1);
    expect(h.sent).toHaveLength(2);
  });

  it('retries with backoff while offline, keeps later changes queued, and retries at once when back online', async () => {
    const h = harness();
    h.queue.enqueue(0, { answer: 'A' });
    h.queue.enqueue(1, { answer: 'D' });
    await h.tick();
    await h.offline(0);
    expect(h.statuses.at(-1)).toBe('offline');
    expect(h.waits.map((w) => w.ms)).toEqual([1000]);
    h.waits[0]!.resolve();
    await h.tick();
    await h.offline(1);
    expect(h.waits.map((w) => w.ms)).toEqual([1000, 2000]);
    // The browser says it is online: no need to wait out the 2 s.
    h.queue.retryNow();
    await h.tick();
    expect(h.sent).toHaveLength(3);
    expect(h.sent[2]).toMatchObject({ position: 0, change: { answer: 'A' } });
    await h.ok(2);
    expect(h.sent[3]).toMatchObject({ position: 1, change: { answer: 'D' } });
    const flushed = h.queue.flush();
    await h.ok(3);
    await expect(flushed).resolves.toBeUndefined();
    expect(h.statuses.at(-1)).toBe('saved');
    expect(h.rejected).toEqual([]);
  });

  it('retries server trouble (5xx, 429) but drops and reports a refusal (4xx), then carries on', async () => {
    const h = harness();
    h.queue.enqueue(0, { answer: 'A' });
    h.queue.enqueue(1, { answer: 'B' });
    await h.tick();
    h.sent[0]!.reject(new ApiError(503, 'UNAVAILABLE', 'busy'));
    await h.tick();
    expect(h.waits).toHaveLength(1);
    h.waits[0]!.resolve();
    await h.tick();
    h.sent[1]!.reject(new ApiError(409, 'ANSWER_LOCKED', 'locked'));
    await h.tick();
    expect(h.rejected).toMatchObject([{ position: 0, change: { answer: 'A' } }]);
    expect(h.sent[2]).toMatchObject({ position: 1 });
    await h.ok(2);
    await expect(h.queue.flush()).resolves.toBeUndefined();
  });

  it('gives up once the deadline has passed: reports every unsaved change and Submit stops waiting', async () => {
    const h = harness({ giveUpAt: 10_000 });
    h.queue.enqueue(0, { answer: 'A' });
    h.queue.enqueue(1, { answer: 'B' });
    await h.tick();
    const flushed = h.queue.flush().then(
      () => 'saved',
      (error: Error) => error.message,
    );
    await h.offline(0);
    h.advance(11_000);
    h.waits[0]!.resolve();
    await h.tick();
    expect(h.sent).toHaveLength(1);
    expect(h.rejected.map((r) => r.position)).toEqual([0, 1]);
    expect(h.statuses.at(-1)).toBe('failed');
    expect(await flushed).toBe('gave up');
    await expect(h.queue.flush()).rejects.toThrow('gave up');
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(defaultBackoff)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });
});
