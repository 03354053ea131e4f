import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerOnTrial } from '../../../../tests/fixtures/billing';
import { createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { CSV_COLUMNS } from '../../../domain/certifications';
import { aseCategories, certificationAuditLog, profiles, techCertifications } from '../../db/schema';

/** Certifications through the real HTTP app: own ones for technicians, the shop's for its manager. */
let t: TestApp;
const category = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const c of await t.database.db.select().from(aseCategories)) category.set(c.code, c.id);
});
afterAll(async () => {
  await t.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as never });

async function techIn(shopId: string | null) {
  const { cookie, response } = await signUpTech(t.app);
  const id = response.json().user.id as string;
  if (shopId) await t.database.db.update(profiles).set({ shopId }).where(eq(profiles.id, id));
  return { cookie, id };
}
const add = (cookie: string, code: string, obtainedDate = '2024-02-29', certificationNumber?: string) =>
  call(cookie, 'POST', '/api/v1/me/certifications', {
    categoryId: category.get(code),
    obtainedDate,
    certificationNumber,
  });

describe('technician certifications', () => {
  it('adds one with expiry obtained + 5 years, lists it with its band, and refuses a second active one', async () => {
    const tech = await techIn(null);
    const first = await add(tech.cookie, 'A5', '2024-02-29', 'ASE-1');
    expect(first.statusCode).toBe(201);
    expect(first.json().certification).toMatchObject({
      category: { code: 'A5' },
      obtainedDate: '2024-02-29',
      expirationDate: '2029-02-28',
      isActive: true,
      band: 'valid',
    });
    const second = await add(tech.cookie, 'A5', '2025-01-01');
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('You already have an active certification for this category');
    const list = (await call(tech.cookie, 'GET', '/api/v1/me/certifications')).json();
    expect(list.certifications).toHaveLength(1);
    expect(list.master).toEqual({ master: false, atRisk: [] });
  });

  it('refuses a missing, future or pre-1972 date with the spec words', async () => {
    const tech = await techIn(null);
    const missing = await call(tech.cookie, 'POST', '/api/v1/me/certifications', { categoryId: category.get('A1') });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Please select a certification and enter the date obtained');
    const future = await add(tech.cookie, 'A1', '2999-01-01');
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe('The date obtained cannot be in the future');
    const ancient = await add(tech.cookie, 'A1', '1000-01-01');
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().error.message).toBe('The date obtained cannot be before 1972, when ASE certification began');
    expect((await add(tech.cookie, 'A1', '1972-01-01')).statusCode).toBe(201);
  });

  it('keeps one active under two concurrent adds of the same category', async () => {
    const tech = await techIn(null);
    const results = await Promise.all([add(tech.cookie, 'A3'), add(tech.cookie, 'A3')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(techCertifications).where(eq(techCertifications.techId, tech.id));
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
  });

  it('deactivates, reactivates (409 while another is active) and deletes, each with an audit row', async () => {
    const tech = await techIn(null);
    const id = (await add(tech.cookie, 'A6')).json().certification.id as string;
    expect((await call(tech.cookie, 'PATCH', `/api/v1/me/certifications/${id}`, { isActive: false })).statusCode).toBe(
      200,
    );
    const replacement = await add(tech.cookie, 'A6', '2025-06-01');
    expect(replacement.statusCode).toBe(201);
    expect((await call(tech.cookie, 'PATCH', `/api/v1/me/certifications/${id}`, { isActive: true })).statusCode).toBe(
      409,
    );
    await call(tech.cookie, 'DELETE', `/api/v1/me/certifications/${replacement.json().certification.id}`);
    expect((await call(tech.cookie, 'PATCH', `/api/v1/me/certifications/${id}`, { isActive: true })).statusCode).toBe(
      200,
    );
    expect((await call(tech.cookie, 'DELETE', `/api/v1/me/certifications/${id}`)).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(certificationAuditLog)
      .where(eq(certificationAuditLog.certificationId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(['activated', 'created', 'deactivated', 'deleted']);
    expect(audit.every((a) => a.actorId === tech.id)).toBe(true);
  });

  it("answers 404 for another technician's certification and 401 signed out", async () => {
    const owner = await techIn(null);
    const other = await techIn(null);
    const id = (await add(owner.cookie, 'A7')).json().certification.id as string;
    expect((await call(other.cookie, 'PATCH', `/api/v1/me/certifications/${id}`, { isActive: false })).statusCode).toBe(
      404,
    );
    expect((await call(other.cookie, 'DELETE', `/api/v1/me/certifications/${id}`)).statusCode).toBe(404);
    expect((await call('', 'GET', '/api/v1/me/certifications')).statusCode).toBe(401);
  });
});

describe('manager certifications', () => {
  it("lists the shop's technicians' certifications, edits one with an audit entry, and exports CSV", async () => {
    const manager = await managerOnTrial(t.app);
    const tech = await techIn(manager.shop.id);
    const outsider = await techIn(null);
    const id = (await add(tech.cookie, 'A8', '2024-01-10')).json().certification.id as string;
    await add(outsider.cookie, 'A8');

    const list = (await call(manager.cookie, 'GET', '/api/v1/manager/certifications')).json();
    expect(list.certifications).toHaveLength(1);
    expect(list.certifications[0].technician.id).toBe(tech.id);

    const bad = await call(manager.cookie, 'PATCH', `/api/v1/manager/certifications/${id}`, {
      certificationNumber: '',
      documentUrl: 'javascript:alert(1)',
      obtainedDate: '2024-01-10',
    });
    expect(bad.statusCode).toBe(400);
    const ancient = await call(manager.cookie, 'PATCH', `/api/v1/manager/certifications/${id}`, {
      certificationNumber: '',
      documentUrl: '',
      obtainedDate: '1000-01-01',
    });
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().error.message).toBe('The date obtained cannot be before 1972, when ASE certification began');
    const edit = await call(manager.cookie, 'PATCH', `/api/v1/manager/certifications/${id}`, {
      certificationNumber: '=cmd|calc',
      documentUrl: '',
      obtainedDate: '2024-01-11',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().certification).toMatchObject({
      certificationNumber: '=cmd|calc',
      documentUrl: null,
      expirationDate: '2029-01-11',
    });
    const audit = (await call(manager.cookie, 'GET', `/api/v1/manager/certifications/${id}/audit`)).json();
    expect(audit.entries[0]).toMatchObject({ action: 'updated', actorName: 'Max Manager' });
    expect(audit.entries.at(-1)).toMatchObject({ action: 'created' });

    const csv = await call(manager.cookie, 'GET', '/api/v1/manager/certifications.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="certifications-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",'=cmd|calc,");
  });

  it('keeps a deleted certification and its audit trail readable by the manager', async () => {
    const manager = await managerOnTrial(t.app);
    const otherManager = await managerOnTrial(t.app);
    const tech = await techIn(manager.shop.id);
    const id = (await add(tech.cookie, 'A4', '2023-05-02', 'ASE-777')).json().certification.id as string;
    const verified = {
      certificationNumber: 'ASE-777',
      documentUrl: 'https://example.com/a4.pdf',
      obtainedDate: '2023-05-02',
    };
    expect((await call(manager.cookie, 'PATCH', `/api/v1/manager/certifications/${id}`, verified)).statusCode).toBe(
      200,
    );

    // Delete and re-add with another number: the manager still sees what was verified, and who deleted it when.
    const before = Date.now();
    expect((await call(tech.cookie, 'DELETE', `/api/v1/me/certifications/${id}`)).statusCode).toBe(200);
    const readded = await add(tech.cookie, 'A4', '2023-05-02', 'ASE-999');
    expect(readded.statusCode).toBe(201);

    const audit = await call(manager.cookie, 'GET', `/api/v1/manager/certifications/${id}/audit`);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual(['deleted', 'updated', 'created']);
    expect(audit.json().entries[0]).toMatchObject({ action: 'deleted', actorName: 'Tina Tech' });
    expect(Date.parse(audit.json().entries[0].createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const list = (await call(manager.cookie, 'GET', '/api/v1/manager/certifications')).json();
    expect(list.certifications.map((c: { id: string }) => c.id)).toEqual([readded.json().certification.id]);
    expect(list.deleted).toEqual([
      expect.objectContaining({
        id,
        category: expect.objectContaining({ code: 'A4' }),
        technician: expect.objectContaining({ id: tech.id }),
        certificationNumber: 'ASE-777',
        documentUrl: 'https://example.com/a4.pdf',
        deletedBy: 'Tina Tech',
      }),
    ]);
    expect(Date.parse(list.deleted[0].deletedAt)).toBeGreaterThanOrEqual(before - 1000);
    const filtered = await call(manager.cookie, 'GET', `/api/v1/manager/certifications?techId=${tech.id}`);
    expect(filtered.json().deleted.map((c: { id: string }) => c.id)).toEqual([id]);

    // Gone everywhere else: the technician's list, the CSV, edits, and other shops.
    const own = (await call(tech.cookie, 'GET', '/api/v1/me/certifications')).json();
    expect(own.certifications.map((c: { id: string }) => c.id)).toEqual([readded.json().certification.id]);
    expect((await call(manager.cookie, 'GET', '/api/v1/manager/certifications.csv')).body).not.toContain('ASE-777');
    expect((await call(manager.cookie, 'PATCH', `/api/v1/manager/certifications/${id}`, verified)).statusCode).toBe(
      404,
    );
    expect((await call(tech.cookie, 'PATCH', `/api/v1/me/certifications/${id}`, { isActive: true })).statusCode).toBe(
      404,
    );
    expect((await call(tech.cookie, 'DELETE', `/api/v1/me/certifications/${id}`)).statusCode).toBe(404);
    expect((await call(otherManager.cookie, 'GET', `/api/v1/manager/certifications/${id}/audit`)).statusCode).toBe(404);
    expect((await call(otherManager.cookie, 'GET', '/api/v1/manager/certifications')).json().deleted).toEqual([]);
  });

  it("answers 404 for another shop's certification and 403 for technicians", async () => {
    const manager = await managerOnTrial(t.app);
    const otherManager = await managerOnTrial(t.app);
    const tech = await techIn(manager.shop.id);
    const id = (await add(tech.cookie, 'A2')).json().certification.id as string;
    const body = { certificationNumber: null, documentUrl: null, obtainedDate: '2024-01-10' };
    expect((await call(otherManager.cookie, 'PATCH', `/api/v1/manager/certifications/${id}`, body)).statusCode).toBe(
      404,
    );
    expect((await call(otherManager.cookie, 'GET', `/api/v1/manager/certifications/${id}/audit`)).statusCode).toBe(404);
    expect((await call(otherManager.cookie, 'GET', '/api/v1/manager/certifications')).json().certifications).toEqual(
      [],
    );
    expect((await call(tech.cookie, 'GET', '/api/v1/manager/certifications')).statusCode).toBe(403);
  });
});
