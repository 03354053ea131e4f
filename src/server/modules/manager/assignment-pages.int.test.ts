import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitledManager, type ShopManager, technicianInShop } from '../../../../tests/fixtures/shop';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app';
import { ASSIGNMENTS_PAGE_SIZE } from '../../../domain/contracts/manager';
import { aseCategories, testAssignments } from '../../db/schema';

/**
 * Test Assignments a page at a time (keyset, issue 33) through the real HTTP app: every row once, in
 * order (open ones by due date, then completed ones newest first), across pages and ties; bad page
 * sizes and cursors are a 400 with a clear message; a manager never sees another shop's rows.
 */
let t: TestApp;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [category] = await t.database.db.select({ id: aseCategories.id }).from(aseCategories).limit(1);
  if (!category) throw new Error('no category seeded');
  categoryId = category.id;
});
afterAll(async () => {
  await t?.close();
});

type Page = {
  assignments: { id: string; status: string; dueDate: string; completedAt: string | null }[];
  nextCursor: string | null;
};

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** Every page from the first, `limit` rows a page: the rows in order, and how many pages it took. */
async function allPages(cookie: string, limit?: number) {
  const rows: Page['assignments'] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams();
    if (limit !== undefined) query.set('limit', String(limit));
    if (cursor) query.set('cursor', cursor);
    const response = await get(`/api/v1/manager/assignments?${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page;
    expect(page.assignments.length).toBeLessThanOrEqual(limit ?? ASSIGNMENTS_PAGE_SIZE);
    rows.push(...page.assignments);
    cursor = page.nextCursor;
    pages++;
  } while (cursor && pages < 100);
  return { rows, pages };
}

/**
 * Open and completed assignments written straight to the table, with ties: two open ones due at the
 * same instant, and completed ones a microsecond apart (a millisecond cursor would skip one of them).
 */
async function seedAssignments(manager: ShopManager, techId: string) {
  const base = { managerId: manager.id, techId, shopId: manager.shop.id, categoryId };
  const due = (days: number) => new Date(Date.UTC(2031, 0, 1 + days, 23, 59, 59, 999));
  const open = await t.database.db
    .insert(testAssignments)
    .values([3, 1, 1, 2, 5].map((days, i) => ({ ...base, dueDate: due(days), notes: `open ${i}` })))
    .returning({ id: testAssignments.id });
  const completed = await t.database.db
    .insert(testAssignments)
    .values(
      [0, 1, 2, 3, 4, 5, 6].map((i) => ({
        ...base,
        dueDate: due(-30),
        status: 'completed' as const,
        attempts: 1,
        lastScore: 80,
        notes: `done ${i}`,
      })),
    )
    .returning({ id: testAssignments.id });
  // Completion times to the microsecond: three in one millisecond, then a day apart.
  await t.database.db.execute(sql`
    update test_assignments set completed_at = case notes
      when 'done 0' then '2030-06-01 10:00:00.123401+00'::timestamptz
      when 'done 1' then '2030-06-01 10:00:00.123402+00'::timestamptz
      when 'done 2' then '2030-06-01 10:00:00.123403+00'::timestamptz
      else '2030-05-01 10:00:00+00'::timestamptz - (substr(notes, 6)::int * interval '1 day') end
    where shop_id = ${manager.shop.id}::uuid and status = 'completed'`);
  return { open: open.map((r) => r.id), completed: completed.map((r) => r.id) };
}

describe('Test Assignments pages', () => {
  it('shows every assignment once, in order, whatever the page size', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager, 'Page Tech');
    await seedAssignments(manager, tech.id);

    const { rows: expected } = await allPages(manager.cookie, 100);
    expect(expected).toHaveLength(12);
    // Open ones first by due date (ties by id), then completed ones newest first (ties by id, descending).
    const open = expected.slice(0, 5);
    const done = expected.slice(5);
    expect(open.every((r) => r.completedAt === null)).toBe(true);
    expect(done.every((r) => r.status === 'Completed')).toBe(true);
    const openKeys = open.map((r) => `${r.dueDate} ${r.id}`);
    expect(openKeys).toEqual([...openKeys].sort());
    const doneTimes = done.map((r) => r.completedAt ?? '');
    expect(doneTimes).toEqual([...doneTimes].sort().reverse());
    // The three completed a microsecond apart share a millisecond: all three are there, newest first.
    expect(done.slice(0, 3).map((r) => r.completedAt)).toEqual(Array(3).fill('2030-06-01T10:00:00.123Z'));

    for (const limit of [1, 2, 3, 5, 6, 11, 12]) {
      const { rows, pages } = await allPages(manager.cookie, limit);
      expect(
        rows.map((r) => r.id),
        `limit ${limit}`,
      ).toEqual(expected.map((r) => r.id));
      expect(pages, `limit ${limit}`).toBe(Math.ceil(12 / limit));
    }
  });

  it('gives 25 rows a page by default, with the cursor of the next', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technicianInShop(t.app, manager, 'Many Tech');
    await t.database.db.insert(testAssignments).values(
      Array.from({ length: 30 }, (_, i) => ({
        managerId: manager.id,
        techId: tech.id,
        shopId: manager.shop.id,
        categoryId,
        dueDate: new Date(Date.UTC(2031, 1, 1 + i)),
      })),
    );
    const first = (await get('/api/v1/manager/assignments', manager.cookie)).json() as Page;
    expect(first.assignments).toHaveLength(ASSIGNMENTS_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await get(`/api/v1/manager/assignments?cursor=${encodeURIComponent(first.nextCursor ?? '')}`, manager.cookie)
    ).json() as Page;
    expect(second.assignments).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.assignments, ...second.assignments].map((r) => r.id)).size).toBe(30);
  });

  it.each([
    ['limit=0', 'The page size must be a whole number from 1 to 100'],
    ['limit=101', 'The page size must be a whole number from 1 to 100'],
    ['limit=2.5', 'The page size must be a whole number from 1 to 100'],
    ['limit=ten', 'The page size must be a whole number from 1 to 100'],
    ['cursor=garbage', 'The page cursor is not valid'],
    // A well-formed cursor of a day that does not exist never reaches PostgreSQL.
    ['cursor=open_2031-02-31T00:00:00.000000Z_00000000-0000-4000-8000-000000000000', 'The page cursor is not valid'],
    ['cursor=done_2031-01-01T25:00:00.000000Z_00000000-0000-4000-8000-000000000000', 'The page cursor is not valid'],
    ['cursor=open_2031-01-01T00:00:00.000000Z_not-a-uuid', 'The page cursor is not valid'],
    [`cursor=${'x'.repeat(101)}`, 'The page cursor is not valid: load the list again from its first page'],
  ])('answers %s with a 400 that says why', async (query, message) => {
    const manager = await entitledManager(t.app);
    const response = await get(`/api/v1/manager/assignments?${query}`, manager.cookie);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
  });

  it("never shows another shop's rows, even with that shop's cursor", async () => {
    const mine = await entitledManager(t.app);
    const myTech = await technicianInShop(t.app, mine, 'Mine Tech');
    const ours = await seedAssignments(mine, myTech.id);
    const other = await entitledManager(t.app);
    const theirTech = await technicianInShop(t.app, other, 'Their Tech');
    const theirs = await seedAssignments(other, theirTech.id);

    const { rows } = await allPages(mine.cookie, 4);
    expect(rows.map((r) => r.id).sort()).toEqual([...ours.open, ...ours.completed].sort());
    // Their cursors (open and completed sections) page through our own rows only.
    const first = (await get('/api/v1/manager/assignments?limit=4', other.cookie)).json() as Page;
    const later = (await get(`/api/v1/manager/assignments?limit=4&cursor=${first.nextCursor}`, other.cookie)).json();
    for (const cursor of [first.nextCursor, (later as Page).nextCursor]) {
      const page = (
        await get(`/api/v1/manager/assignments?limit=100&cursor=${encodeURIComponent(cursor ?? '')}`, mine.cookie)
      ).json() as Page;
      for (const row of page.assignments) expect(theirs.open.concat(theirs.completed)).not.toContain(row.id);
      for (const row of page.assignments) expect([...ours.open, ...ours.completed]).toContain(row.id);
    }
  });
});
