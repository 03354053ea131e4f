import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/fixtures/test-database';
import type { DatabaseHandle } from './client';
import { CONTENT_DIR, contentFingerprint, loadContent } from './content';
import { seedContent, seedContentIfChanged } from './seed';

let database: DatabaseHandle;
let dir: string;
beforeAll(async () => {
  database = await openTestDatabase();
  // A copy of the content folder this test may change.
  dir = mkdtempSync(join(tmpdir(), 'tp-content-'));
  cpSync(process.env.CONTENT_DIR || CONTENT_DIR, dir, { recursive: true });
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const storedFingerprint = async () =>
  (await rows<{ fingerprint: string }>(sql`select fingerprint from content_seed`))[0]?.fingerprint;
const questionText = async (id: string) =>
  (await rows<{ question_text: string }>(sql`select question_text from questions where id = ${id}`))[0]?.question_text;

/** The first practice question's file (relative to the content folder) and its parsed items. */
function firstQuestionFile() {
  const code = loadContent(dir).categories[0]!.code.toLowerCase();
  const path = join(dir, 'questions', `${code}.json`);
  return { path, items: JSON.parse(readFileSync(path, 'utf8')) as { id: string; question: string }[] };
}

describe('seedContentIfChanged (the start-up seed)', () => {
  it('seeds a database that was never seeded and stores the fingerprint', async () => {
    expect(await storedFingerprint()).toBeUndefined();
    expect(await seedContentIfChanged(database.db, dir)).toBe('seeded');
    expect(await storedFingerprint()).toBe(contentFingerprint(dir));
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from questions`))[0]!.n).toBeGreaterThan(0);
  });

  it('writes nothing when the content is unchanged', async () => {
    const { items } = firstQuestionFile();
    const id = items[0]!.id;
    // A row changed behind the seed's back stays changed: a seed would have put the file's text back.
    await database.db.execute(sql`update questions set question_text = 'changed in the database' where id = ${id}`);
    const before = await rows(sql`select xmin::text as x, seeded_at from content_seed`);
    expect(await seedContentIfChanged(database.db, dir)).toBe('unchanged');
    expect(await questionText(id)).toBe('changed in the database');
    expect(await rows(sql`select xmin::text as x, seeded_at from content_seed`)).toEqual(before);
  });

  it('seeds again when a content file changed, and stores the new fingerprint', async () => {
    const { path, items } = firstQuestionFile();
    const old = await storedFingerprint();
    items[0]!.question = `${items[0]!.question} (revised)`;
    writeFileSync(path, JSON.stringify(items, null, 2));
    expect(contentFingerprint(dir)).not.toBe(old);
    expect(await seedContentIfChanged(database.db, dir)).toBe('seeded');
    expect(await questionText(items[0]!.id)).toBe(items[0]!.question);
    expect(await storedFingerprint()).toBe(contentFingerprint(dir));
    expect(await seedContentIfChanged(database.db, dir)).toBe('unchanged');
  });

  it('keeps the old fingerprint when a seed fails, so the next start seeds again', async () => {
    await seedContentIfChanged(database.db, dir);
    const old = await storedFingerprint();
    expect(old).toBe(contentFingerprint(dir));
    const content = loadContent(dir);
    // The same question twice, changed both times, in one upsert: PostgreSQL refuses to update a row twice in
    // one statement, inside the seed's transaction (after the fingerprint was written there).
    const first = content.questions[0]!;
    const twice = [1, 2].map((n) => ({ ...first, question: `${first.question} (version ${n})` }));
    const broken = { ...content, questions: twice };
    await expect(seedContent(database.db, broken, 'a-fingerprint-never-stored')).rejects.toThrow(
      /Failed query: insert into "questions"/,
    );
    expect(await questionText(first.id)).toBe(first.question);
    expect(await storedFingerprint()).toBe(old);
  });

  it('clears the fingerprint when content is seeded without one (it may not be the content folder)', async () => {
    await seedContent(database.db, loadContent(dir));
    expect(await storedFingerprint()).toBeUndefined();
    expect(await seedContentIfChanged(database.db, dir)).toBe('seeded');
  });

  it('fingerprints the bytes of every file, its name included', () => {
    const before = contentFingerprint(dir);
    writeFileSync(join(dir, 'extra.txt'), '');
    expect(contentFingerprint(dir)).not.toBe(before);
    rmSync(join(dir, 'extra.txt'));
    expect(contentFingerprint(dir)).toBe(before);
  });
});
