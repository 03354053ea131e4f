import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GROWING_TABLES } from '../../../tests/fixtures/growing-tables';
import { openTestDatabase } from '../../../tests/fixtures/test-database';
import type { DatabaseHandle } from './client';

/**
 * Deleting a row checks every foreign key that points at it: PostgreSQL looks for the referencing rows
 * (to cascade, set null or refuse), and without an index on the referencing column that look is a
 * sequential scan of the whole table. Between tables that grow with users, one deleted technician
 * (40 tests) meant 40 scans of a million tests (test_sessions.source_session_id). So every foreign key
 * from a growing table to a growing table leads an index (a partial one `where column is not null` does).
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => handle.close());

it('indexes every foreign key between tables that grow with users', async () => {
  type Key = { child: string; column_name: string; parent: string; indexed: boolean };
  const result = (await handle.db.execute(sql`
    select c.conrelid::regclass::text as child, a.attname as column_name, c.confrelid::regclass::text as parent,
       exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1]) as indexed
     from pg_constraint c
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and cardinality(c.conkey) = 1
     order by 1, 2`)) as unknown as { rows: Key[] } | Key[];
  const keys = Array.isArray(result) ? result : result.rows;
  const between = keys.filter((k) => GROWING_TABLES.has(k.child) && GROWING_TABLES.has(k.parent));
  expect(between.length).toBeGreaterThan(20);
  expect(between.filter((k) => !k.indexed).map((k) => `${k.child}.${k.column_name} → ${k.parent}`)).toEqual([]);
});
