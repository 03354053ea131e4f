import { describe, expect, it } from 'vitest';
import { scheduleRepeating } from './schedule';

describe('scheduleRepeating stop', () => {
  it('lets the current batch finish, starts no further batch and no further run', async () => {
    const batches: number[] = [];
    let releaseBatch = () => {};
    let batchStarted = () => {};
    const started = new Promise<void>((resolve) => {
      batchStarted = resolve;
    });
    const stop = scheduleRepeating(
      async (signal) => {
        // A job of ten batches that checks the signal between them, as the real jobs do.
        for (let batch = 1; batch <= 10 && !signal.aborted; batch++) {
          batchStarted();
          await new Promise<void>((resolve) => {
            releaseBatch = resolve;
          });
          batches.push(batch);
        }
      },
      { intervalMs: 5, onError: (error) => expect.fail(String(error)) },
    );
    await started;
    const stopped = stop();
    releaseBatch();
    await stopped;
    expect(batches).toEqual([1]);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(batches).toEqual([1]);
  });
});
