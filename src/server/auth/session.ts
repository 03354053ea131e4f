import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notSignedIn } from '../errors';

export interface SignedInUser {
  userId: string;
  email: string;
  name: string;
}

/**
 * Reads the session cookie; forwards a refreshed cookie when better-auth rolls the session.
 * Returns null when signed out.
 */
export async function readSession(request: FastifyRequest, reply: FastifyReply): Promise<SignedInUser | null> {
  const { headers, response } = await request.server.auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    returnHeaders: true,
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response) return null;
  return { userId: response.user.id, email: response.user.email, name: response.user.name };
}

export async function requireSession(request: FastifyRequest, reply: FastifyReply): Promise<SignedInUser> {
  const user = await readSession(request, reply);
  if (!user) throw notSignedIn();
  return user;
}
