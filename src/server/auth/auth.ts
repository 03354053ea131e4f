import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../domain/constants';
import type { Database } from '../db/client';
import { authAccounts, authSessions, authUsers, authVerifications } from '../db/schema';
import type { SessionOwner } from './session-cache';

export interface AuthOptions {
  baseUrl: string;
  secret: string;
  /** How long a password-reset link works, in seconds. */
  resetPasswordTtlSeconds: number;
  /** Sends the reset link; better-auth made the token. Must not wait for delivery (timing, ADR 0011). */
  sendResetPassword(data: { userId: string; email: string; name: string; token: string }): void;
  /**
   * Every way better-auth ends a session (sign-out, revoke-session(s), a password change that ends the
   * other sessions, a reset) deletes its row through the adapter, which calls this for each one.
   */
  onSessionEnded(session: SessionOwner): Promise<void>;
  /** Our LOG_LEVEL: better-auth's messages follow it (silent in tests). */
  logLevel?: string;
  /** Where better-auth's messages go (our logger), already stripped of personal data by `authLogger`. */
  log?: (level: 'debug' | 'info' | 'warn' | 'error', message: string, details: object) => void;
}

const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+/g;

/**
 * What may be logged of a value better-auth passes with a message: an error's name and code, never its
 * message (a failed INSERT's message holds the new user's e-mail and password hash).
 */
function loggable(value: unknown): unknown {
  if (!(value instanceof Error)) return typeof value;
  const cause = (value as { cause?: { code?: unknown } }).cause;
  return { name: value.name, code: (value as { code?: unknown }).code ?? cause?.code };
}

/**
 * better-auth's refusal of a request's origin or callback URL ("Invalid origin: http://evil.example"): the
 * client's doing, not ours, so a warning; at error level anyone could fill the error log and its alerts.
 */
const REFUSED_CLIENT_URL = /^Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b/;
/** How much of a message is kept: the refused URL is the client's text. */
const MESSAGE_MAX = 200;

/** better-auth's own log levels for ours, its output through our logger with e-mails masked. */
export function authLogger(level: string | undefined, log: AuthOptions['log']) {
  if (level === 'silent') return { disabled: true };
  const sink = log
    ? {
        log: (at: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) =>
          log(
            at === 'error' && REFUSED_CLIENT_URL.test(message) ? 'warn' : at,
            message.replace(EMAIL, '[e-mail]').slice(0, MESSAGE_MAX),
            { details: args.map(loggable) },
          ),
      }
    : {};
  if (level === 'fatal' || level === 'error') return { level: 'error' as const, ...sink };
  if (level === 'warn') return { level: 'warn' as const, ...sink };
  if (level === 'debug' || level === 'trace') return { level: 'debug' as const, ...sink };
  return { level: 'info' as const, ...sink };
}

/** better-auth with email + password and httpOnly cookie sessions that refresh themselves. */
export function createAuth(db: Database, options: AuthOptions) {
  return betterAuth({
    appName: 'TorquePrep',
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    secret: options.secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: options.resetPasswordTtlSeconds,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        options.sendResetPassword({ userId: user.id, email: user.email, name: user.name, token });
      },
    },
    // Reset tokens are stored hashed: a copy of the database holds no link that works.
    verification: { storeIdentifier: 'hashed' },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Any request after a day refreshes the session's expiry.
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      session: {
        delete: {
          after: async (session) => options.onSessionEnded({ token: session.token, userId: session.userId }),
        },
      },
    },
    // Sign-in, sign-up, password reset and change run through our own routes, which validate the form's
    // and password rules, rate-limit and create the profile; better-auth's own HTTP paths for them are
    // closed, and /api/auth/* forwards only an allow-list (modules/accounts/auth-handler.ts).
    disabledPaths: [
      '/sign-up/email',
      '/sign-in/email',
      '/list-sessions',
      '/change-password',
      '/request-password-reset',
      '/reset-password',
      '/update-user',
      '/change-email',
      '/delete-user',
      '/set-password',
    ],
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'torqueprep',
      useSecureCookies: options.baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    telemetry: { enabled: false },
    logger: authLogger(options.logLevel, options.log),
  });
}

export type Auth = ReturnType<typeof createAuth>;
