import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/client';

/** Whether this instance is shutting down: readiness answers 503 from that moment. */
export interface Lifecycle {
  shuttingDown: boolean;
}

export interface ShutdownOptions {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The scheduled jobs' stop functions: each resolves once its current batch is done. */
  stopJobs: Array<() => Promise<void>>;
  /** Readiness says 503 this long before the listener closes, so the balancer stops sending work first. */
  readinessDelayMs: number;
  /** Requests in flight get this long to finish; then their connections are cut. */
  timeoutMs: number;
}

/**
 * Graceful shutdown (ADR 0041): readiness turns 503; after `readinessDelayMs` the listener
 * closes (new connections are refused, idle keep-alive ones closed, a request arriving on a busy one gets
 * Fastify's 503) while the requests in flight finish, at most `timeoutMs`; the jobs stop after their current
 * batch; then Redis (the app's onClose) and the database pool are closed. Resolves to `true` when
 * everything in flight finished, `false` when connections had to be cut.
 */
export async function shutDownGracefully(options: ShutdownOptions): Promise<boolean> {
  const { app } = options;
  app.lifecycle.shuttingDown = true;
  if (options.readinessDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.readinessDelayMs));

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
  });
  const closed = Promise.all([app.close(), ...options.stopJobs.map((stop) => stop())]).then(() => 'closed' as const);
  const outcome = await Promise.race([closed, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    app.log.warn({ timeoutMs: options.timeoutMs }, 'requests still in flight at the shutdown timeout: cutting them');
    app.server.closeAllConnections();
    // The cut requests end with errors at once; the jobs are given the same short moment.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
  }
  await options.database.close();
  return outcome === 'closed';
}
