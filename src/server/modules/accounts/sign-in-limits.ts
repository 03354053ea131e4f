import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authAccounts, authUsers } from '../../db/schema';

/**
 * Issue 30: eight guesses a minute with someone's e-mail locked them out of their own sign-in and reset.
 * Now each action counts on its own (sign-up, sign-in, reset request), and sign-in's per-address counter
 * never stands between the right person and their account:
 * - a browser that has signed in to the account before (a "known device") carries a cookie that proves it,
 *   an HMAC of the address under the server's secret, and is not held by the per-address counter (its
 *   address's per-IP limit still applies);
 * - the counter belongs to the current password: a reset (or change) starts a new one, so a fresh reset
 *   always lets its owner in.
 */

const DEVICE_COOKIE = 'torqueprep.device';
const SECURE_DEVICE_COOKIE = `__Secure-${DEVICE_COOKIE}`;
const DEVICE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;

function deviceProof(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`known-device:${email.trim().toLowerCase()}`).digest('base64url');
}

/** The Set-Cookie header that marks this browser as one the account's owner signs in from. */
export function knownDeviceCookie(secret: string, email: string, secure: boolean): string {
  const name = secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
  const attributes = ['Path=/api/v1/auth', `Max-Age=${DEVICE_MAX_AGE_SECONDS}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${name}=${deviceProof(secret, email)}`, ...attributes].join('; ');
}

/** True when the request carries the known-device cookie for this address. */
export function isKnownDevice(cookieHeader: string | undefined, secret: string, email: string, secure: boolean) {
  if (!cookieHeader) return false;
  const name = (secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE).replace('.', '\\.');
  const sent = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(cookieHeader)?.[1];
  if (!sent) return false;
  const expected = Buffer.from(deviceProof(secret, email));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A short fingerprint of the account's current password hash ('' when there is no such account), so the
 * sign-in counter's key changes with the password. The hash itself never leaves this function.
 */
export async function passwordGeneration(db: Database, email: string): Promise<string> {
  const [row] = await db
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .innerJoin(authUsers, eq(authUsers.id, authAccounts.userId))
    .where(and(eq(authUsers.email, email.trim().toLowerCase()), eq(authAccounts.providerId, 'credential')));
  return row?.password ? createHash('sha256').update(row.password).digest('base64url').slice(0, 12) : '';
}
