import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  PendingShopRequest,
  shopChangeRequestSchema,
  updateProfileRequestSchema,
} from '../../../domain/contracts/profile';
import type { ProfileRow } from '../../authz';
import type { Database, Executor } from '../../db/client';
import { profiles, shopChangeRequests, shops } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { notifyJoinRequest } from '../../notifications/events';
import { findShopByCode } from '../shop-codes';

/**
 * Own name for everyone, experience level for technicians. The contract is strict, so role,
 * shop, e-mail and subscription fields never reach here.
 */
export async function updateProfile(
  db: Executor,
  profile: ProfileRow,
  changes: z.output<typeof updateProfileRequestSchema>,
): Promise<void> {
  if (changes.experienceLevel && profile.role !== 'tech') {
    throw new AppError('FORBIDDEN.experienceForTechnicians', 403);
  }
  const set = {
    ...(changes.fullName ? { fullName: changes.fullName } : {}),
    ...(changes.experienceLevel ? { experienceLevel: changes.experienceLevel } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db.update(profiles).set(set).where(eq(profiles.id, profile.id));
}

/** The technician's one pending request to join a shop, if any. */
export async function getPendingShopRequest(db: Executor, techId: string): Promise<PendingShopRequest | null> {
  const [row] = await db
    .select({ request: shopChangeRequests, shopName: shops.name })
    .from(shopChangeRequests)
    .leftJoin(shops, eq(shops.id, shopChangeRequests.newShopId))
    .where(and(eq(shopChangeRequests.techId, techId), eq(shopChangeRequests.status, 'pending')));
  if (!row) return null;
  return {
    id: row.request.id,
    requestedShopCode: row.request.requestedShopCode,
    shopName: row.shopName,
    notes: row.request.notes,
    requestedAt: row.request.requestedAt.toISOString(),
  };
}

/**
 * A technician asks to join the shop with this code (docs/PRODUCT.md#shops: pending until its manager decides).
 * Any code that leads to no shop gets one message, so answers never tell which codes exist; the
 * route is rate-limited like sign-in. One pending request at a time (the unique partial index decides races).
 */
export async function requestShopChange(
  db: Database,
  tech: ProfileRow,
  input: z.output<typeof shopChangeRequestSchema>,
): Promise<PendingShopRequest> {
  const shop = await findShopByCode(db, input.shopCode);
  if (!shop) throw new AppError('SHOP_CODE_NOT_ACCEPTED', 400);
  if (shop.id === tech.shopId) throw new AppError('ALREADY_IN_SHOP', 409);
  // The shop's manager hears of it with the request, in its transaction.
  const created = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(shopChangeRequests)
      .values({ techId: tech.id, newShopId: shop.id, requestedShopCode: shop.shopCode, notes: input.notes })
      .onConflictDoNothing()
      .returning({ id: shopChangeRequests.id });
    if (rows.length > 0) {
      await notifyJoinRequest(tx, { shopId: shop.id, technicianId: tech.id, technicianName: tech.fullName });
    }
    return rows;
  });
  if (created.length === 0) throw new AppError('SHOP_REQUEST_PENDING', 409);
  return (await getPendingShopRequest(db, tech.id)) as PendingShopRequest;
}

/** docs/PRODUCT.md#shops: the technician's cancel sets their pending request to rejected, reviewed by themselves. */
export async function cancelShopRequest(db: Executor, techId: string, requestId: string, now = new Date()) {
  const cancelled = await db
    .update(shopChangeRequests)
    .set({ status: 'rejected', reviewedAt: now, reviewedBy: techId })
    .where(
      and(
        eq(shopChangeRequests.id, requestId),
        eq(shopChangeRequests.techId, techId),
        eq(shopChangeRequests.status, 'pending'),
      ),
    )
    .returning({ id: shopChangeRequests.id });
  if (cancelled.length > 0) return;
  const [own] = await db
    .select({ id: shopChangeRequests.id })
    .from(shopChangeRequests)
    .where(and(eq(shopChangeRequests.id, requestId), eq(shopChangeRequests.techId, techId)));
  if (!own) throw notFound('NOT_FOUND.request');
  throw new AppError('REQUEST_ALREADY_REVIEWED', 409);
}
