import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerWithShop } from '../../../../tests/fixtures/billing';
import { firstOf } from '../../../../tests/fixtures/present';
import { createTestApp, signUpManager, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';
import { shopChangeRequests, shops } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const lookUp = (code: string) => t.app.inject({ method: 'GET', url: `/api/v1/shop-codes/${encodeURIComponent(code)}` });
/** The code as someone copies it from a phone: lower case, O for 0, I for 1, L for 1 wherever they stand. */
const misread = (code: string) =>
  code.slice(4).replace(/0/g, 'O').replace(/1/g, 'I').replace(/L/g, '1').toLowerCase().replace(/^/, 'sh0p');

describe('shop code check', () => {
  it('names the shop of a code, read with 0/O and 1/I/L alike, and answers null for a code of no shop', async () => {
    const manager = await managerWithShop(t.app);
    expect(manager.code).toMatch(/[0L1]/);
    const exact = await lookUp(manager.code);
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toEqual({ shop: { name: 'Joe Garage', shopCode: manager.code } });
    const typed = await lookUp(misread(manager.code));
    expect(typed.json()).toEqual({ shop: { name: 'Joe Garage', shopCode: manager.code } });
    expect((await lookUp('SHOPZZZZZZ')).json()).toEqual({ shop: null });
    expect((await lookUp('not a code')).json()).toEqual({ shop: null });
    expect((await lookUp('X'.repeat(21))).statusCode).toBe(400);
  });

  it('prefers the exact code and names no shop when two differ only by look-alikes', async () => {
    const first = await managerWithShop(t.app);
    const shop = firstOf(await t.database.db.select().from(shops).where(eq(shops.shopCode, first.code)));
    // Two shops made before the check existed: SHOPQ0Q0Q0 and SHOPQOQOQO.
    await t.database.db.update(shops).set({ shopCode: 'SHOPQ0Q0Q0' }).where(eq(shops.id, shop.id));
    const second = await managerWithShop(t.app);
    await t.database.db.update(shops).set({ shopCode: 'SHOPQOQOQO' }).where(eq(shops.shopCode, second.code));
    expect((await lookUp('SHOPQOQOQO')).json().shop.shopCode).toBe('SHOPQOQOQO');
    expect((await lookUp('SHOPQ0Q0Q0')).json().shop.shopCode).toBe('SHOPQ0Q0Q0');
    expect((await lookUp('SHOPQ0QOQ0')).json()).toEqual({ shop: null });
  });

  it('signs a technician up into the shop of a misread code, the request naming the shop’s own code', async () => {
    const manager = await managerWithShop(t.app);
    const { response } = await signUpTech(t.app, { shopCode: misread(manager.code) });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.pendingShopRequest).toEqual({
      requestedShopCode: manager.code,
      shopName: 'Joe Garage',
    });
    const request = firstOf(
      await t.database.db
        .select()
        .from(shopChangeRequests)
        .where(eq(shopChangeRequests.techId, response.json().user.id)),
    );
    expect(request.newShopId).toBe(manager.shop.id);
  });

  it('refuses a manager’s code that reads like a shop’s or another manager’s', async () => {
    const manager = await managerWithShop(t.app);
    const likeShop = await signUpManager(t.app, misread(manager.code));
    expect(likeShop.response.statusCode).toBe(409);
    expect(likeShop.response.json().error.code).toBe('SHOP_CODE_TAKEN');
    expect((await signUpManager(t.app, 'SHOPRESV01')).response.statusCode).toBe(201);
    const likeReserved = await signUpManager(t.app, 'shopresvoi');
    expect(likeReserved.response.statusCode).toBe(409);
  });
});
