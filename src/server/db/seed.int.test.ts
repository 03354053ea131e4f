import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/fixtures/test-database';
import type { DatabaseHandle } from './client';
import { loadContent } from './content';
import { seedContent } from './seed';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function snapshot() {
  const tables = [
    'ase_categories',
    'questions',
    'master_challenge_questions',
    'study_chapters',
    'study_sections',
    'achievements',
    'subscription_plans',
  ];
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    const result = await database.db.execute(sql.raw(`select count(*)::int as n, max(xmin::text) as x from ${table}`));
    out[table] = (result as unknown as { rows: unknown[] }).rows[0];
  }
  return out;
}

describe('seedContent', () => {
  it('loads content and changes nothing when run twice', async () => {
    const content = loadContent(process.env.CONTENT_DIR || undefined);
    await seedContent(database.db, content);
    const first = await snapshot();
    expect((first.ase_categories as { n: number }).n).toBe(8);
    expect((first.achievements as { n: number }).n).toBe(10);
    expect((first.questions as { n: number }).n).toBe(content.questions.length + 5);
    expect((first.master_challenge_questions as { n: number }).n).toBe(content.masterChallenge.length);
    await seedContent(database.db, content);
    // Same counts and no row rewritten (xmin would change on any update).
    expect(await snapshot()).toEqual(first);
  });

  it('deactivates a question that left the content files instead of deleting it', async () => {
    const content = loadContent(process.env.CONTENT_DIR || undefined);
    const trimmed = { ...content, freeTest: content.freeTest };
    const dropped = content.questions[0];
    if (!dropped) return; // no practice bank in this content folder
    await seedContent(database.db, { ...trimmed, questions: content.questions.slice(1) });
    const result = await database.db.execute(sql`select active from questions where id = ${dropped.id}`);
    expect((result as unknown as { rows: { active: boolean }[] }).rows[0]!.active).toBe(false);
    await seedContent(database.db, content);
  });
});
