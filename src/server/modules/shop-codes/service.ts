import { desc, sql } from 'drizzle-orm';
import type { ShopCodeLookupResponse } from '../../../domain/contracts/shop-codes';
import { isShopCode, normaliseShopCode, SHOP_CODE_LOOKALIKES, shopCodeKey } from '../../../domain/shop-code';
import type { Executor } from '../../db/client';
import { profiles, shops } from '../../db/schema';

const { from, to } = SHOP_CODE_LOOKALIKES;
const keyOf = (column: typeof shops.shopCode | typeof profiles.reservedShopCode) =>
  sql`translate(${column}, ${from}, ${to})`;

/**
 * The shop a typed code means: the shop whose code is the same once 0/O and 1/I/L are read alike.
 * The exact code wins; when two shops differ only by such characters and neither is exact, the code
 * names no shop rather than a guess.
 */
export async function findShopByCode(db: Executor, input: string) {
  const code = normaliseShopCode(input);
  if (!isShopCode(code)) return null;
  const rows = await db
    .select({ id: shops.id, name: shops.name, shopCode: shops.shopCode })
    .from(shops)
    .where(sql`${keyOf(shops.shopCode)} = ${shopCodeKey(code)}`)
    .orderBy(desc(sql`${shops.shopCode} = ${code}`))
    .limit(2);
  const [first, second] = rows;
  if (!first) return null;
  return first.shopCode === code || !second ? first : null;
}

/**
 * Whether a manager's new code would be read as one a shop or another manager already holds: a code
 * that differs only by 0/O or 1/I/L would send technicians to the wrong shop.
 */
export async function isShopCodeTaken(db: Executor, code: string): Promise<boolean> {
  const key = shopCodeKey(code);
  const [taken] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(sql`${keyOf(profiles.reservedShopCode)} = ${key}`)
    .union(
      db
        .select({ id: shops.managerId })
        .from(shops)
        .where(sql`${keyOf(shops.shopCode)} = ${key}`),
    );
  return taken !== undefined;
}

/** What the sign-up form shows beside a typed code: the shop's name, or that no shop has it. */
export async function lookUpShopCode(db: Executor, code: string): Promise<ShopCodeLookupResponse> {
  const shop = await findShopByCode(db, code);
  return { shop: shop ? { name: shop.name, shopCode: shop.shopCode } : null };
}
