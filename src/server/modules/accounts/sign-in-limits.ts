import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authAccounts, authUsers } from '../../db/schema';

/**
 * Eight guesses a minute with someone's e-mail locked them out of their own sign-in and reset.
 * Now each action counts on its own (sign-up, sign-in, reset request), and sign-in's per-address counter
 * never stands between the right person and their account:
 * - the counter belongs to the current password: a reset (or change) starts a new one, so a fresh reset
 *   always lets its owner in;
 * - a browser that signed in with the current password (a "known device") carries a cookie that proves it —
 *   an HMAC, under the server's secret, of the account's id and its current password's fingerprint — and is
 *   not held by the per-address counter (its address's per-IP limit still applies). A password change or
 *   reset ends every such cookie, so a former colleague's or an attacker's browser loses the pass.
 */

const DEVICE_COOKIE = 'torqueprep.device';
const SECURE_DEVICE_COOKIE = `__Secure-${DEVICE_COOKIE}`;
const DEVICE_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;
const DEVICE_COOKIE_VALUE = /(?:^|;\s*)torqueprep\.device=([^;]+)/;
const SECURE_DEVICE_COOKIE_VALUE = /(?:^|;\s*)__Secure-torqueprep\.device=([^;]+)/;

/** The account behind an address: its id and a fingerprint of its current password hash. */
export interface AccountFingerprint {
  userId: string;
  generation: string;
}

/**
 * The account's id and a short fingerprint of its current password hash, or null when the address has
 * no password account. The hash itself never leaves this function.
 */
export async function accountFingerprint(db: Database, email: string): Promise<AccountFingerprint | null> {
  const [row] = await db
    .select({ userId: authUsers.id, password: authAccounts.password })
    .from(authAccounts)
    .innerJoin(authUsers, eq(authUsers.id, authAccounts.userId))
    .where(and(eq(authUsers.email, email.trim().toLowerCase()), eq(authAccounts.providerId, 'credential')));
  if (!row?.password) return null;
  return { userId: row.userId, generation: createHash('sha256').update(row.password).digest('base64url').slice(0, 12) };
}

function deviceProof(secret: string, account: AccountFingerprint): string {
  return createHmac('sha256', secret)
    .update(`known-device:${account.userId}:${account.generation}`)
    .digest('base64url');
}

/** The Set-Cookie header that marks this browser as one that signed in with the account's current password. */
export function knownDeviceCookie(secret: string, account: AccountFingerprint, secure: boolean): string {
  const name = secure ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
  const attributes = ['Path=/api/v1/auth', `Max-Age=${DEVICE_MAX_AGE_SECONDS}`, 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${name}=${deviceProof(secret, account)}`, ...attributes].join('; ');
}

/** True when the request carries the known-device cookie for this account and its current password. */
export function isKnownDevice(
  cookieHeader: string | undefined,
  secret: string,
  account: AccountFingerprint | null,
  secure: boolean,
): boolean {
  if (!cookieHeader || !account) return false;
  const sent = (secure ? SECURE_DEVICE_COOKIE_VALUE : DEVICE_COOKIE_VALUE).exec(cookieHeader)?.[1];
  if (!sent) return false;
  const expected = Buffer.from(deviceProof(secret, account));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
