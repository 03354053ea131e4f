import type { FastifyInstance } from 'fastify';

/** Mounts better-auth's remaining endpoints (get-session, sign-out, ...) at /api/auth/*. */
export async function authHandlerRoutes(app: FastifyInstance) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, app.config.BASE_URL);
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
