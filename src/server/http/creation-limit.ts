import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** Things that cost real work or money to create, each limited per user (ADR 0010). */
export type CreationKind =
  | 'test-session'
  | 'checkout'
  | 'shop-subscription'
  | 'master-challenge'
  | 'password-change'
  | 'assignment'
  | 'question-report'
  | 'review-answer'
  // Edits that write audit rows or notify a manager, so a script cannot flood them.
  | 'certification-change'
  | 'profile-edit'
  | 'shop-request'
  // "Resend verification e-mail", with its own smaller limit (email-verification.ts).
  | 'verification-email';

export type LimitCreation = (
  request: FastifyRequest,
  reply: FastifyReply,
  kind: CreationKind,
  userId: string,
) => Promise<void>;

/**
 * A per-user, per-kind counter in the rate limiter's store (Redis when REDIS_URL is set, so it holds
 * across instances). Call it after authorising and only when something is about to be created, so
 * resuming an open test never counts; over the limit it answers 429 with Retry-After.
 */
export function createCreationLimit(app: FastifyInstance, options: { max: number; windowMs: number }): LimitCreation {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => keys.get(request) ?? `create:unknown:${request.ip}`,
  });
  return async (request, reply, kind, userId) => {
    keys.set(request, `create:${kind}:${userId}`);
    const verdict = await check(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      reply.header('retry-after', String(verdict.ttlInSeconds));
      throw new AppError('RATE_LIMITED.creation', 429, { retryAfter: verdict.ttlInSeconds });
    }
  };
}
