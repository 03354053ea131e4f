import type { RedisLinkStats } from '../../redis/redis-link';

/**
 * The server's metrics in Prometheus' text format. Redis' lines appear only when REDIS_URL is set:
 * `torqueprep_redis_up` 0 means rate limits count per instance and sessions are looked up in the database
 * (ADR 0035).
 */
export function prometheusMetrics(redis: RedisLinkStats | undefined): string {
  const lines: string[] = [];
  const metric = (name: string, type: 'gauge' | 'counter', help: string, value: number) =>
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${value}`);
  metric('torqueprep_redis_configured', 'gauge', 'Whether REDIS_URL is set.', redis ? 1 : 0);
  if (redis) {
    metric(
      'torqueprep_redis_up',
      'gauge',
      'Whether Redis answers and session revocations are heard.',
      redis.up ? 1 : 0,
    );
    metric('torqueprep_redis_outages_total', 'counter', 'Times Redis went down since start-up.', redis.outages);
    metric(
      'torqueprep_rate_limit_memory_counts_total',
      'counter',
      'Rate-limit counts kept in this instance’s memory because Redis was down.',
      redis.memoryFallbacks,
    );
  }
  return `${lines.join('\n')}\n`;
}
