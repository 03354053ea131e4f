import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisLink } from './redis-link';

/** A port nothing listens on: connecting to it is refused, as with a stopped Redis. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function capturingLog() {
  const lines: { level: 'info' | 'error'; message: string }[] = [];
  return {
    lines,
    info: (_object: object, message: string) => lines.push({ level: 'info', message }),
    error: (_object: object, message: string) => lines.push({ level: 'error', message }),
  };
}

let link: RedisLink | undefined;
afterEach(async () => {
  await link?.close();
  link = undefined;
});

describe('RedisLink (ADR 0035)', () => {
  it('says once, in the log and its stats, that Redis is down, however often reconnecting fails', async () => {
    const log = capturingLog();
    link = new RedisLink({ url: `redis://127.0.0.1:${await closedPort()}`, log });
    expect(await link.waitUntilUp(1500)).toBe(false);
    expect(link.up).toBe(false);
    expect(link.stats).toMatchObject({ up: false, outages: 1 });
    expect(log.lines).toEqual([{ level: 'error', message: expect.stringMatching(/^redis unavailable: /) }]);
  });

  it('publishes nothing while down, without waiting', async () => {
    link = new RedisLink({ url: `redis://127.0.0.1:${await closedPort()}`, log: capturingLog() });
    const started = performance.now();
    expect(await link.publish('channel', 'message')).toBe(false);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
