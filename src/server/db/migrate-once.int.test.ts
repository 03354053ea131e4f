import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';
import { loadContent } from './content';
import { seedContent } from './seed';

/**
 * Three instances start together on an empty PostgreSQL database. Each runs start-up's migrate +
 * seed; all succeed, the migrations are applied once and the content is there once. Always on a fresh
 * PostgreSQL database (the race is PostgreSQL's: PGlite is one process), created here like test-database.ts.
 */
const SERVER_URL =
  process.env.DATABASE_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const INSTANCES = 3;
const name = `tp_test_${randomBytes(6).toString('hex')}`;
const url = new URL(SERVER_URL);
url.pathname = `/${name}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const handles: DatabaseHandle[] = [];
beforeAll(async () => {
  try {
    await admin(`create database ${name}`);
  } catch (error) {
    throw new Error(`This test needs PostgreSQL at ${SERVER_URL} (start it, or set TEST_POSTGRES_URL): ${error}`);
  }
});
afterAll(async () => {
  await Promise.all(handles.map((handle) => handle.close()));
  await admin(`drop database if exists ${name} with (force)`);
});

async function count(db: DatabaseHandle['db'], table: string): Promise<number> {
  const result = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
}

describe('instances starting together on an empty database', () => {
  it('apply the migrations once and seed the content once, and all start', async () => {
    const content = loadContent(process.env.CONTENT_DIR || undefined);
    for (let i = 0; i < INSTANCES; i++) {
      handles.push(await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', poolSize: 3 }));
    }
    // Start-up's two steps, each run by all three at the same moment (the seed race on its own as well).
    const outcomes = async (step: (database: DatabaseHandle) => Promise<void>) =>
      (await Promise.allSettled(handles.map(step))).map((result) =>
        result.status === 'rejected' ? String(result.reason) : 'ok',
      );
    expect(await outcomes((database) => database.migrate())).toEqual(Array(INSTANCES).fill('ok'));
    expect(await outcomes((database) => seedContent(database.db, content))).toEqual(Array(INSTANCES).fill('ok'));

    const journal = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../../drizzle/meta/_journal.json'), 'utf8'),
    );
    const db = handles[0]!.db;
    expect(await count(db, 'drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    expect(await count(db, 'ase_categories')).toBe(content.categories.length);
    expect(await count(db, 'questions')).toBe(content.questions.length + content.freeTest.length);
    expect(await count(db, 'master_challenge_questions')).toBe(content.masterChallenge.length);
    expect(await count(db, 'achievements')).toBe(content.achievements.length);
    expect(await count(db, 'subscription_plans')).toBe(content.plans.shopPlans.length);
    expect(await count(db, 'study_chapters')).toBe(
      content.guides.reduce((sum, guide) => sum + guide.chapters.length, 0),
    );
  });
});
