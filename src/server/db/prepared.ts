import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from './client';

/**
 * A statement for the hottest paths (every answer click, every start and submit): its SQL text is
 * built once, and on PostgreSQL it is a named statement, parsed and planned once per connection.
 * Values go in through `sql.placeholder(name)`. Rows come back as the driver parses them
 * (snake_case columns, timestamps as Date).
 */
export function preparedQuery<Row>(name: string, query: SQL) {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return async (db: Database, values: Record<string, unknown>): Promise<Row[]> => {
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    const filled = fillPlaceholders(params, values);
    if (client instanceof PGlite) return (await client.query<Row>(text, filled)).rows;
    return (await client.query<Row & pg.QueryResultRow>({ name, text, values: filled })).rows;
  };
}
