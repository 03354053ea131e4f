import type { FastifyInstance } from 'fastify';

/**
 * better-auth endpoints reachable over HTTP at /api/auth/*. Everything else it offers (sign-up, sign-in,
 * password reset and change, list-sessions and get-session with their raw tokens, user updates) is either
 * closed or done through our /api/v1 routes, which apply our rules (ADR 0002, ADR 0011): who is signed in is
 * GET /api/v1/session, which never shows the token behind the HttpOnly cookie to a script.
 */
export const FORWARDED_AUTH_ENDPOINTS = [
  'POST /api/auth/sign-out',
  'POST /api/auth/revoke-session',
  'POST /api/auth/revoke-sessions',
  'POST /api/auth/revoke-other-sessions',
] as const;
const FORWARDED = new Set<string>(FORWARDED_AUTH_ENDPOINTS);

/**
 * The forwarded endpoints take at most a flat object ({ token } for revoke-session). Anything nested is
 * refused here: better-auth's own parsing of deeply nested JSON ended in a 500.
 */
function isFlatBody(body: unknown): boolean {
  if (body === undefined || body === null) return true;
  if (typeof body !== 'object' || Array.isArray(body)) return false;
  return Object.values(body).every((value) => value === null || typeof value !== 'object');
}

/** Mounts the allow-listed better-auth endpoints at /api/auth/*. */
export async function authHandlerRoutes(app: FastifyInstance) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, app.config.BASE_URL);
      if (!FORWARDED.has(`${request.method} ${url.pathname}`)) {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      if (!isFlatBody(request.body)) {
        return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message: 'Invalid request body' } });
      }
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value !== undefined) headers.append(key, Array.isArray(value) ? value.join(', ') : String(value));
      }
      const response = await app.auth.handler(
        new Request(url.toString(), {
          method: request.method,
          headers,
          ...(request.body !== undefined && request.method !== 'GET' ? { body: JSON.stringify(request.body) } : {}),
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const body = await response.text();
      return reply.send(body.length > 0 ? body : null);
    },
  });
}
