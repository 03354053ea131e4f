import { ApiError } from '../lib/api-client';

/**
 * The one retry policy of the client (ADR 0051), TanStack Query's for every read: `api()` sends one request
 * per call. Only what a moment may cure is asked again — the connection dropped, a proxy or the server briefly
 * unavailable (502, 503, 504), a rate limit (429) — twice at most; a refusal (401, 403, 404, 400…), a server
 * fault (500) or an error of the page's own code is final. Mutations are not retried (TanStack's default);
 * what must reach the server, the running test's answers, has its own queue (practice/save-queue.ts).
 */
const TRANSIENT = new Set([0, 429, 502, 503, 504]);
export const MAX_RETRIES = 2;
/** Never wait longer than this for one retry, whatever Retry-After says: a page waiting longer shows its error. */
const MAX_DELAY_MS = 10_000;

export function retryRead(failures: number, error: unknown): boolean {
  // Status 0 is a request that never got an answer; OFFLINE waits for TanStack's own resume when back online.
  return failures < MAX_RETRIES && error instanceof ApiError && TRANSIENT.has(error.status) && error.code !== 'OFFLINE';
}

/**
 * The policy's other answer, for a read whose failure is answered at once some other way: a poll (its next
 * tick is the retry, so a failing server is not asked three times more every 30 s), a lookup asked as the
 * user types (the next keystroke asks again), a dialog that shows its error with Try Again at once. A query
 * sets `retry: retryNever`, never a `retry` of its own.
 */
export function retryNever(): boolean {
  return false;
}

/** The server's Retry-After when it sent one, else 1 s then 2 s, with jitter so many clients do not ask at once. */
export function retryDelay(failures: number, error: unknown, random = Math.random): number {
  const asked = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  const delay = asked ? asked * 1000 : 1000 * 2 ** failures * (0.75 + random() / 2);
  return Math.min(delay, MAX_DELAY_MS);
}
