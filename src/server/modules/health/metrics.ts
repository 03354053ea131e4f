import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../../db/client';
import type { RedisLink } from '../../redis/redis-link';

export interface AppMetricsOptions {
  database: DatabaseHandle;
  redisLink?: RedisLink;
  /** Process metrics (CPU, memory, event-loop lag, heap): on for a real server, off for the many test apps. */
  processMetrics: boolean;
}

/**
 * One app's Prometheus metrics (ADR 0044), in a registry of its own so apps built side by side
 * (tests) do not share counters. `/api/metrics` serves `registry.metrics()` behind METRICS_TOKEN.
 *
 * Redis' series appear only when REDIS_URL is set: `torqueprep_redis_up` 0 means rate limits count per
 * instance and sessions are looked up in the database (ADR 0035). The pool's series appear only on
 * PostgreSQL: PGlite is one connection inside the process.
 */
export class AppMetrics {
  readonly registry = new Registry();
  /** By the route's pattern (`/api/v1/test-sessions/:id/submit`), never the URL: ids would make every URL a series. */
  readonly requestDuration = new Histogram({
    name: 'torqueprep_http_request_duration_seconds',
    help: 'Time from the request’s arrival to its answer, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly inFlight = new Gauge({
    name: 'torqueprep_http_requests_in_flight',
    help: 'Requests received and not yet answered.',
    registers: [this.registry],
  });
  readonly rateLimited = new Counter({
    name: 'torqueprep_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate limit, by route pattern.',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'torqueprep_job_runs_total',
    help: 'Scheduled job runs on this instance, by job and outcome (ok, failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  readonly jobDuration = new Histogram({
    name: 'torqueprep_job_duration_seconds',
    help: 'How long each scheduled job run took, by job.',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [this.registry],
  });

  constructor(options: AppMetricsOptions) {
    const registers = [this.registry];
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'torqueprep_' });
    const poolStats = options.database.poolStats?.bind(options.database);
    if (poolStats) {
      new Gauge({
        name: 'torqueprep_db_pool_connections_in_use',
        help: 'PostgreSQL connections of this instance’s pool running a query or transaction.',
        registers,
        collect() {
          const stats = poolStats();
          this.set(stats.total - stats.idle);
        },
      });
      new Gauge({
        name: 'torqueprep_db_pool_connections_open',
        help: 'PostgreSQL connections this instance’s pool holds open (busy or idle).',
        registers,
        collect() {
          this.set(poolStats().total);
        },
      });
      new Gauge({
        name: 'torqueprep_db_pool_waiting',
        help: 'Queries waiting for a free connection of the pool: above 0 for long, the pool (or PostgreSQL) is the bottleneck.',
        registers,
        collect() {
          this.set(poolStats().waiting);
        },
      });
    }
    const redis = options.redisLink;
    new Gauge({
      name: 'torqueprep_redis_configured',
      help: 'Whether REDIS_URL is set.',
      registers,
      collect() {
        this.set(redis ? 1 : 0);
      },
    });
    if (redis) {
      new Gauge({
        name: 'torqueprep_redis_up',
        help: 'Whether Redis answers and session revocations are heard.',
        registers,
        collect() {
          this.set(redis.stats.up ? 1 : 0);
        },
      });
      // The link keeps its own counts; these report them as Prometheus counters.
      new Counter({
        name: 'torqueprep_redis_outages_total',
        help: 'Times Redis went down since start-up.',
        registers,
        collect() {
          this.reset();
          this.inc(redis.stats.outages);
        },
      });
      new Counter({
        name: 'torqueprep_rate_limit_memory_counts_total',
        help: 'Rate-limit counts kept in this instance’s memory because Redis was down.',
        registers,
        collect() {
          this.reset();
          this.inc(redis.stats.memoryFallbacks);
        },
      });
    }
  }

  /** What a scheduled job's options take to be counted: `scheduleX(…, { …, ...metrics.jobObserver('x') })`. */
  jobObserver(job: string) {
    return {
      observe: (outcome: 'ok' | 'failed', seconds: number) => {
        this.jobRuns.inc({ job, outcome });
        this.jobDuration.observe({ job }, seconds);
      },
    };
  }
}
