import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../domain/constants';
import { profiles } from '../db/schema';
import { notSignedIn } from '../errors';
import { sessionCookieValue } from './session-cache';

export interface SignedInUser {
  userId: string;
  email: string;
  name: string;
  /** Set once when the profile is created and never changed, so it may be cached with the session. */
  role: Role | null;
  /**
   * A technician has saved an experience level (onboarding done, docs/PRODUCT.md#gate). Once saved a level can change
   * but never be removed, so a cached `true` stays true; a technician without one is not cached.
   */
  onboarded: boolean;
}

/**
 * Reads the session cookie; forwards a refreshed cookie when better-auth rolls the session.
 * Returns null when signed out. A cookie verified within the cache's lifetime skips the lookup.
 */
export async function readSession(request: FastifyRequest, reply: FastifyReply): Promise<SignedInUser | null> {
  const { auth, db, sessionCache } = request.server;
  const cookie = sessionCookieValue(request.headers.cookie, request.server.config.BASE_URL.startsWith('https://'));
  if (!cookie) return null;
  const cached = sessionCache.get(cookie);
  if (cached) return cached;

  const { headers, response } = await auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    returnHeaders: true,
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response) return null;
  const [profile] = await db
    .select({ role: profiles.role, experienceLevel: profiles.experienceLevel })
    .from(profiles)
    .where(eq(profiles.id, response.user.id));
  const role = profile?.role ?? null;
  const user: SignedInUser = {
    userId: response.user.id,
    email: response.user.email,
    name: response.user.name,
    role,
    onboarded: role === 'manager' || (role === 'tech' && profile?.experienceLevel != null),
  };
  // A rolled session gets a new cookie, cached on the next request; an account still being set up
  // (no role, or a technician before the survey) is not cached, so the change shows at once.
  if (cookies.length === 0 && user.onboarded) {
    sessionCache.set(cookie, user, new Date(response.session.expiresAt), {
      token: response.session.token,
      userId: user.userId,
    });
  }
  return user;
}

export async function requireSession(request: FastifyRequest, reply: FastifyReply): Promise<SignedInUser> {
  const user = await readSession(request, reply);
  if (!user) throw notSignedIn();
  return user;
}
