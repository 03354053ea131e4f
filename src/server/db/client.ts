import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database itself: services accept either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool right now, for /api/metrics (PGlite has one connection and no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

const MIGRATIONS_FOLDER = resolve(import.meta.dirname, '../../../drizzle');

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' keeps everything in memory (tests). */
  dataDir: string;
  poolSize?: number;
}

/** The advisory lock key every instance's migrator takes (any fixed bigint; "TPMIGRAT" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x54504d4947524154n;

/**
 * Applies the pending migrations while holding a PostgreSQL advisory lock on one connection (ADR
 * 0041): instances started together on an empty database wait for each other, and each one after the
 * first finds nothing left to apply. The lock goes with the connection if the process dies.
 */
async function migrateOnce(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  // A terminated connection fails the migration's next query; it must not crash the process first.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    await client.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY.toString()]);
  } finally {
    await client.end();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // A client that loses its connection must not crash the process. The pool listens only while a
    // client is idle; one checked out (a transaction between statements) needs its own listener. Its
    // next query then fails as unavailable (503), and the pool drops it on release.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      migrate: () => migrateOnce(options.databaseUrl as string),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  let client: PGlite;
  if (options.dataDir === 'memory://') {
    client = new PGlite();
  } else {
    const dir = resolve(options.dataDir, 'pglite');
    // PGlite needs the data folder's parent to exist.
    mkdirSync(resolve(options.dataDir), { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
