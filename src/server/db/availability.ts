/**
 * Whether an error means the database cannot be reached right now (rather than a bad query): the server
 * answers 503 with Retry-After for these, and recovers by itself when the database is back (ADR 0010).
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the connection was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
]);

const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i, // pg.Pool: no connection within connectionTimeoutMillis
  /connection terminated/i, // pg: the server went away mid-query
  /not queryable/i, // pg: a client whose connection already failed
  /is not currently accepting connections/i, // ALTER DATABASE … ALLOW_CONNECTIONS false (SQLSTATE 55000)
  /cannot use a pool after calling end/i,
  /pglite is closed/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === null || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    // drizzle, better-auth and AggregateError wrap the driver's error.
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}
