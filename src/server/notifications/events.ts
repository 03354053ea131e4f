import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { notifications, shops } from '../db/schema';
import { notify, notifyMany } from './notify';

/**
 * How long assignments to one technician gather into one message, and its e-mail waits for more: a manager
 * assigning a dozen tests in a row sends one e-mail listing them, not a dozen.
 */
export const ASSIGNMENT_GATHER_MS = 2 * 60_000;

export interface AssignedTest {
  assignmentId: string;
  categoryCode: string;
  categoryName: string;
  /** The calendar day the manager chose (YYYY-MM-DD). */
  dueDate: string;
}

/**
 * Technician: a test assigned to them, in the assignment's transaction. While an earlier message of the same
 * manager is recent, unread and its e-mail not yet claimed by the sender, the test joins that message (its row
 * locked: the sender skips it meanwhile, and a claimed one no longer matches, so a new message is made).
 */
export async function notifyAssignmentCreated(
  tx: Executor,
  input: { techId: string; manager: { id: string; fullName: string }; test: AssignedTest },
  now = new Date(),
): Promise<void> {
  const [open] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, input.techId),
        eq(notifications.kind, 'assignment_created'),
        isNull(notifications.readAt),
        gt(notifications.createdAt, new Date(now.getTime() - ASSIGNMENT_GATHER_MS)),
        sql`${notifications.params}->>'assignedById' = ${input.manager.id}`,
        or(
          eq(notifications.emailStatus, 'skipped'),
          and(eq(notifications.emailStatus, 'pending'), eq(notifications.emailAttempts, 0)),
        ),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(1)
    .for('update');
  if (open) {
    await tx
      .update(notifications)
      .set({
        params: sql`jsonb_set(${notifications.params}, '{items}', (${notifications.params}->'items') || ${JSON.stringify([input.test])}::jsonb)`,
        // Several tests: the link opens the list of them rather than the first one.
        link: '/app',
      })
      .where(eq(notifications.id, open.id));
    return;
  }
  await notify(
    tx,
    {
      recipientId: input.techId,
      kind: 'assignment_created',
      params: { assignedBy: input.manager.fullName, assignedById: input.manager.id, items: [input.test] },
      link: `/app?assignment=${input.test.assignmentId}`,
      emailNotBefore: new Date(now.getTime() + ASSIGNMENT_GATHER_MS),
    },
    now,
  );
}

/**
 * docs/PRODUCT.md#notifications: one technician's requests to join one shop e-mail its manager at most once in
 * this long. Anyone with the shop's code can ask, cancel and ask again (about 15 times in 10 minutes under the
 * per-user limit), and each request was an e-mail from TorquePrep to the manager.
 */
export const JOIN_REQUEST_EMAIL_GAP_MS = 24 * 60 * 60_000;

/**
 * Manager of the shop asked to join: a technician's request, in the request's transaction. Every request is
 * shown in-app; it is e-mailed only when no request of the same technician to the same shop was in the last
 * 24 hours (JOIN_REQUEST_EMAIL_GAP_MS), whether that one's e-mail is sent yet or still waiting.
 */
export async function notifyJoinRequest(
  tx: Executor,
  input: { shopId: string; technicianId: string; technicianName: string },
  now = new Date(),
): Promise<void> {
  const [shop] = await tx
    .select({ managerId: shops.managerId, name: shops.name })
    .from(shops)
    .where(eq(shops.id, input.shopId));
  if (!shop) return;
  const [mailed] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, shop.managerId),
        eq(notifications.kind, 'join_request_received'),
        gt(notifications.createdAt, new Date(now.getTime() - JOIN_REQUEST_EMAIL_GAP_MS)),
        ne(notifications.emailStatus, 'skipped'),
        sql`${notifications.params}->>'technicianId' = ${input.technicianId}`,
        sql`${notifications.params}->>'shopId' = ${input.shopId}`,
      ),
    )
    .limit(1);
  await notifyMany(
    tx,
    [
      {
        recipientId: shop.managerId,
        kind: 'join_request_received',
        params: {
          technicianName: input.technicianName,
          technicianId: input.technicianId,
          shopName: shop.name,
          shopId: input.shopId,
        },
        link: '/manager',
        inAppOnly: mailed !== undefined,
      },
    ],
    now,
  );
}

/** Technician: their join or shop-change request approved or rejected, in the review's transaction. */
export async function notifyShopRequestDecided(
  tx: Executor,
  input: { techId: string; shopName: string; decision: 'approved' | 'rejected' },
  now = new Date(),
): Promise<void> {
  await notify(
    tx,
    {
      recipientId: input.techId,
      kind: 'shop_request_decided',
      params: { shopName: input.shopName, decision: input.decision },
      link: input.decision === 'approved' ? '/app' : '/app/profile',
    },
    now,
  );
}

/**
 * Manager: an assigned test completed, in the submit's transaction (its one extra INSERT, only when the
 * submit completes an assignment). A manager on the daily summary gets it in-app only: the row's e-mail is
 * `skipped` and N2's daily summary reads completed assignments from test_assignments, not from these rows.
 */
export async function notifyAssignmentCompleted(
  tx: Executor,
  input: {
    managerId: string;
    techId: string;
    technicianName: string;
    assignmentId: string;
    categoryCode: string;
    categoryName: string;
    score: number;
    passed: boolean;
    /** The attempt's test session: each attempt is told once, even if a retried submit came here twice. */
    sessionId: string;
  },
  now = new Date(),
): Promise<void> {
  await notify(
    tx,
    {
      recipientId: input.managerId,
      kind: 'assignment_completed',
      params: {
        assignmentId: input.assignmentId,
        technicianName: input.technicianName,
        categoryCode: input.categoryCode,
        categoryName: input.categoryName,
        score: input.score,
        passed: input.passed,
      },
      link: `/manager/technicians/${input.techId}`,
      dedupeKey: `attempt:${input.sessionId}`,
    },
    now,
  );
}
