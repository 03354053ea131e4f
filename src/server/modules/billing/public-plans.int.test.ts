import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/test-app';
import { publicPlansResponseSchema } from '../../../domain/contracts/public-plans';
import { loadContent } from '../../db/content';

const { plans } = loadContent(process.env.CONTENT_DIR || undefined);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('public plans (the /plans page, ADR 0028)', () => {
  it('lists every active shop plan, cheapest first, and the personal price, to anyone', async () => {
    const response = await t.app.inject('/api/v1/plans');
    expect(response.statusCode).toBe(200);
    const body = publicPlansResponseSchema.parse(response.json());
    const active = plans.shopPlans
      .filter((p) => p.active)
      .sort((a, b) => a.price_monthly_cents - b.price_monthly_cents);
    expect(body.shopPlans.map((p) => [p.code, p.priceMonthlyCents, p.shopType])).toEqual(
      active.map((p) => [p.code, p.price_monthly_cents, p.shop_type]),
    );
    expect(body.adaptiveMasteryPriceCents).toBe(1999);
    // Nothing about a shop or a database row.
    expect(response.body).not.toMatch(/"(id|shop)":/);
  });

  it('refuses a write', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/plans', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});
