import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notSignedIn } from '../errors';
import { sessionCookieValue } from './session-cache';

export interface SignedInUser {
  userId: string;
  email: string;
  name: string;
}

/**
 * Reads the session cookie; forwards a refreshed cookie when better-auth rolls the session.
 * Returns null when signed out. A cookie verified within the cache's lifetime skips the lookup.
 */
export async function readSession(request: FastifyRequest, reply: FastifyReply): Promise<SignedInUser | null> {
  const { auth, sessionCache } = request.server;
  const cookie = sessionCookieValue(request.headers.cookie);
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
  const user = { userId: response.user.id, email: response.user.email, name: response.user.name };
  // A rolled session gets a new cookie; the next request caches under that one.
  if (cookies.length === 0) sessionCache.set(cookie, user, new Date(response.session.expiresAt));
  return user;
}

export async function requireSession(request: FastifyRequest, reply: FastifyReply): Promise<SignedInUser> {
  const user = await readSession(request, reply);
  if (!user) throw notSignedIn();
  return user;
}
