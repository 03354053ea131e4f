import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/fixtures/test-database';
import type { DatabaseHandle } from './client';
import { asColumn, columnOf, orNull, typedQuery } from './prepared';
import { aseCategories, testSessions } from './schema';

/**
 * `typedQuery` decodes as a prepared statement does, on PGlite and on PostgreSQL alike: `db.execute` gives
 * a timestamptz as text on node-postgres and a bigint count as text, which the hand-cast rows used to hide.
 */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(aseCategories).values([
    { code: 'A1', name: 'Engine Repair', description: '', contentAreas: [{ name: 'Cylinder Head', share: 1 }] },
    { code: 'A2', name: 'Automatic Transmission', description: '' },
  ]);
});

afterAll(() => database?.close());

const fields = {
  code: columnOf('c', aseCategories.code),
  areas: columnOf('c', aseCategories.contentAreas),
  simulation: columnOf('c', aseCategories.simulation),
  startedAt: asColumn(testSessions.startedAt, sql`'2026-01-02T03:04:05Z'::timestamptz`),
  missing: orNull(asColumn(testSessions.completedAt, sql`null::timestamptz`)),
  others: sql<number>`(select count(*) from ase_categories o where o.code <> c.code)::int`,
};

describe('typedQuery', () => {
  it('returns the fields under their keys, decoded by their columns, with its values as parameters', async () => {
    const rows = await typedQuery(
      database.db,
      fields,
      (columns) => sql`select ${columns} from ase_categories c where c.code = ${'A1'}`,
    );
    expect(rows).toEqual([
      {
        code: 'A1',
        areas: [{ name: 'Cylinder Head', share: 1 }],
        simulation: null,
        startedAt: new Date('2026-01-02T03:04:05Z'),
        missing: null,
        others: 1,
      },
    ]);
    expect(rows[0]?.startedAt).toBeInstanceOf(Date);
  });

  it('runs inside a transaction, in its order', async () => {
    const codes = await database.db.transaction(async (tx) =>
      typedQuery(
        tx,
        { code: columnOf('c', aseCategories.code) },
        (columns) => sql`select ${columns} from ase_categories c order by c.code desc`,
      ),
    );
    expect(codes).toEqual([{ code: 'A2' }, { code: 'A1' }]);
  });
});
