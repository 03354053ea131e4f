import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser, SignUpPayload } from '../../../domain/contracts/auth';
import type { PreferencesRequest } from '../../../domain/contracts/preferences';
import type { ExperienceLevel } from '../../../domain/experience';
import { gateStep } from '../../../domain/gate';
import {
  newPasswordProblem,
  type PasswordOwner,
  personalWords,
  strengthProblem,
} from '../../../domain/password-policy';
import type { Auth } from '../../auth/auth';
import type { PasswordChecker } from '../../auth/password-checker';
import type { Database } from '../../db/client';
import { authUsers, authVerifications, profiles, shopChangeRequests, shops, subscriptions } from '../../db/schema';
import { AppError, ContractError } from '../../errors';
import { fieldMessage } from '../../messages';
import { notifyJoinRequest } from '../../notifications/events';
import { findShopByCode, isShopCodeTaken } from '../shop-codes';
import { RESEND_LIMIT } from './email-verification';

interface AuthResult {
  cookies: string[];
  userId: string;
}

function authErrorStatus(error: unknown): number | undefined {
  const e = error as { statusCode?: number; status?: number | string };
  return typeof e.statusCode === 'number' ? e.statusCode : undefined;
}

/**
 * Creates the better-auth user and session, then our profile (ADR 0002):
 * a manager's shop code is reserved for the shop they will create; a technician's shop code
 * becomes a pending request to join that shop.
 */
export async function signUp(
  db: Database,
  auth: Auth,
  checker: PasswordChecker,
  payload: SignUpPayload,
  headers: IncomingHttpHeaders,
): Promise<AuthResult> {
  let joinShopId: string | null = null;
  if (payload.shopCode && payload.role === 'manager' && (await isShopCodeTaken(db, payload.shopCode))) {
    throw new AppError('SHOP_CODE_TAKEN', 409);
  }
  let joinShopCode: string | null = null;
  if (payload.shopCode && payload.role === 'tech') {
    // 0/O and 1/I/L read alike: the request names the shop's own code, not the typed one.
    const shop = await findShopByCode(db, payload.shopCode);
    if (!shop) throw new AppError('SHOP_NOT_FOUND', 400);
    joinShopId = shop.id;
    joinShopCode = shop.shopCode;
  }

  // The costly check last, once the cheap ones have passed.
  await refuseWeakPassword(checker, payload.password, { email: payload.email, name: payload.fullName }, '/password');

  let result: Awaited<ReturnType<typeof callSignUp>>;
  try {
    result = await callSignUp(auth, payload, headers);
  } catch (error) {
    const status = authErrorStatus(error);
    // better-auth answers a failed INSERT with the same 422 as a taken address: when the database is what
    // failed, the person is told to try again (503), not to sign in.
    if (isCreateUserFailure(error)) await assertDatabaseAnswers(db);
    if (status === 422 || status === 409) {
      // Same words whether or not the address is known, beyond what a sign-up must reveal (ADR 0002).
      throw new AppError('SIGN_UP_REJECTED', 400);
    }
    if (status && status >= 400 && status < 500) {
      throw new AppError('SIGN_UP_FAILED', 400, { reason: (error as Error).message });
    }
    throw error;
  }

  const user = result.response?.user;
  if (!user) throw new AppError('USER_CREATION_FAILED', 500);
  if (!result.response?.token) {
    throw new AppError('SESSION_NOT_ESTABLISHED', 500);
  }

  try {
    await db.transaction(async (tx) => {
      await tx.insert(profiles).values({
        id: user.id,
        email: user.email,
        fullName: payload.fullName,
        role: payload.role,
        yearsOfExperience: payload.yearsOfExperience ?? null,
        // The profile is inserted with experience_level: the years chosen at sign-up are the level,
        // so a technician is asked once and the survey shows only when none is saved (docs/PRODUCT.md#gate).
        experienceLevel: payload.role === 'tech' ? (payload.yearsOfExperience ?? null) : null,
        reservedShopCode: payload.role === 'manager' ? payload.shopCode : null,
        locale: payload.locale ?? 'en',
      });
      if (joinShopId && joinShopCode) {
        await tx.insert(shopChangeRequests).values({
          techId: user.id,
          newShopId: joinShopId,
          requestedShopCode: joinShopCode,
          notes: 'Requested at sign-up',
        });
        await notifyJoinRequest(tx, { shopId: joinShopId, technicianId: user.id, technicianName: payload.fullName });
      }
    });
  } catch (error) {
    // Without a profile the account is unusable: remove it so the person can sign up again.
    await db.delete(authUsers).where(eq(authUsers.id, user.id));
    throw error;
  }
  return { cookies: result.headers.getSetCookie(), userId: user.id };
}

function isCreateUserFailure(error: unknown): boolean {
  const body = (error as { body?: { code?: unknown } }).body;
  return body?.code === 'FAILED_TO_CREATE_USER';
}

/** Throws the database's own error (turned into a 503 with Retry-After) when it does not answer. */
async function assertDatabaseAnswers(db: Database) {
  await db.execute(sql`select 1`);
}

/**
 * Every reset link of the account stops working once its password changes, by reset or by change: an
 * older link left in a mailbox must not undo the change. better-auth keeps only reset tokens
 * (hashed) against a user id in this table.
 */
async function endResetLinks(db: Database, userId: string) {
  // The new password is already set, so a failure here is not reported as a failed change: a link left
  // over still expires after PASSWORD_RESET_TTL_SECONDS.
  await db
    .delete(authVerifications)
    .where(eq(authVerifications.value, userId))
    .catch(() => undefined);
}

function callSignUp(auth: Auth, payload: SignUpPayload, headers: IncomingHttpHeaders) {
  return auth.api.signUpEmail({
    body: { email: payload.email, password: payload.password, name: payload.fullName },
    headers: fromNodeHeaders(headers),
    returnHeaders: true,
  });
}

export async function signIn(
  auth: Auth,
  credentials: { email: string; password: string },
  headers: IncomingHttpHeaders,
): Promise<AuthResult> {
  try {
    const result = await auth.api.signInEmail({
      body: credentials,
      headers: fromNodeHeaders(headers),
      returnHeaders: true,
    });
    return { cookies: result.headers.getSetCookie(), userId: result.response.user.id };
  } catch (error) {
    const status = authErrorStatus(error);
    if (status && status >= 400 && status < 500) {
      throw new AppError('INVALID_CREDENTIALS', 401);
    }
    throw error;
  }
}

export async function signOut(auth: Auth, headers: IncomingHttpHeaders): Promise<string[]> {
  try {
    const result = await auth.api.signOut({ headers: fromNodeHeaders(headers), returnHeaders: true });
    return result.headers.getSetCookie();
  } catch {
    // Signing out without a valid session still clears the cookies on the client.
    return [];
  }
}

/** Everything the gate and the header need about the signed-in user, in one read. */
export async function loadSessionUser(db: Database, session: { userId: string; email: string; name: string }) {
  const [row] = await db
    .select({ profile: profiles, shop: shops, status: subscriptions.status, emailVerified: authUsers.emailVerified })
    .from(profiles)
    .leftJoin(authUsers, eq(authUsers.id, profiles.id))
    .leftJoin(shops, eq(shops.id, profiles.shopId))
    .leftJoin(subscriptions, eq(subscriptions.id, shops.subscriptionId))
    .where(eq(profiles.id, session.userId));
  // The shop's name too: the dashboard says which shop the request waits on, as the invite named it.
  const [pending] = row
    ? await db
        .select({ requestedShopCode: shopChangeRequests.requestedShopCode, shopName: shops.name })
        .from(shopChangeRequests)
        .leftJoin(shops, eq(shops.id, shopChangeRequests.newShopId))
        .where(and(eq(shopChangeRequests.techId, session.userId), eq(shopChangeRequests.status, 'pending')))
    : [];

  const user: SessionUser = {
    id: session.userId,
    email: row?.profile.email ?? session.email,
    fullName: row?.profile.fullName ?? session.name,
    role: row?.profile.role ?? null,
    experienceLevel: row?.profile.experienceLevel ?? null,
    yearsOfExperience: row?.profile.yearsOfExperience ?? null,
    shop: row?.shop ? { id: row.shop.id, name: row.shop.name, shopCode: row.shop.shopCode } : null,
    subscriptionStatus: row?.status ?? null,
    pendingShopRequest: pending ?? null,
    locale: row?.profile.locale ?? 'en',
    timeZone: row?.profile.timeZone ?? null,
    instantFeedback: row?.profile.instantFeedback ?? true,
    emailVerified: row?.emailVerified ?? false,
  };
  const gate = gateStep({
    role: user.role,
    experienceLevel: user.experienceLevel,
    shopId: user.shop?.id ?? null,
    subscriptionStatus: user.subscriptionStatus,
  });
  return { user, gate };
}

export async function saveExperienceLevel(db: Database, userId: string, level: ExperienceLevel) {
  const updated = await db
    .update(profiles)
    .set({ experienceLevel: level })
    .where(and(eq(profiles.id, userId), eq(profiles.role, 'tech')))
    .returning({ id: profiles.id });
  if (updated.length === 0) throw new AppError('FORBIDDEN.experienceForTechnicians', 403);
}

/** Saves the language, time zone and instant-feedback choice; only these fields, only their own. */
export async function savePreferences(db: Database, userId: string, preferences: PreferencesRequest) {
  const changes = {
    ...(preferences.locale ? { locale: preferences.locale } : {}),
    ...(preferences.timeZone ? { timeZone: preferences.timeZone } : {}),
    ...(preferences.instantFeedback !== undefined ? { instantFeedback: preferences.instantFeedback } : {}),
  };
  if (Object.keys(changes).length === 0) return;
  const updated = await db.update(profiles).set(changes).where(eq(profiles.id, userId)).returning({ id: profiles.id });
  if (updated.length === 0) throw new AppError('FORBIDDEN.accountSetup', 403);
}

/**
 * docs/PRODUCT.md#password-reset: a reset e-mail lands in someone's inbox, so one address is sent a few a
 * quarter-hour, whoever asks and from however many IPs (the per-minute limits alone let one IP send ~11,500 a
 * day). Counted per address asked for, whether or not it has an account, so the answers tell nothing.
 * The verification resend's measure: one rule for what we mail to one inbox.
 */
export const RESET_MAIL_LIMIT = RESEND_LIMIT;

/**
 * Forgot password: better-auth's own reset flow makes a one-time token (stored hashed, expiring after
 * PASSWORD_RESET_TTL_SECONDS) and calls `sendResetPassword`. The answer is the same whether or not the
 * address has an account.
 */
export async function requestPasswordReset(auth: Auth, email: string, headers: IncomingHttpHeaders) {
  await auth.api.requestPasswordReset({ body: { email }, headers: fromNodeHeaders(headers) });
}

const resetLinkInvalid = () => new AppError('RESET_LINK_INVALID', 400);

/**
 * Sets the new password with the e-mailed token through better-auth (which consumes the token, so it
 * works once, and ends every session of the user). The token names the user, so the rules that need the
 * owner's e-mail and name are checked here first.
 */
export async function resetPassword(
  db: Database,
  auth: Auth,
  checker: PasswordChecker,
  token: string,
  newPassword: string,
) {
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) throw resetLinkInvalid();
  const [owner] = await db
    .select({ email: profiles.email, name: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, verification.value));
  await refuseWeakPassword(checker, newPassword, owner ?? {});
  try {
    await auth.api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    const status = authErrorStatus(error);
    if (status && status >= 400 && status < 500) throw resetLinkInvalid();
    throw error;
  }
  await endResetLinks(db, verification.value);
}

/**
 * The new-password rules with zxcvbn's estimate, which runs in the password worker: callers
 * check the token, the session and the limits first, so only a request that could succeed pays for it.
 */
async function refuseWeakPassword(
  checker: PasswordChecker,
  password: string,
  owner: PasswordOwner,
  path = '/newPassword',
) {
  const problem =
    newPasswordProblem(password, owner, null) ?? strengthProblem(await checker.check(password, personalWords(owner)));
  if (problem) throw new ContractError([{ path, message: problem }]);
}

/**
 * Change password (signed in): better-auth checks the current password, stores the new one and, with
 * revokeOtherSessions, ends every session of the user and opens a new one for this browser, whose
 * cookie is returned. The ended sessions leave every instance's session cache at once (ADR 0011).
 */
export async function changePassword(
  db: Database,
  auth: Auth,
  checker: PasswordChecker,
  userId: string,
  body: { currentPassword: string; newPassword: string },
  headers: IncomingHttpHeaders,
): Promise<string[]> {
  const [owner] = await db
    .select({ email: profiles.email, name: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  await refuseWeakPassword(checker, body.newPassword, owner ?? {});
  try {
    const result = await auth.api.changePassword({
      body: { currentPassword: body.currentPassword, newPassword: body.newPassword, revokeOtherSessions: true },
      headers: fromNodeHeaders(headers),
      returnHeaders: true,
    });
    await endResetLinks(db, userId);
    return result.headers.getSetCookie();
  } catch (error) {
    const status = authErrorStatus(error);
    if (status === 400) {
      throw new AppError('CURRENT_PASSWORD_WRONG', 400, [
        fieldMessage('/currentPassword', 'messages.auth.currentPasswordWrong'),
      ]);
    }
    if (status === 401) throw new AppError('UNAUTHENTICATED', 401);
    throw error;
  }
}
