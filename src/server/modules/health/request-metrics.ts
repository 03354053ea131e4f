import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import type { RedisLink } from '../../redis/redis-link';
import { AppMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics served by /api/metrics. */
    metrics: AppMetrics;
  }
}

/**
 * Decorates `app.metrics` and counts every request at the root (so routes registered later are counted
 * too): duration by route pattern and status, requests in flight, and 429s from any limit.
 */
export function installRequestMetrics(
  app: FastifyInstance,
  options: { database: DatabaseHandle; redisLink?: RedisLink; processMetrics: boolean },
) {
  const metrics = new AppMetrics(options);
  app.decorate('metrics', metrics);
  // A request leaves the in-flight count once, whether it was answered or the client went away first.
  const inFlight = new WeakSet<FastifyRequest>();
  const leave = (request: FastifyRequest) => {
    if (inFlight.delete(request)) metrics.inFlight.dec();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    inFlight.add(request);
    metrics.inFlight.inc();
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    leave(request);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    leave(request);
    // The pattern, or one label for everything no route matched (static files, 404s).
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode === 429) metrics.rateLimited.inc({ route });
    done();
  });
}
