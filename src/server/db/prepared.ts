import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Executor } from './client';

type Queryable = pg.Pool | pg.PoolClient | PGlite | { query: PGlite['query'] };

/** The driver's own client behind the database or a transaction (drizzle keeps it on the session). */
function clientOf(db: Executor): Queryable {
  const direct = (db as unknown as { $client?: Queryable }).$client;
  if (direct) return direct;
  return (db as unknown as { session: { client: Queryable } }).session.client;
}

/**
 * A statement for the hottest paths (every answer click, every start and submit): its SQL text is
 * built once, and on PostgreSQL it is a named statement, parsed and planned once per connection.
 * Values go in through `sql.placeholder(name)`. Rows come back as the driver parses them
 * (snake_case columns, timestamps as Date). Runs on the database or inside a transaction.
 */
export function preparedQuery<Row>(name: string, query: SQL) {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  return async (db: Executor, values: Record<string, unknown>): Promise<Row[]> => {
    const client = clientOf(db);
    const filled = fillPlaceholders(params, values);
    if (client instanceof PGlite || !('connect' in client || 'release' in client)) {
      return (await (client as PGlite).query<Row>(text, filled)).rows;
    }
    return (await (client as pg.Pool).query<Row & pg.QueryResultRow>({ name, text, values: filled })).rows;
  };
}
