import { and, count, eq, sql } from 'drizzle-orm';
import {
  APPROVAL_HISTORY_ROWS,
  type ApprovalHistoryRow,
  type JoinRequest,
  type ReviewResponse,
} from '../../../domain/contracts/manager';
import { hasRoomForTechnician } from '../../../domain/technician-progress';
import type { Database, Executor } from '../../db/client';
import { columnOf, orNull, preparedStatement, type RowOf } from '../../db/prepared';
import { profiles, shopChangeRequests, shops, subscriptionPlans, subscriptions } from '../../db/schema';
import { theRow } from '../../db/the-row';
import { AppError, notFound } from '../../errors';
import { notifyShopRequestDecided } from '../../notifications/events';

/** A request with its technician: what the pending list and the history both show. */
const requestFields = {
  id: columnOf('r', shopChangeRequests.id),
  requested_shop_code: columnOf('r', shopChangeRequests.requestedShopCode),
  notes: columnOf('r', shopChangeRequests.notes),
  requested_at: columnOf('r', shopChangeRequests.requestedAt),
  tech_id: columnOf('p', profiles.id),
  full_name: columnOf('p', profiles.fullName),
  email: columnOf('p', profiles.email),
};

type RequestDbRow = RowOf<typeof requestFields>;
type ShopRequestStatus = (typeof shopChangeRequests.$inferSelect)['status'];

const pendingRows = preparedStatement(
  'manager_pending_requests',
  requestFields,
  (columns) => sql`
    select ${columns}
    from shop_change_requests r join profiles p on p.id = r.tech_id
    where r.new_shop_id = ${sql.placeholder('shopId')}::uuid and r.status = 'pending'
    order by r.requested_at, r.id`,
);

const historyRows = preparedStatement(
  'manager_request_history',
  {
    ...requestFields,
    // Approved or rejected only (the statement's filter).
    status: sql<Exclude<ShopRequestStatus, 'pending'>>`r.status`,
    reviewed_at: columnOf('r', shopChangeRequests.reviewedAt),
    // The reviewer (a technician who cancelled, or the manager); null once their account is gone.
    reviewer_id: orNull(columnOf('rv', profiles.id)),
    reviewer_name: orNull(columnOf('rv', profiles.fullName)),
  },
  (columns) => sql`
    select ${columns}
    from shop_change_requests r
    join profiles p on p.id = r.tech_id
    left join profiles rv on rv.id = r.reviewed_by
    where r.new_shop_id = ${sql.placeholder('shopId')}::uuid and r.status in ('approved', 'rejected')
    order by r.reviewed_at desc nulls last, r.requested_at desc, r.id
    limit ${sql.raw(String(APPROVAL_HISTORY_ROWS))}`,
);

function toJoinRequest(row: RequestDbRow): JoinRequest {
  return {
    id: row.id,
    technician: { id: row.tech_id, fullName: row.full_name, email: row.email },
    requestedShopCode: row.requested_shop_code,
    notes: row.notes,
    requestedAt: row.requested_at.toISOString(),
  };
}

/** Requests to join this shop that wait for the manager. */
export async function listPendingJoinRequests(db: Executor, shopId: string): Promise<JoinRequest[]> {
  return (await pendingRows(db, { shopId })).map(toJoinRequest);
}

/** The approval history: approved and rejected requests (a technician's own cancel included) with the reviewer. */
export async function listApprovalHistory(db: Executor, shopId: string): Promise<ApprovalHistoryRow[]> {
  return (await historyRows(db, { shopId })).map((row) => ({
    ...toJoinRequest(row),
    status: row.status,
    cancelledByTechnician: row.reviewer_id === row.tech_id,
    reviewer: row.reviewer_id ? { id: row.reviewer_id, fullName: row.reviewer_name ?? '' } : null,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  }));
}

/**
 * Approves or rejects a request to join the manager's shop, in one transaction. The request row is
 * locked, so two tabs approving at once give one result (the second sees it reviewed: 409). An
 * approval also locks the shop row, so approvals of different requests count technicians one at a
 * time and the plan's max_technicians holds; it moves the technician into the shop.
 */
export async function reviewJoinRequest(
  db: Database,
  manager: { id: string; shopId: string },
  requestId: string,
  decision: 'approved' | 'rejected',
  now = new Date(),
): Promise<ReviewResponse> {
  return db.transaction(async (tx) => {
    let plan: { name: string; maxTechnicians: number } | undefined;
    if (decision === 'approved') {
      [plan] = await tx
        .select({ name: subscriptionPlans.name, maxTechnicians: subscriptionPlans.maxTechnicians })
        .from(shops)
        .innerJoin(subscriptions, eq(subscriptions.id, shops.subscriptionId))
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
        .where(eq(shops.id, manager.shopId))
        .for('update', { of: shops });
    }
    const [request] = await tx
      .select({ id: shopChangeRequests.id, techId: shopChangeRequests.techId, status: shopChangeRequests.status })
      .from(shopChangeRequests)
      .where(and(eq(shopChangeRequests.id, requestId), eq(shopChangeRequests.newShopId, manager.shopId)))
      .for('update');
    if (!request) throw notFound('NOT_FOUND.request');
    if (request.status !== 'pending') throw new AppError('REQUEST_ALREADY_REVIEWED', 409);

    if (decision === 'approved') {
      const [tech] = await tx
        .select({ shopId: profiles.shopId })
        .from(profiles)
        .where(and(eq(profiles.id, request.techId), eq(profiles.role, 'tech')))
        .for('update');
      if (!tech) throw notFound('NOT_FOUND.request');
      if (tech.shopId !== manager.shopId) {
        const { technicians } = theRow(
          await tx
            .select({ technicians: count() })
            .from(profiles)
            .where(and(eq(profiles.shopId, manager.shopId), eq(profiles.role, 'tech'))),
          'count shop technicians',
        );
        const max = plan?.maxTechnicians ?? 0;
        if (!hasRoomForTechnician(technicians, max)) {
          const planName = plan?.name ?? '';
          throw new AppError('TECHNICIAN_LIMIT_REACHED', 409, {
            plan: planName,
            max: String(max),
          });
        }
        await tx.update(profiles).set({ shopId: manager.shopId }).where(eq(profiles.id, request.techId));
      }
    }
    await tx
      .update(shopChangeRequests)
      .set({ status: decision, reviewedAt: now, reviewedBy: manager.id })
      .where(eq(shopChangeRequests.id, request.id));
    // The technician hears of it with the decision, in its transaction.
    const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, manager.shopId));
    await notifyShopRequestDecided(tx, { techId: request.techId, shopName: shop?.name ?? '', decision }, now);
    return { id: request.id, status: decision };
  });
}
