import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isShopEntitled } from '../domain/gate';
import { type MasteryStanding, masteryStanding, standingGrants } from './access-standing';
import { requireSession, type SignedInUser } from './auth/session';
import type { Database } from './db/client';
import { profiles, shops, subscriptions } from './db/schema';
import { AppError, forbidden, notFound } from './errors';

export type ProfileRow = typeof profiles.$inferSelect;

/** A statement prepared once per database (planned once per connection), for the guards every route passes. */
function preparedPer<T>(make: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let query = made.get(db);
    if (!query) {
      query = make(db);
      made.set(db, query);
    }
    return query;
  };
}

const profileQuery = preparedPer((db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('userId')))
    .prepare('profile_by_id'),
);

/** The signed-in user's profile; 401 when signed out, 403 while the account has no role yet. */
export async function requireProfile(request: FastifyRequest, reply: FastifyReply): Promise<ProfileRow> {
  const session = await requireSession(request, reply);
  const [profile] = await profileQuery(request.server.db).execute({ userId: session.userId });
  if (!profile?.role) throw forbidden('FORBIDDEN.accountSetup');
  return profile;
}

/** docs/PRODUCT.md#gate: a technician finishes onboarding (the experience level) before anything else, as the gate shows. */
export const experienceRequired = () => new AppError('EXPERIENCE_REQUIRED', 403);

/**
 * The signed-in user, who must have this role, from the (cached) session alone: no profile read.
 * For hot routes that need only the user id; `requireRole` gives the whole profile. A technician
 * must have finished onboarding, like the manager gate (`requireEntitledManager`).
 */
export async function requireSignedInAs(
  request: FastifyRequest,
  reply: FastifyReply,
  role: 'tech' | 'manager',
): Promise<SignedInUser> {
  const user = await requireSession(request, reply);
  if (!user.role) throw forbidden('FORBIDDEN.accountSetup');
  if (user.role !== role) throw forbidden();
  if (role === 'tech' && !user.onboarded) throw experienceRequired();
  return user;
}

/** The whole profile of a user with this role; technicians must have finished onboarding (docs/PRODUCT.md#gate). */
export async function requireRole(
  request: FastifyRequest,
  reply: FastifyReply,
  role: 'tech' | 'manager',
): Promise<ProfileRow> {
  const profile = await requireProfile(request, reply);
  if (profile.role !== role) throw forbidden();
  if (role === 'tech' && profile.experienceLevel === null) throw experienceRequired();
  return profile;
}

const entitledManagerQuery = preparedPer((db) =>
  db
    .select({ profile: profiles, shop: shops, status: subscriptions.status })
    .from(profiles)
    .leftJoin(shops, eq(shops.id, profiles.shopId))
    .leftJoin(subscriptions, eq(subscriptions.id, shops.subscriptionId))
    .where(eq(profiles.id, sql.placeholder('userId')))
    .prepare('entitled_manager'),
);

/**
 * docs/PRODUCT.md#gate: a manager without a shop, or whose shop's subscription is neither active nor trial,
 * reaches only the subscription screen. Every manager route but that screen's calls goes through here.
 * One prepared statement reads the profile, the shop and its subscription (the manager dashboard
 * makes six calls per load, each through here).
 */
export async function requireEntitledManager(request: FastifyRequest, reply: FastifyReply) {
  const user = await requireSignedInAs(request, reply, 'manager');
  const [row] = await entitledManagerQuery(request.server.db).execute({ userId: user.userId });
  if (!row?.profile.role) throw forbidden('FORBIDDEN.accountSetup');
  if (!row.shop) {
    throw new AppError('SUBSCRIPTION_REQUIRED.shopSetup', 403);
  }
  if (!isShopEntitled(row.status ?? null)) {
    throw new AppError('SUBSCRIPTION_REQUIRED', 403);
  }
  return { profile: row.profile, shop: row.shop };
}

/**
 * An entitled manager and one technician of their own shop. Any other id — unknown, another shop's
 * technician, a manager — answers 404, so ids of other tenants cannot be told from unknown ones.
 */
export async function requireShopTechnician(request: FastifyRequest, reply: FastifyReply, techId: string) {
  const manager = await requireEntitledManager(request, reply);
  const [tech] = await request.server.db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, techId), eq(profiles.shopId, manager.shop.id), eq(profiles.role, 'tech')));
  if (!tech) throw notFound('NOT_FOUND.technician');
  return { ...manager, tech };
}

/**
 * The guard of every gated route (docs/PRODUCT.md#plans-and-billing): the user's access check must grant `feature`, else 403
 * FEATURE_NOT_INCLUDED (the client shows the premium upsell or the plan's limits, never a broken page).
 * Call it after the role check, with the signed-in user's id.
 */
export async function requireFeature(request: FastifyRequest, userId: string, feature: string): Promise<void> {
  ensureFeature(await masteryStanding(request.server.db, userId), feature);
}

/** The same check on a standing a route read together with its own data (one statement instead of two). */
export function ensureFeature(standing: MasteryStanding, feature: string): void {
  if (!standingGrants(standing, feature)) {
    throw new AppError('FEATURE_NOT_INCLUDED', 403, { feature });
  }
}
