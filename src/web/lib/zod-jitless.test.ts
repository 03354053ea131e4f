import { expect, test } from 'vitest';

test('Zod loaded after the entry has set its global configuration runs without the JIT probe', async () => {
  await import('./zod-jitless');
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  // And schemas built under it still parse as they should.
  expect(z.object({ name: z.string() }).parse({ name: 'A5', extra: 1 })).toEqual({ name: 'A5' });
});
