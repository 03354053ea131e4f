import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitledManager, technician } from '../../../tests/fixtures/shop';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';
import { aseCategories } from '../db/schema';
import { englishMessage } from '../errors';

/**
 * Edits that write audit rows or reach a manager are limited per user like creations
 * (CREATE_LIMIT_PER_USER in CREATE_LIMIT_WINDOW_MS, ADR 0010): certifications added, switched and deleted,
 * profile edits, and shop join requests made and cancelled.
 */
const LIMIT = 3;
let t: TestApp;
let categoryIds: string[];
beforeAll(async () => {
  t = await createTestApp({ CREATE_LIMIT_PER_USER: String(LIMIT) });
  categoryIds = (await t.database.db.select({ id: aseCategories.id }).from(aseCategories)).map((c) => c.id);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

function expectLimited(response: Awaited<ReturnType<typeof call>>) {
  expect(response.statusCode).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json().error).toMatchObject({
    code: 'RATE_LIMITED',
    message: englishMessage('RATE_LIMITED.creation'),
  });
}

describe('per-user limits on edits', () => {
  it('certifications: adding, switching and deleting count together', async () => {
    const tech = await technician(t.app);
    const added = await call('POST', '/api/v1/me/certifications', tech.cookie, {
      categoryId: categoryIds[0],
      obtainedDate: '2025-01-15',
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().certification.id;
    expect((await call('PATCH', `/api/v1/me/certifications/${id}`, tech.cookie, { isActive: false })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/v1/me/certifications/${id}`, tech.cookie)).statusCode).toBe(200);
    expectLimited(
      await call('POST', '/api/v1/me/certifications', tech.cookie, {
        categoryId: categoryIds[1],
        obtainedDate: '2025-01-15',
      }),
    );
  });

  it('profile edits', async () => {
    const tech = await technician(t.app);
    for (let edit = 1; edit <= LIMIT; edit += 1) {
      const r = await call('PATCH', '/api/v1/me/profile', tech.cookie, { fullName: `Tina Torque ${edit}` });
      expect(r.statusCode).toBe(200);
    }
    expectLimited(await call('PATCH', '/api/v1/me/profile', tech.cookie, { fullName: 'Tina Flood' }));
  });

  it('shop join requests: cancel and re-request cannot loop', async () => {
    const manager = await entitledManager(t.app);
    const tech = await technician(t.app);
    const join = () => call('POST', '/api/v1/me/shop-requests', tech.cookie, { shopCode: manager.shop.shopCode });
    const first = await join();
    expect(first.statusCode).toBe(201);
    expect(
      (await call('POST', `/api/v1/me/shop-requests/${first.json().request.id}/cancel`, tech.cookie)).statusCode,
    ).toBe(200);
    const second = await join();
    expect(second.statusCode).toBe(201);
    expectLimited(await call('POST', `/api/v1/me/shop-requests/${second.json().request.id}/cancel`, tech.cookie));
  });

  it('counts each user on their own', async () => {
    const other = await technician(t.app);
    expect((await call('PATCH', '/api/v1/me/profile', other.cookie, { fullName: 'Tom Torque' })).statusCode).toBe(200);
  });
});
