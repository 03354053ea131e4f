import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpTech, type TestApp } from '../../../../tests/fixtures/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_EMAIL: '1000' }, (app) => {
    app.get('/api/v1/test-only/boom', async () => {
      throw new Error('relation "secret_table" does not exist at line 42');
    });
  });
});
afterAll(async () => {
  await t.close();
});

describe('health and API basics', () => {
  it('reports liveness and readiness', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/api/ready')).json()).toEqual({ status: 'ready' });
  });

  it('answers unknown API paths with the error shape and 404', async () => {
    const response = await t.app.inject('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('hides the cause of a 500 behind the generic message', async () => {
    const response = await t.app.inject('/api/v1/test-only/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: 'An unexpected error occurred' } });
    expect(response.body).not.toMatch(/secret_table|at line|stack/);
  });

  it('rejects malformed JSON with a 400 in the error shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBeDefined();
  });

  it('serves the OpenAPI document and the docs UI', async () => {
    const spec = await t.app.inject('/api/openapi.json');
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/sign-up', '/api/v1/free-test']),
    );
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/html/);
  });

  it('sends security headers with a CSP', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Served over plain http (BASE_URL): no HSTS, which only https can carry.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('rate-limits sign-in per IP with 429', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email: 'x@example.com', password: 'wrong-one' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt()).statusCode);
    expect(statuses.slice(0, 2)).toEqual([401, 401]);
    expect(statuses).toContain(429);
    const limited = await attempt();
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('per-email rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '2' });
  });
  afterAll(async () => {
    await limited.close();
  });
  it('limits attempts against one address from different IPs', async () => {
    const { email } = await signUpTech(limited.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { email, password: 'wrong-one' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('readiness when the database is down', () => {
  it('answers 503 with Retry-After', async () => {
    const down = await createTestApp();
    await down.database.close();
    const response = await down.app.inject('/api/ready');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().error.code).toBe('DATABASE_UNAVAILABLE');
    await down.app.close();
  });
});

describe('readiness while shutting down and with Redis down', () => {
  it('answers 503 with Retry-After from the moment shutdown begins, while liveness stays up', async () => {
    const draining = await createTestApp({}, undefined, { database: t.database });
    expect((await draining.app.inject('/api/ready')).statusCode).toBe(200);
    draining.app.lifecycle.shuttingDown = true;
    const response = await draining.app.inject('/api/ready');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json().error.code).toBe('SHUTTING_DOWN');
    expect((await draining.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    await draining.close();
  });

  it('stays ready while the configured Redis does not answer, and says Redis is down (ADR 0044)', async () => {
    // Nothing listens on port 1: Redis is configured and down. A shared Redis down must not empty the pool.
    const noRedis = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' }, undefined, { database: t.database });
    const response = await noRedis.app.inject('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', redis: 'down' });
    expect((await noRedis.app.inject('/api/metrics')).body).toMatch(/^torqueprep_redis_up 0$/m);
    await noRedis.close();
  });
});

describe('request id', () => {
  it("returns the balancer's X-Request-Id, or a new one, on every answer, errors included", async () => {
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'haproxy-7f3a.12' } });
    expect(given.headers['x-request-id']).toBe('haproxy-7f3a.12');
    const made = await t.app.inject({ url: '/api/v1/nothing-here', headers: { 'x-request-id': 'bad id\twith tab' } });
    expect(made.statusCode).toBe(404);
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await t.app.inject('/api/v1/test-only/boom');
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(failed.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
  });
});

describe('metrics are never public', () => {
  const production = { NODE_ENV: 'production', BILLING_PROVIDER: 'mock' };
  it('answers 404 in production without METRICS_TOKEN', async () => {
    const closed = await createTestApp(production, undefined, { database: t.database });
    expect((await closed.app.inject('/api/metrics')).statusCode).toBe(404);
    await closed.close();
  });

  it('answers only its bearer when METRICS_TOKEN is set', async () => {
    const token = 'metrics-token-0123456789';
    const guarded = await createTestApp({ ...production, METRICS_TOKEN: token }, undefined, { database: t.database });
    const read = (authorization?: string) =>
      guarded.app.inject({ url: '/api/metrics', headers: authorization ? { authorization } : {} });
    expect((await read()).statusCode).toBe(404);
    expect((await read('Bearer wrong-token-0123456789')).statusCode).toBe(404);
    const allowed = await read(`Bearer ${token}`);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toMatch(/^torqueprep_redis_configured 0$/m);
    await guarded.close();
  });

  it('stays open in development and test without a token', async () => {
    expect((await t.app.inject('/api/metrics')).statusCode).toBe(200);
  });

  it('counts requests by route pattern and status, and 429s by route', async () => {
    await t.app.inject('/api/v1/test-sessions/00000000-0000-4000-8000-000000000000');
    const body = (await t.app.inject('/api/metrics')).body;
    // The pattern, never the URL with its id.
    expect(body).toMatch(
      /^torqueprep_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/test-sessions\/:id",status_code="401"\} [1-9]/m,
    );
    expect(body).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(body).toMatch(/^torqueprep_http_requests_in_flight 1$/m);
    expect(body).toMatch(/^torqueprep_rate_limit_refusals_total\{route="[^"]+"\} [1-9]/m);
  });
});
