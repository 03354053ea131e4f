import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import { addMonths, lifecycleAction } from '../../domain/billing';
import type { CardProcessor } from '../billing/card-processor';
import type { Clock } from '../billing/clock';
import type { Database } from '../db/client';
import { subscriptionPlans, subscriptions, techSubscriptions } from '../db/schema';
import { notifyShopPaymentFailed } from '../notifications/billing-events';
import { scheduleRepeating } from './schedule';

export interface LifecycleDeps {
  db: Database;
  cards: CardProcessor;
  clock: Clock;
}

export type Transition = {
  subscriptionId: string;
  from: 'trial' | 'active';
  to: 'active' | 'past_due';
  periodEnd: Date | null;
};

/**
 * Moves one due subscription on, in its own transaction: trial → active at trial end (first charge),
 * active → active at period end (renewal), and → past_due when the charge fails (ADR 0005).
 * The row is taken with FOR UPDATE SKIP LOCKED, so several servers running this at once never
 * charge the same subscription twice: each sees only rows nobody else holds, and a row is no longer
 * due once its holder commits.
 */
async function advanceOne(deps: LifecycleDeps, now: Date): Promise<Transition | 'none-due'> {
  return deps.db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          // Plans on Stripe Billing are renewed by Stripe and moved on by its webhook (ADR 0033).
          isNull(subscriptions.stripeSubscriptionId),
          or(
            and(eq(subscriptions.status, 'trial'), lte(subscriptions.trialEnd, now)),
            and(eq(subscriptions.status, 'active'), lte(subscriptions.currentPeriodEnd, now)),
          ),
        ),
      )
      .orderBy(asc(subscriptions.currentPeriodEnd))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!sub) return 'none-due';
    const action = lifecycleAction(sub, now);
    if (action === 'none') return 'none-due';

    // The period being paid for starts where the last one ended, so a late run does not shift the billing day.
    const periodStart = action === 'first-charge' ? (sub.trialEnd ?? now) : (sub.currentPeriodEnd ?? now);
    const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, sub.planId));
    const charge = sub.stripePaymentMethodId
      ? await deps.cards.charge({
          paymentMethodId: sub.stripePaymentMethodId,
          amountCents: plan?.priceMonthlyCents ?? 0,
          // One key per subscription and period: a retried run cannot charge a period twice.
          idempotencyKey: `${sub.id}-${periodStart.toISOString()}`,
        })
      : ({ ok: false, reason: 'No payment method on file' } as const);

    if (!charge.ok) {
      await tx.update(subscriptions).set({ status: 'past_due' }).where(eq(subscriptions.id, sub.id));
      // The manager hears of it in the same transaction, once for this period.
      await notifyShopPaymentFailed(
        tx,
        { shopId: sub.shopId, subscriptionId: sub.id, period: periodStart.toISOString() },
        now,
      );
      return { subscriptionId: sub.id, from: sub.status as 'trial' | 'active', to: 'past_due', periodEnd: null };
    }
    const periodEnd = addMonths(periodStart, 1);
    await tx
      .update(subscriptions)
      .set({ status: 'active', currentPeriodStart: periodStart, currentPeriodEnd: periodEnd })
      .where(eq(subscriptions.id, sub.id));
    return { subscriptionId: sub.id, from: sub.status as 'trial' | 'active', to: 'active', periodEnd };
  });
}

/**
 * Personal Adaptive Mastery subscriptions of the mock provider have no card to charge (its checkout is
 * a confirmation page), so an active one rolls into its next month at period end until it is cancelled
 * (ADR 0007). Stripe ones are renewed by Stripe and reach us through the webhook. Returns how many rolled.
 */
export async function renewMockPersonalSubscriptions(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(techSubscriptions)
      .where(
        and(
          eq(techSubscriptions.provider, 'mock'),
          eq(techSubscriptions.status, 'active'),
          lte(techSubscriptions.currentPeriodEnd, now),
        ),
      )
      .for('update', { skipLocked: true });
    for (const row of due) {
      let end = row.currentPeriodEnd ?? now;
      while (end.getTime() <= now.getTime()) end = addMonths(end, 1);
      await tx.update(techSubscriptions).set({ currentPeriodEnd: end }).where(eq(techSubscriptions.id, row.id));
    }
    return due.length;
  });
}

/**
 * Runs until nothing is due at the clock's time. Idempotent: a second run at the same time does
 * nothing. A subscription many months behind is renewed once per run pass until it catches up.
 * Returns the shop subscriptions' transitions; personal mock subscriptions are rolled on as well.
 */
export async function runSubscriptionLifecycle(
  deps: LifecycleDeps,
  maxTransitions = 1000,
  signal?: AbortSignal,
): Promise<Transition[]> {
  const now = deps.clock.now();
  const done: Transition[] = [];
  // A shutdown stops it between transitions (each its own transaction); the rest is due at the next run.
  while (done.length < maxTransitions && !signal?.aborted) {
    const result = await advanceOne(deps, now);
    if (result === 'none-due') break;
    done.push(result);
  }
  if (!signal?.aborted) await renewMockPersonalSubscriptions(deps.db, now);
  return done;
}

/** Start-up run plus one every `intervalMs` (0: start-up only). Returns a stop function. */
export function scheduleSubscriptionLifecycle(
  deps: LifecycleDeps,
  options: { intervalMs: number; onError: (error: unknown) => void; onRun?: (t: Transition[]) => void },
): () => Promise<void> {
  return scheduleRepeating((signal) => runSubscriptionLifecycle(deps, 1000, signal), options);
}
