import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../domain/constants';
import type { Database } from '../db/client';
import { authAccounts, authSessions, authUsers, authVerifications } from '../db/schema';

export interface AuthOptions {
  baseUrl: string;
  secret: string;
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
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Any request after a day refreshes the session's expiry (SPEC §4 automatic refresh).
      updateAge: 60 * 60 * 24,
    },
    // Sign-in and sign-up run through our own routes, which validate the SPEC §5 rules,
    // rate-limit per IP and e-mail, and create the profile; better-auth's own HTTP paths are closed.
    disabledPaths: ['/sign-up/email', '/sign-in/email'],
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'torqueprep',
      useSecureCookies: options.baseUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
