import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordRequestSchemaWith,
  experienceRequestSchema,
  forgotPasswordRequestSchema,
  meResponseSchema,
  messageResponseSchema,
  resetPasswordRequestSchemaWith,
  signInRequestSchema,
  signUpRequestSchemaWith,
} from '../../../domain/contracts/auth';
import { errorResponseSchema, okResponseSchema } from '../../../domain/contracts/common';
import { preferencesRequestSchema } from '../../../domain/contracts/preferences';
import { readSession, requireSession } from '../../auth/session';
import { AppError } from '../../errors';
import { messageReply } from '../../messages';
import { sendVerificationMail } from './email-verification';
import {
  changePassword,
  loadSessionUser,
  RESET_MAIL_LIMIT,
  requestPasswordReset,
  resetPassword,
  saveExperienceLevel,
  savePreferences,
  signIn,
  signOut,
  signUp,
} from './service';
import { type AccountFingerprint, accountFingerprint, isKnownDevice, knownDeviceCookie } from './sign-in-limits';

/**
 * The bodies are parsed without zxcvbn's estimate: it is costly, so it runs in the password worker after
 * the token, session and limits are checked; the forms still show its verdict as you type.
 */
const signUpRequestSchema = signUpRequestSchemaWith(null);
const resetPasswordRequestSchema = resetPasswordRequestSchemaWith(null);
const changePasswordRequestSchema = changePasswordRequestSchemaWith(null, {});

export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const perIp = { max: config.AUTH_RATE_LIMIT_PER_IP, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS };
  const secure = config.BASE_URL.startsWith('https://');
  const { secret } = await app.auth.$context;
  const emailOf = (request: FastifyRequest) =>
    String((request.body as { email?: unknown })?.email ?? '')
      .trim()
      .toLowerCase();
  /** One counter per action and address (a shared one let sign-in guesses block the reset). */
  const perEmail = (action: string, key: (request: FastifyRequest, email: string) => Promise<string> | string) =>
    app.createRateLimit({
      max: config.AUTH_RATE_LIMIT_PER_EMAIL,
      timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS,
      keyGenerator: async (request) => `${action}:${await key(request, emailOf(request))}`,
    });
  const signUpLimit = perEmail('sign-up', (_request, email) => email);
  const resetLimit = perEmail('reset', (_request, email) => email);
  // And over a quarter-hour: the per-minute count alone let one IP mail an address ~11,500 times a day.
  const resetMailLimit = app.createRateLimit({
    max: RESET_MAIL_LIMIT.max,
    timeWindow: RESET_MAIL_LIMIT.windowMs,
    keyGenerator: (request) => `reset-mail:${emailOf(request)}`,
  });
  // The account behind a sign-in's address, read once per request: the limiter's key, the known-device check
  // and the cookie set after the sign-in all need it, and a sign-in does not change the password.
  const fingerprints = new WeakMap<FastifyRequest, Promise<AccountFingerprint | null>>();
  const fingerprintOf = (request: FastifyRequest) => {
    let account = fingerprints.get(request);
    if (!account) {
      account = accountFingerprint(app.db, emailOf(request));
      fingerprints.set(request, account);
    }
    return account;
  };
  // Sign-in's counter belongs to the current password, so a completed reset starts afresh (sign-in-limits.ts).
  const signInLimit = perEmail(
    'sign-in',
    async (request, email) => `${email}:${(await fingerprintOf(request))?.generation ?? ''}`,
  );

  /** Per-address limit on top of the per-IP one, so one account cannot be hammered from many IPs. */
  const limitPerEmail =
    (limit: ReturnType<typeof perEmail>, refusal: () => AppError = () => new AppError('RATE_LIMITED', 429)) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const verdict = await limit(request);
      if (!verdict.isAllowed && verdict.isExceeded) {
        reply.header('retry-after', String(verdict.ttlInSeconds));
        throw refusal();
      }
    };
  /** The same words for every address, with an account or without: nothing to tell them apart by. */
  const tooManyResetMails = () =>
    new AppError('RATE_LIMITED.resetMail', 429, {
      max: RESET_MAIL_LIMIT.max,
      minutes: RESET_MAIL_LIMIT.windowMs / 60_000,
    });
  const limitSignIn = async (request: FastifyRequest, reply: FastifyReply) => {
    // The owner's own browser is not held back by guesses others make at their address.
    const account = request.headers.cookie ? await fingerprintOf(request) : null;
    if (isKnownDevice(request.headers.cookie, secret, account, secure)) return;
    await limitPerEmail(signInLimit)(request, reply);
  };
  const markKnownDevice = (reply: FastifyReply, account: AccountFingerprint | null) => {
    if (!account) return;
    reply.header('set-cookie', [
      ...[reply.getHeader('set-cookie') ?? []].flat().map(String),
      knownDeviceCookie(secret, account, secure),
    ]);
  };

  const sessionReply = async (reply: FastifyReply, cookies: string[], userId: string, email: string) => {
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return loadSessionUser(app.db, { userId, email, name: '' });
  };

  app.post(
    '/api/v1/auth/sign-up',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['accounts'],
        summary: 'Create an account (technician or manager) and sign in',
        body: signUpRequestSchema,
        response: {
          201: meResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
      preHandler: limitPerEmail(signUpLimit),
    },
    async (request, reply) => {
      const result = await signUp(app.db, app.auth, app.passwordChecker, request.body, request.headers);
      const me = await sessionReply(reply, result.cookies, result.userId, request.body.email);
      markKnownDevice(reply, await accountFingerprint(app.db, request.body.email));
      // Not awaited: the new account is usable at once; the link arrives when the mail does.
      sendVerificationMail(app, result.userId).catch((error) =>
        request.log.error({ err: error }, 'verification mail failed'),
      );
      return reply.status(201).send(me);
    },
  );

  app.post(
    '/api/v1/auth/sign-in',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['accounts'],
        summary: 'Sign in with e-mail and password',
        body: signInRequestSchema,
        response: {
          200: meResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
      preHandler: limitSignIn,
    },
    async (request, reply) => {
      const result = await signIn(app.auth, request.body, request.headers);
      const me = await sessionReply(reply, result.cookies, result.userId, request.body.email);
      markKnownDevice(reply, await fingerprintOf(request));
      return me;
    },
  );

  app.post(
    '/api/v1/auth/sign-out',
    { schema: { tags: ['accounts'], summary: 'Sign out', response: { 200: okResponseSchema } } },
    async (request, reply) => {
      // better-auth deletes the session; its delete hook drops it from every instance's cache (ADR 0011).
      const cookies = await signOut(app.auth, request.headers);
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/auth/password-reset/request',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['accounts'],
        summary:
          'Forgot password: e-mail a one-time reset link (same answer whether or not the address has an account; ' +
          `at most ${RESET_MAIL_LIMIT.max} per address every ${RESET_MAIL_LIMIT.windowMs / 60_000} minutes)`,
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
      preHandler: [limitPerEmail(resetLimit), limitPerEmail(resetMailLimit, tooManyResetMails)],
    },
    async (request) => {
      // Answered without waiting for the work, so an address with an account takes as long as one without
      // (the token's INSERT made known addresses ~5 ms slower).
      requestPasswordReset(app.auth, request.body.email, request.headers).catch((error) =>
        request.log.error({ err: error }, 'password reset request failed'),
      );
      return messageReply('messages.auth.resetLinkSent');
    },
  );

  app.post(
    '/api/v1/auth/password-reset',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['accounts'],
        summary: "Set a new password with the e-mailed token; it works once and ends the account's sessions",
        body: resetPasswordRequestSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await resetPassword(app.db, app.auth, app.passwordChecker, request.body.token, request.body.newPassword);
      return messageReply('messages.auth.passwordReset');
    },
  );

  app.put(
    '/api/v1/me/password',
    {
      config: { rateLimit: perIp },
      schema: {
        tags: ['accounts'],
        summary: 'Change password: the current one is required; every other session of the account ends',
        body: changePasswordRequestSchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request, reply);
      await app.limitCreation(request, reply, 'password-change', session.userId);
      const cookies = await changePassword(
        app.db,
        app.auth,
        app.passwordChecker,
        session.userId,
        request.body,
        request.headers,
      );
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return messageReply('messages.auth.passwordChanged');
    },
  );

  app.get(
    '/api/v1/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user and the next gate step',
        response: { 200: meResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request, reply);
      reply.header('cache-control', 'no-store');
      return loadSessionUser(app.db, session);
    },
  );

  app.get(
    '/api/v1/session',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user and gate step, or null when signed out (never 401, so pages can ask freely)',
        response: { 200: z.object({ session: meResponseSchema.nullable() }) },
      },
    },
    async (request, reply) => {
      const session = await readSession(request, reply);
      reply.header('cache-control', 'no-store');
      return { session: session ? await loadSessionUser(app.db, session) : null };
    },
  );

  app.put(
    '/api/v1/me/experience-level',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Save the technician experience survey',
        body: experienceRequestSchema,
        response: {
          200: meResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request, reply);
      await saveExperienceLevel(app.db, session.userId, request.body.experienceLevel);
      return loadSessionUser(app.db, session);
    },
  );

  app.patch(
    '/api/v1/me/preferences',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Save the language, time zone and instant-feedback choice that follow the user to every device',
        body: preferencesRequestSchema,
        response: {
          200: meResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const session = await requireSession(request, reply);
      await savePreferences(app.db, session.userId, request.body);
      return loadSessionUser(app.db, session);
    },
  );
}
