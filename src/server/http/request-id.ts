import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a balancer's id may look like to be kept: short, and nothing a log line or a header could trip on. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the balancer's `X-Request-Id` when it is a safe, bounded token, so one
 * request can be followed from HAProxy's log to this server's; otherwise a fresh UUID. Fastify puts it in
 * every log line of the request (`reqId`) and app.ts returns it as `X-Request-Id`.
 */
export function requestIdFrom(request: Pick<IncomingMessage, 'headers'>): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}
