import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { firstOf } from '../../../tests/fixtures/present';
import { createTestApp, signUpTech, type TestApp } from '../../../tests/fixtures/test-app';
import { isDatabaseUnavailable } from './availability';
import { aseCategories } from './schema';

/**
 * While the database cannot be reached, every API route answers 503 with
 * Retry-After (not 500), and the server recovers by itself when the database is back.
 */
const expectUnavailable = (
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  probe: number,
) => {
  expect(response.statusCode, `probe ${probe}: ${JSON.stringify(response.json())}`).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({
    error: { code: 'DATABASE_UNAVAILABLE', message: 'The database is unavailable. Please try again shortly.' },
  });
};

async function techAndCategory(t: TestApp) {
  const { cookie } = await signUpTech(t.app);
  const category = firstOf(await t.database.db.select().from(aseCategories).limit(1));
  // Read once so the session is in the cache: the outage then hits the route's own queries.
  expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(200);
  // Never read: its session must be looked up, which the outage stops.
  const { cookie: uncached } = await signUpTech(t.app);
  return { cookie, uncached, categoryId: category.id };
}

type People = Awaited<ReturnType<typeof techAndCategory>>;

const probes = (t: TestApp, { cookie, uncached, categoryId }: People) => [
  () => t.app.inject({ method: 'GET', url: '/api/v1/categories' }),
  () => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie } }),
  () => t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { cookie: uncached } }),
  () => t.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: uncached } }),
  () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/test-sessions',
      headers: { cookie },
      payload: { kind: 'category', categoryId },
    }),
  () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email: 'a@b.co', password: 'Rotor-gauge-42' },
    }),
];

describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite closed', () => {
  it('answers 503 with Retry-After on every kind of route', async () => {
    const t = await createTestApp({ SESSION_CACHE_TTL_MS: '300000' });
    const people = await techAndCategory(t);
    await t.database.close();
    for (const [i, probe] of probes(t, people).entries()) expectUnavailable(await probe(), i);
    await t.app.close();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL terminated and blocked', () => {
  it('answers 503 with Retry-After during the outage and recovers without a restart', async () => {
    const t = await createTestApp({ SESSION_CACHE_TTL_MS: '300000' });
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const people = await techAndCategory(t);
      const { cookie, categoryId } = people;
      const name = (
        (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows[0]!.name;
      await admin.query(`alter database ${name} with allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);

      for (const [i, probe] of probes(t, people).entries()) expectUnavailable(await probe(), i);

      await admin.query(`alter database ${name} with allow_connections true`);
      const categories = await t.app.inject({ method: 'GET', url: '/api/v1/categories' });
      expect(categories.statusCode).toBe(200);
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/v1/test-sessions',
        headers: { cookie },
        payload: { kind: 'category', categoryId },
      });
      expect(started.statusCode).toBe(201);
    } finally {
      await admin.end();
      await t.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL connection terminated inside a transaction', () => {
  it('fails the transaction as unavailable without crashing the process, and the pool goes on', async () => {
    const t = await createTestApp();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const failure = await t.database.db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          // The checked-out client hears of it between statements: without a listener, an uncaught 'error'.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failure)).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/categories' })).statusCode).toBe(200);
    } finally {
      await admin.end();
      await t.close();
    }
  });
});
