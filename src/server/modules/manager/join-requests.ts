import { and, count, eq, sql } from 'drizzle-orm';
import {
  APPROVAL_HISTORY_ROWS,
  type ApprovalHistoryRow,
  type JoinRequest,
  MANAGER_MESSAGES,
  type ReviewResponse,
} from '../../../domain/contracts/manager';
import { hasRoomForTechnician } from '../../../domain/technician-progress';
import type { Database, Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { profiles, shopChangeRequests, shops, subscriptionPlans, subscriptions } from '../../db/schema';
import { AppError, notFound } from '../../errors';

interface RequestDbRow {
  id: string;
  requested_shop_code: string;
  notes: string | null;
  requested_at: Date | string;
  tech_id: string;
  full_name: string;
  email: string;
}

const pendingRows = preparedQuery<RequestDbRow>(
  'manager_pending_requests',
  sql`
    select r.id, r.requested_shop_code, r.notes, r.requested_at, p.id as tech_id, p.full_name, p.email
    from shop_change_requests r join profiles p on p.id = r.tech_id
    where r.new_shop_id = ${sql.placeholder('shopId')}::uuid and r.status = 'pending'
    order by r.requested_at, r.id`,
);

const historyRows = preparedQuery<
  RequestDbRow & {
    status: 'approved' | 'rejected';
    reviewed_at: Date | string | null;
    reviewer_id: string | null;
    reviewer_name: string | null;
  }
>(
  'manager_request_history',
  sql`
    select r.id, r.requested_shop_code, r.notes, r.requested_at, r.status, r.reviewed_at,
      p.id as tech_id, p.full_name, p.email, rv.id as reviewer_id, rv.full_name as reviewer_name
    from shop_change_requests r
    join profiles p on p.id = r.tech_id
    left join profiles rv on rv.id = r.reviewed_by
    where r.new_shop_id = ${sql.placeholder('shopId')}::uuid and r.status in ('approved', 'rejected')
    order by r.reviewed_at desc nulls last, r.requested_at desc, r.id
    limit ${sql.raw(String(APPROVAL_HISTORY_ROWS))}`,
);

const iso = (value: Date | string) => new Date(value).toISOString();

function toJoinRequest(row: RequestDbRow): JoinRequest {
  return {
    id: row.id,
    technician: { id: row.tech_id, fullName: row.full_name, email: row.email },
    requestedShopCode: row.requested_shop_code,
    notes: row.notes,
    requestedAt: iso(row.requested_at),
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
    reviewedAt: row.reviewed_at ? iso(row.reviewed_at) : null,
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
    if (!request) throw notFound('Request');
    if (request.status !== 'pending')
      throw new AppError('REQUEST_ALREADY_REVIEWED', 409, MANAGER_MESSAGES.alreadyReviewed);

    if (decision === 'approved') {
      const [tech] = await tx
        .select({ shopId: profiles.shopId })
        .from(profiles)
        .where(and(eq(profiles.id, request.techId), eq(profiles.role, 'tech')))
        .for('update');
      if (!tech) throw notFound('Request');
      if (tech.shopId !== manager.shopId) {
        const [{ technicians }] = await tx
          .select({ technicians: count() })
          .from(profiles)
          .where(and(eq(profiles.shopId, manager.shopId), eq(profiles.role, 'tech')));
        const max = plan?.maxTechnicians ?? 0;
        if (!hasRoomForTechnician(technicians, max)) {
          const planName = plan?.name ?? '';
          throw new AppError('TECHNICIAN_LIMIT_REACHED', 409, MANAGER_MESSAGES.technicianLimit(planName, String(max)), {
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
    return { id: request.id, status: decision };
  });
}
