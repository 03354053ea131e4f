import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../domain/contracts/auth';
import { errorResponseSchema } from '../../../domain/contracts/common';
import { EMAIL_VERIFICATION_TTL_SECONDS, verifyEmailRequestSchema } from '../../../domain/contracts/email-verification';
import { requireSession } from '../../auth/session';
import type { Database } from '../../db/client';
import { authUsers, authVerifications, profiles } from '../../db/schema';
import { AppError, ServiceUnavailableError } from '../../errors';
import { createCreationLimit } from '../../http/creation-limit';
import { messageReply } from '../../messages';
import { emailVerificationMail } from './email-verification-mail';

/** "Resend" is cheap for us but lands in someone's inbox: a few a quarter-hour per account. */
export const RESEND_LIMIT = { max: 3, windowMs: 15 * 60_000 };

/**
 * The verification row better-auth's table holds for one link: the identifier is `verify-email:<token>`,
 * stored hashed (auth.ts, `storeIdentifier: 'hashed'`), and the value names the account and the address
 * the link was sent to, so a link cannot verify an address it was not mailed to.
 */
const identifierOf = (token: string) => `verify-email:${token}`;
const verificationValue = (userId: string, email: string) => JSON.stringify({ kind: 'verify-email', userId, email });

function parseValue(value: string): { userId: string; email: string } | null {
  try {
    const parsed = JSON.parse(value) as { kind?: unknown; userId?: unknown; email?: unknown };
    if (parsed.kind !== 'verify-email' || typeof parsed.userId !== 'string' || typeof parsed.email !== 'string') {
      return null;
    }
    return { userId: parsed.userId, email: parsed.email };
  } catch {
    return null;
  }
}

const linkInvalid = () => new AppError('VERIFICATION_LINK_INVALID', 400);

/**
 * Makes a one-time link for the account's address and mails it in the account's language. Answers
 * 'already-verified' (and sends nothing) when there is nothing to verify.
 */
export async function sendVerificationMail(app: FastifyInstance, userId: string): Promise<'sent' | 'already-verified'> {
  const [user] = await app.db
    .select({
      email: authUsers.email,
      emailVerified: authUsers.emailVerified,
      name: profiles.fullName,
      locale: profiles.locale,
    })
    .from(authUsers)
    .leftJoin(profiles, eq(profiles.id, authUsers.id))
    .where(eq(authUsers.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED', 401);
  if (user.emailVerified) return 'already-verified';
  const token = randomBytes(32).toString('base64url');
  const context = await app.auth.$context;
  await context.internalAdapter.createVerificationValue({
    identifier: identifierOf(token),
    value: verificationValue(userId, user.email),
    expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_SECONDS * 1000),
  });
  await app.mailer.send(
    emailVerificationMail({
      baseUrl: app.config.BASE_URL,
      ttlSeconds: EMAIL_VERIFICATION_TTL_SECONDS,
      email: user.email,
      name: user.name ?? '',
      token,
      locale: user.locale ?? 'en',
    }),
  );
  return 'sent';
}

/**
 * Verifies the address a link was mailed to. The token is consumed (it works once), and every other
 * verification link of the account stops working with it. Nobody is signed in by this: the link may be
 * opened on any device, and only the address's owner learns anything from it.
 */
export async function verifyEmail(db: Database, app: FastifyInstance, token: string) {
  const context = await app.auth.$context;
  const row = await context.internalAdapter.consumeVerificationValue(identifierOf(token));
  if (!row || new Date(row.expiresAt) < new Date()) throw linkInvalid();
  const owner = parseValue(row.value);
  if (!owner) throw linkInvalid();
  const updated = await db
    .update(authUsers)
    .set({ emailVerified: true })
    .where(and(eq(authUsers.id, owner.userId), eq(authUsers.email, owner.email)))
    .returning({ id: authUsers.id });
  if (updated.length === 0) throw linkInvalid();
  await db.delete(authVerifications).where(eq(authVerifications.value, row.value));
}

export async function emailVerificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perIp = { max: app.config.AUTH_RATE_LIMIT_PER_IP, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW_MS };
  const limitResend = createCreationLimit(app, RESEND_LIMIT);

  app.post(
    '/api/v1/auth/verify-email',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['accounts'],
        summary: "Verify the account's e-mail address with the mailed one-time token (signs nobody in)",
        body: verifyEmailRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await verifyEmail(app.db, app, request.body.token);
      return messageReply('messages.emailVerification.verified');
    },
  );

  app.post(
    '/api/v1/me/email-verification',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Send a new e-mail verification link to the signed-in account (a few a quarter-hour)',
        response: {
          200: messageResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request, reply);
      await limitResend(request, reply, 'verification-email', session.userId);
      let outcome: 'sent' | 'already-verified';
      try {
        outcome = await sendVerificationMail(app, session.userId);
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error }, 'verification mail failed');
        throw new ServiceUnavailableError('MAIL_UNAVAILABLE', 60);
      }
      if (outcome === 'already-verified') {
        throw new AppError('EMAIL_ALREADY_VERIFIED', 409);
      }
      return messageReply('messages.emailVerification.sent');
    },
  );
}
