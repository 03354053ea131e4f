import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROWING_TABLES } from '../../../tests/fixtures/growing-tables';
import { answerTest, practiceContent, startTest, submitTest } from '../../../tests/fixtures/practice';
import { entitledManager, technicianInShop } from '../../../tests/fixtures/shop';
import { type CapturedStatement, captureSql, type SqlCapture } from '../../../tests/fixtures/sql-capture';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';
import { addCalendarDays, today } from '../../domain/calendar-day';
import type { Executor } from './client';
import { authUsers, techCertifications } from './schema';

/**
 * No statement on a request path may read a table that grows with users from end to end. The
 * real routes run through the HTTP app while the driver records the SQL they send; each statement is
 * then EXPLAINed, with its own parameters, under `enable_seqscan = off`: the planner still picks a
 * sequential scan when no index can answer the statement, and that is what fails here.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/** A plan as indented lines: node, table, index and filter (what a reader of the failure needs). */
function outline(node: PlanNode, depth = 1): string[] {
  const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const filter = node.Filter ? ` filter ${node.Filter}` : '';
  const line = `${'  '.repeat(depth)}${node['Node Type']}${on}${using}${filter}`;
  return [line, ...(node.Plans ?? []).flatMap((child) => outline(child, depth + 1))];
}

/** The growing tables a plan reads with a sequential scan. */
function seqScans(node: PlanNode): string[] {
  const own =
    node['Node Type'] === 'Seq Scan' && node['Relation Name'] && GROWING_TABLES.has(node['Relation Name'])
      ? [node['Relation Name']]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** Statements worth planning: reads and writes, not BEGIN, SAVEPOINT, SET or a health `select 1`. */
const isPlannable = (text: string) =>
  /^\s*(select|insert|update|delete|with)\b/i.test(text) && !/^\s*select 1\s*$/i.test(text);

type Raw = { query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
/** The driver's client behind a drizzle transaction (a pool client, or PGlite's transaction). */
const rawClient = (tx: Executor) => (tx as unknown as { session: { client: Raw } }).session.client;

/** Each captured statement's plan (seqscan off), keyed by the routes that sent it. */
async function planAll(t: TestApp, statements: Map<string, { values: unknown[]; routes: Set<string> }>) {
  const findings: { routes: string[]; sql: string; tables: string[]; plan: string }[] = [];
  await t.database.db.transaction(async (tx) => {
    const client = rawClient(tx);
    await client.query('set local enable_seqscan = off');
    for (const [text, { values, routes }] of statements) {
      const { rows } = await client.query(`explain (format json) ${text}`, values);
      const raw = Object.values(rows[0]!)[0];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      const tables = seqScans(plan[0]!.Plan);
      if (tables.length) {
        findings.push({ routes: [...routes], sql: text.trim(), tables, plan: outline(plan[0]!.Plan).join('\n') });
      }
    }
    // Nothing here is meant to persist; the EXPLAINs wrote nothing anyway.
  });
  return findings;
}

let t: TestApp;
let capture: SqlCapture;
const statements = new Map<string, { values: unknown[]; routes: Set<string> }>();

function keep(route: string, captured: CapturedStatement[]) {
  for (const s of captured) {
    if (!isPlannable(s.text)) continue;
    const seen = statements.get(s.text);
    if (seen) seen.routes.add(route);
    else statements.set(s.text, { values: s.values, routes: new Set([route]) });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const { app } = t;
  const db = t.database.db;
  const { key, categories } = await practiceContent(db);
  const manager = await entitledManager(app);
  const tech = await technicianInShop(app, manager, 'Plan Tech');
  // The global Master Challenge board ranks verified technicians only.
  await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, tech.id));
  const category = categories.get('A5') as string;

  // History the reads have something to read: a test (missed answers fill the review deck), a certification, an assignment.
  {
    const session = await startTest(app, tech.cookie, { kind: 'category', categoryId: category });
    await answerTest(app, tech.cookie, session, key, 12);
    expect((await submitTest(app, tech.cookie, session.id)).statusCode).toBe(200);
  }
  await db.insert(techCertifications).values({
    techId: tech.id,
    categoryId: categories.get('A2') as string,
    obtainedDate: '2024-03-01',
    expirationDate: '2029-03-01',
  });

  capture = captureSql(t.database);
  const as = (cookie: string) => async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, headers: { cookie }, payload: payload as never });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  const techCall = as(tech.cookie);
  const managerCall = as(manager.cookie);
  const route = async (name: string, run: () => Promise<unknown>) => keep(name, await capture.during(run));

  await route('assign', () =>
    managerCall('POST', '/api/v1/manager/assignments', {
      techId: tech.id,
      categoryId: category,
      dueDate: addCalendarDays(today(new Date(), 'UTC'), 7),
      notes: 'Brakes refresher',
    }),
  );
  for (const url of [
    '/api/v1/me',
    '/api/v1/me/practice-dashboard',
    '/api/v1/me/analytics',
    '/api/v1/me/mastery',
    '/api/v1/me/achievements',
    '/api/v1/me/certifications',
    '/api/v1/me/review',
    '/api/v1/notifications/unread-count',
    '/api/v1/master-challenge/eligibility',
    '/api/v1/master-challenge/leaderboard',
    '/api/v1/master-challenge/my-rank',
  ]) {
    await route(`GET ${url}`, () => techCall('GET', url));
  }
  for (const url of [
    '/api/v1/manager/overview',
    '/api/v1/manager/technicians',
    '/api/v1/manager/assignments',
    // Test Assignments' later pages: from within the open ones, and from within the completed ones.
    '/api/v1/manager/assignments?limit=1&cursor=open_2000-01-01T00:00:00.000000Z_00000000-0000-4000-8000-000000000000',
    '/api/v1/manager/assignments?limit=1&cursor=done_2100-01-01T00:00:00.000000Z_00000000-0000-4000-8000-000000000000',
    '/api/v1/manager/test-history',
    '/api/v1/manager/analytics',
    `/api/v1/manager/technicians/${tech.id}/analytics`,
    '/api/v1/manager/certifications',
    '/api/v1/manager/certifications.csv',
  ]) {
    await route(`GET ${url}`, () => managerCall('GET', url));
  }

  // The writes: start, answer, submit; a review answer; a Master Challenge start and answer.
  let session = { id: '', slots: [] as { position: number; question: { id: string } }[] };
  await route('POST /api/v1/test-sessions', async () => {
    session = (await techCall('POST', '/api/v1/test-sessions', { kind: 'category', categoryId: category })).json();
  });
  await route('PUT /api/v1/test-sessions/:id/answers/:position', () =>
    techCall('PUT', `/api/v1/test-sessions/${session.id}/answers/0`, { answer: 'A' }),
  );
  // Instant feedback locks an answered slot (409 on a second answer): answer the rest.
  await answerTest(app, tech.cookie, { ...session, slots: session.slots.slice(1) } as never, key, 10);
  await route('GET /api/v1/test-sessions/:id', () => techCall('GET', `/api/v1/test-sessions/${session.id}`));
  await route('POST /api/v1/test-sessions/:id/submit', () =>
    techCall('POST', `/api/v1/test-sessions/${session.id}/submit`),
  );
  let cards = [] as { questionId: string }[];
  await route('GET /api/v1/me/review/cards', async () => {
    cards = (await techCall('GET', '/api/v1/me/review/cards')).json().cards;
  });
  expect(cards.length).toBeGreaterThan(0);
  await route('POST /api/v1/me/review/cards/:questionId/answer', () =>
    techCall('POST', `/api/v1/me/review/cards/${cards[0]!.questionId}/answer`, { answer: 'A' }),
  );
  let attempt = { id: '', current: { order: 0 } };
  await route('POST /api/v1/master-challenge/attempts', async () => {
    attempt = (await techCall('POST', '/api/v1/master-challenge/attempts')).json();
  });
  await route('POST /api/v1/master-challenge/attempts/:id/answers', () =>
    techCall('POST', `/api/v1/master-challenge/attempts/${attempt.id}/answers`, {
      questionOrder: attempt.current.order,
      answer: 'A',
      activity: { tabSwitches: 0, focusLosses: 0, windowSizeFlags: 0 },
    }),
  );
  // Forty-odd requests through the app on a shared machine: more than the project's 90 s default.
}, 240_000);

afterAll(async () => {
  capture?.restore();
  await t?.close();
});

describe('hot statements on request paths', () => {
  it('captured the statements of every route it ran', () => {
    const routes = new Set([...statements.values()].flatMap((s) => [...s.routes]));
    // Every route sends at least one statement of its own or shares one (the session read) with others.
    expect(routes.size).toBeGreaterThanOrEqual(25);
    expect(statements.size).toBeGreaterThan(40);
  });

  it("planned Test Assignments' keyset pages (open ones, then completed ones)", () => {
    const texts = [...statements.keys()];
    expect(texts.some((text) => text.includes('(a.due_date, a.id) >'))).toBe(true);
    expect(texts.some((text) => text.includes('(a.completed_at, a.id) <'))).toBe(true);
  });

  it('reads no growing table with a sequential scan', async () => {
    const findings = await planAll(t, statements);
    const report = findings
      .map((f) => `Seq Scan on ${f.tables.join(', ')} via ${f.routes.join(' | ')}\n  ${f.sql.slice(0, 300)}\n${f.plan}`)
      .join('\n\n');
    expect(findings.length, report).toBe(0);
  });
});
